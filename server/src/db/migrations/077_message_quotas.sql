-- Counts of messages (applicant links, one-time codes, password-reset and list e-mails) per recipient, per
-- application, per account and per staff user, in fixed windows (domain/message-quota.ts). In the database, not in a
-- process's memory, so the limits hold across server processes and restarts.
CREATE TABLE message_quotas (
  kind         text NOT NULL,
  subject      text NOT NULL,
  window_start timestamptz NOT NULL,
  count        int NOT NULL CHECK (count >= 0),
  PRIMARY KEY (kind, subject)
);
-- The clean-up deletes windows that ran out.
CREATE INDEX message_quotas_window_idx ON message_quotas (window_start);
