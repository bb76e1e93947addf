-- Issue 27, money only to the borrower: every verification of a disbursement account (who asked, when, the provider's
-- reference, the name the bank returned and how well it matches the applicant's), newest last. A tranche goes only to
-- the account of the application's latest VERIFIED row (domain/bank-accounts/verified.ts).
CREATE TABLE bank_account_verifications (
  id bigserial PRIMARY KEY,
  application_id text NOT NULL REFERENCES applications (application_id),
  account_number text NOT NULL,
  ifsc text NOT NULL,
  adapter text NOT NULL,
  -- VERIFIED | NAME_MISMATCH | INVALID_ACCOUNT | INVALID_IFSC
  status text NOT NULL,
  provider_ref text,
  name_returned text,
  name_expected text NOT NULL,
  match_score integer,
  verified_by text NOT NULL,
  verified_at timestamptz NOT NULL
);
CREATE INDEX bank_account_verifications_app_idx ON bank_account_verifications (application_id, id);
