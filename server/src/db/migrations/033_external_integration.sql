-- External integration (§7, §8): a partner system opens the portal at /newapplication?transactionToken=… for an
-- application staff issued the token for. Tokens are single use and expire; only the SHA-256 of the 32 random
-- bytes is kept. A valid token hands the opening device an appRefId (issued_for EXTERNAL).
CREATE TABLE external_integration_tokens (
  token_hash     text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  application_id text NOT NULL REFERENCES applications (application_id),
  issued_by      text NOT NULL,
  expires_at     timestamptz NOT NULL,
  used_at        timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX external_integration_tokens_application_idx ON external_integration_tokens (application_id);

ALTER TABLE application_refs DROP CONSTRAINT application_refs_issued_for_check;
ALTER TABLE application_refs ADD CONSTRAINT application_refs_issued_for_check CHECK (issued_for IN ('CREATE', 'LINK', 'EXTERNAL'));
