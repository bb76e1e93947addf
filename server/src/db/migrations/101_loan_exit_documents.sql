-- Issue 27: the borrower's cooling-off exit (one request per loan, processed by staff) and the signed loan documents
-- e-mailed to the borrower (one row per document version: the primary key makes "exactly once").
CREATE TABLE loan_exit_requests (
  application_id text PRIMARY KEY REFERENCES applications (application_id),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL,
  principal numeric(14, 2) NOT NULL,
  interest numeric(14, 2) NOT NULL,
  amount numeric(14, 2) NOT NULL,
  days_held integer NOT NULL,
  annual_rate_percent numeric(7, 4) NOT NULL,
  -- REQUESTED | PROCESSED
  state text NOT NULL,
  processed_by text,
  processed_at timestamptz,
  process_reason text
);

CREATE TABLE loan_documents_sent (
  application_id text NOT NULL REFERENCES applications (application_id),
  doc_id text NOT NULL,
  version integer NOT NULL,
  doc_type text NOT NULL,
  sent_to text NOT NULL,
  message_id text NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (application_id, doc_id, version)
);
