-- Sessions (§3 Session, §4): tokens are stored only as SHA-256 hashes.
CREATE TABLE sessions (
  session_id        text PRIMARY KEY,
  user_id           text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  access_token_hash text NOT NULL UNIQUE,
  access_expires_at timestamptz NOT NULL,
  -- the session cannot be refreshed past this point
  expires_at        timestamptz NOT NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  refreshed_at      timestamptz,
  revoked_at        timestamptz,
  revoked_reason    text
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Every refresh token a session was given: one ACTIVE at a time, the rest ROTATED (used once) or
-- REVOKED. Presenting a ROTATED or REVOKED token again is reuse and revokes the whole session.
CREATE TABLE refresh_tokens (
  token_hash  text PRIMARY KEY,
  session_id  text NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
  parent_hash text,
  status      text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('ACTIVE', 'ROTATED', 'REVOKED')),
  created_at  timestamptz NOT NULL DEFAULT now(),
  used_at     timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE password_resets (
  reset_id     text PRIMARY KEY,
  user_id      text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  token_hash   text NOT NULL UNIQUE,
  redirect_url text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);
