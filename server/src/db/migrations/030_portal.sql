-- Customer portal: stored documents and signatures, one-time codes, applicant links (e-mail
-- verification of §5) and sandbox payments.
CREATE TABLE documents (
  file_id        text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  applicant_id   text,
  field_key      text NOT NULL,
  kind           text NOT NULL CHECK (kind IN ('DOCUMENT', 'SIGNATURE')),
  name           text NOT NULL,
  mime           text NOT NULL,
  size           int NOT NULL CHECK (size >= 0 AND size <= 10485760),
  path           text NOT NULL,
  uploaded_by    text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_application_idx ON documents (application_id, field_key);

CREATE TABLE portal_otps (
  id             bigserial PRIMARY KEY,
  session_id     text NOT NULL,
  field_key      text NOT NULL,
  recipient      text NOT NULL,
  code_hash      text NOT NULL,
  attempts       int NOT NULL DEFAULT 0,
  expires_at     timestamptz NOT NULL,
  verified_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portal_otps_lookup_idx ON portal_otps (session_id, field_key, recipient, id DESC);

CREATE TABLE applicant_links (
  verification_id text PRIMARY KEY,
  application_id  text NOT NULL REFERENCES applications (application_id),
  applicant_id    text NOT NULL,
  applicant_type  text NOT NULL CHECK (applicant_type IN ('primary', 'secondary', 'guarantor')),
  email           text NOT NULL,
  expiry_enabled  boolean NOT NULL DEFAULT true,
  validity_hours  int NOT NULL DEFAULT 72,
  created_at      timestamptz NOT NULL DEFAULT now(),
  verified_at     timestamptz
);
CREATE INDEX applicant_links_application_idx ON applicant_links (application_id);

CREATE TABLE payments (
  payment_id     text PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  amount         numeric(14, 2) NOT NULL CHECK (amount > 0),
  purpose        text NOT NULL,
  status         text NOT NULL CHECK (status IN ('SUCCESS', 'FAILED')),
  adapter        text NOT NULL,
  reference      text NOT NULL,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_application_idx ON payments (application_id, created_at DESC);
