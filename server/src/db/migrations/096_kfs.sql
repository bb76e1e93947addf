-- Key Fact Statements (issue 27; RBI KFS, Annex A): one row per statement issued for an application. The terms it
-- states are copied (a later pricing edit does not change what was disclosed), with their hash: loan creation needs
-- an ACCEPTED, unexpired statement whose hash is the current terms' (domain/kfs). A newer statement SUPERSEDES the
-- older ones. Acceptance records who (applicant), when, channel (OTP), the recipient masked and the PDF's sha256.
CREATE TABLE kfs_statements (
  kfs_id            text PRIMARY KEY,
  proposal_no       text NOT NULL UNIQUE,
  application_id    text NOT NULL,
  version           integer NOT NULL CHECK (version >= 1),
  lang              text NOT NULL CHECK (lang IN ('en', 'hi')),
  terms             jsonb NOT NULL,
  terms_hash        text NOT NULL,
  file_id           text,
  sha256            text,
  status            text NOT NULL CHECK (status IN ('ISSUED', 'ACCEPTED', 'SUPERSEDED')),
  issued_by         text NOT NULL,
  issued_at         timestamptz NOT NULL,
  valid_until       date NOT NULL,
  accepted_by       text,
  accepted_at       timestamptz,
  accepted_channel  text,
  accepted_to       text,
  UNIQUE (application_id, version)
);
CREATE INDEX kfs_statements_application ON kfs_statements (application_id, version DESC);
