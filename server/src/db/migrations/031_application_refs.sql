-- Customer portal: the application references (appRefId) that tie a portal application to the devices holding it.
-- The shared customer account opens an application only with one of its references (docs/identity.md, Sessions).
-- Only the SHA-256 of the 32 random bytes is kept; the reference itself is given out once (create, verified link).
CREATE TABLE application_refs (
  ref_hash       text PRIMARY KEY CHECK (ref_hash ~ '^[0-9a-f]{64}$'),
  application_id text NOT NULL REFERENCES applications (application_id),
  issued_for     text NOT NULL CHECK (issued_for IN ('CREATE', 'LINK')),
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX application_refs_application_idx ON application_refs (application_id);
