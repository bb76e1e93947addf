-- One-time codes are bound to what they verify: the application and the applicant (and the field), no longer to
-- the browser session that asked for them. A code sent for one application cannot verify another, and a
-- verification recorded on the application is what consumer save trusts (not the browser's isVerified flag).
-- Codes are short-lived (minutes): the session-bound ones still open are dropped rather than guessed onto an
-- application.
DELETE FROM portal_otps;
DROP INDEX portal_otps_lookup_idx;
ALTER TABLE portal_otps ADD COLUMN application_id text NOT NULL REFERENCES applications (application_id);
ALTER TABLE portal_otps ADD COLUMN applicant_id text NOT NULL;
ALTER TABLE portal_otps RENAME COLUMN session_id TO requested_by;
ALTER TABLE portal_otps ADD CONSTRAINT portal_otps_attempts_check CHECK (attempts >= 0);
CREATE INDEX portal_otps_lookup_idx ON portal_otps (application_id, applicant_id, field_key, id DESC);
