-- Wrong-password counts per user name as typed (docs/identity.md "Lockout"). Keyed by the name, not by a user
-- row, so a name that does not exist is counted and locked exactly like one that does: the answers never tell
-- them apart. `attempts` counts sign-ins begun since `window_started_at` (taken before the password is checked,
-- so a burst of parallel guesses gets no more checks than the limit); a success deletes the row.
CREATE TABLE login_failures (
  user_name         text PRIMARY KEY,
  attempts          int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until      timestamptz
);
-- The clean-up deletes rows whose window and lock are both over.
CREATE INDEX login_failures_window_idx ON login_failures (window_started_at);

-- The periodic clean-up of customer-portal sessions finds expired ones by their end.
CREATE INDEX sessions_expires_idx ON sessions (expires_at);
