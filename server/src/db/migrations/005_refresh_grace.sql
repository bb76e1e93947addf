-- After a refresh the previous access token stays valid for a few seconds, so calls already in
-- flight when the client refreshed do not come back 401 and log the user out.
ALTER TABLE sessions ADD COLUMN previous_access_token_hash text;
ALTER TABLE sessions ADD COLUMN previous_access_valid_until timestamptz;

-- Browser back and other navigation the shell reports (POST /workFlowExecution/captureAction, §2).
CREATE TABLE captured_actions (
  id          bigserial PRIMARY KEY,
  user_id     text,
  session_id  text,
  action      text NOT NULL,
  from_path   text,
  to_path     text,
  detail      jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX captured_actions_user_idx ON captured_actions (user_id, created_at DESC);
