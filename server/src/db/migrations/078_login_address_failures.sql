-- Wrong passwords per client address and user name (identity/login-lockout.ts): one address is throttled for a name
-- after a few, before the name's own count (login_failures, 038) could lock it for everyone. So one attacker cannot
-- lock a colleague out; only failures from many addresses reach the account-wide lock.
CREATE TABLE login_address_failures (
  address           text NOT NULL,
  user_name         text NOT NULL,
  attempts          int NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  window_started_at timestamptz NOT NULL DEFAULT now(),
  locked_until      timestamptz,
  PRIMARY KEY (address, user_name)
);
CREATE INDEX login_address_failures_window_idx ON login_address_failures (window_started_at);
CREATE INDEX login_address_failures_name_idx ON login_address_failures (user_name);

-- Who lifted whose sign-in lock, and how (an admin's unlock, a password reset): identity events that belong to no
-- application, so they are not in audits.
CREATE TABLE identity_audits (
  id         bigserial PRIMARY KEY,
  action     text NOT NULL,
  user_name  text NOT NULL,
  by_user    text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now(),
  detail     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX identity_audits_user_idx ON identity_audits (user_name, at);
