-- Requests for information to the applicant (POST /v3/application/queries/requestInfo). Each is a query
-- (sub_tasks kind QUERY, held by the officer who asked, so it counts in QUERIES / QUERIES_PENDING / "my queries")
-- plus this row: what was asked and the link's credential. Only the SHA-256 of the link's secret is stored; a link
-- opens this one request of this one application, until it expires, is answered, is sent again (the secret is
-- replaced) or its query is closed.
CREATE TABLE info_requests (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  sub_task_id    bigint NOT NULL UNIQUE REFERENCES sub_tasks (id),
  task_id        text,
  token_hash     text NOT NULL UNIQUE,
  fields         jsonb NOT NULL DEFAULT '[]'::jsonb,
  documents      jsonb NOT NULL DEFAULT '[]'::jsonb,
  message        text NOT NULL,
  sent_to        text NOT NULL,
  sends          int NOT NULL DEFAULT 1,
  created_by     text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now(),
  expires_at     timestamptz NOT NULL,
  answered_at    timestamptz,
  answered_by    text
);
CREATE INDEX info_requests_application_idx ON info_requests (application_id, id);

-- The bank's SLA clock stops while the application waits on the applicant: the assigned clock of the task is paused
-- from sla_paused_at until the last open request is answered or closed; the paused time so far is kept in
-- sla_paused_secs and moves the clock's expected end (domain/lifecycle/sla.ts).
ALTER TABLE tasks
  ADD COLUMN sla_paused_at   timestamptz,
  ADD COLUMN sla_paused_secs bigint NOT NULL DEFAULT 0;
