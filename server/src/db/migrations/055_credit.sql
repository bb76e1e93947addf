-- Credit review and disbursement (issue 17).

-- What the external systems answered for an application: a readable summary and the raw response as received.
-- Kept here rather than in documents (whose storage is being rebuilt); domain/credit/report-store.ts is the one
-- place that writes it, so the raw copy can move to document storage without touching the callers.
CREATE TABLE credit_reports (
  id             bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  kind           text NOT NULL CHECK (kind IN ('BUREAU', 'BANK_STATEMENT', 'DECISION', 'NET_FINANCING')),
  adapter        text NOT NULL,
  summary        jsonb NOT NULL,
  raw            text NOT NULL CHECK (length(raw) <= 1048576),
  raw_mime       text NOT NULL DEFAULT 'application/json',
  created_by     text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_reports_application_idx ON credit_reports (application_id, kind, id DESC);

-- Outbound money calls (loan creation, disbursement tranches, ACH mandate) as a durable job queue. call_id is the
-- operation's idempotency key (LOAN-<app>, TRANCHE-<app>-<n>, MANDATE-<app>): a second request for the same
-- operation finds the row instead of adding one, and the adapter gets the same key on every attempt.
-- state: QUEUED (waiting for the runner) → SENT (claimed; the call may have reached the other side) →
-- CONFIRMED | FAILED (reason). A retry puts a FAILED call back to QUEUED (retries + 1). A SENT row whose lease ran
-- out belongs to a runner that died: the next runner asks the other side for the key's outcome before sending.
CREATE TABLE integration_calls (
  call_id        text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  operation      text NOT NULL CHECK (operation IN ('LOAN_CREATION', 'DISBURSEMENT_TRANCHE', 'ACH_MANDATE')),
  tranche_no     int,
  amount         numeric(14, 2),
  state          text NOT NULL DEFAULT 'QUEUED' CHECK (state IN ('QUEUED', 'SENT', 'CONFIRMED', 'FAILED')),
  attempts       int NOT NULL DEFAULT 0,
  retries        int NOT NULL DEFAULT 0,
  request        jsonb NOT NULL,
  response       jsonb,
  reason         text,
  external_ref   text,
  requested_by   text NOT NULL,
  run_after      timestamptz NOT NULL DEFAULT now(),
  lease_until    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integration_calls_application_idx ON integration_calls (application_id, created_at);
CREATE INDEX integration_calls_due_idx ON integration_calls (run_after) WHERE state IN ('QUEUED', 'SENT');

-- Each call's history as the application shows it: queued, sent, confirmed, failed, retried.
CREATE TABLE integration_call_events (
  id         bigserial PRIMARY KEY,
  call_id    text NOT NULL REFERENCES integration_calls (call_id),
  event      text NOT NULL CHECK (event IN ('QUEUED', 'SENT', 'CONFIRMED', 'FAILED', 'RETRIED', 'RESUMED')),
  detail     text NOT NULL DEFAULT '',
  by_user    text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX integration_call_events_call_idx ON integration_call_events (call_id, id);
