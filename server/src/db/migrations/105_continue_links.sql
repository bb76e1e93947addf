-- "Save and continue later" (issue 28): the primary applicant's own link back into their application, sent by
-- e-mail and SMS. A table of its own rather than applicant_links, so the link is single-purpose: POST
-- /v3/application/verify (which hands out an appRefId on the link alone) never finds these; opening one needs a
-- one-time code sent to the mobile number the application records (domain/portal/continue-later.ts).
-- The step the applicant left is kept so the link lands on it. Deleted with the application (draft purge).
CREATE TABLE continue_links (
  verification_id text PRIMARY KEY,
  application_id  text NOT NULL REFERENCES applications (application_id) ON DELETE CASCADE,
  applicant_id    text NOT NULL,
  route           text,
  section_id      text,
  validity_hours  int NOT NULL,
  created_at      timestamptz NOT NULL,
  opened_at       timestamptz
);
CREATE INDEX continue_links_application_idx ON continue_links (application_id);
