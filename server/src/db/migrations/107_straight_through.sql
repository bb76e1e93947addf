-- Straight-through processing (issue 29; docs/ARCHITECTURE.md "Straight-through processing").
--
-- 1. The chain's steps are jobs on the money-call queue (integration_calls, 055): one row per step of one application,
--    keyed STP-<STEP>-<application>, run by the same runner with the same lease, retry and resume rules.
ALTER TABLE integration_calls DROP CONSTRAINT integration_calls_operation_check;
ALTER TABLE integration_calls ADD CONSTRAINT integration_calls_operation_check
  CHECK (operation IN ('LOAN_CREATION', 'DISBURSEMENT_TRANCHE', 'ACH_MANDATE', 'STP_BUREAU', 'STP_BANK_STATEMENT', 'STP_DECISION', 'STP_OFFER'));

-- 2. One run per submitted application: whether it was eligible (or which knock-out stopped it before any paid call),
--    where it stands, how it ended and why. What the applicant's live status, the managers' figures and /metrics read.
--    state: RUNNING (jobs under way) | DECIDED (ended unattended: APPROVE with its offer, or DECLINE) | REFERRED (handed
--    to the officer's queue: REFER, an outcome the policy keeps for people, or a failure) | KNOCKED_OUT | NOT_ELIGIBLE.
CREATE TABLE stp_runs (
  application_id text PRIMARY KEY REFERENCES applications (application_id),
  product_code   text NOT NULL,
  state          text NOT NULL CHECK (state IN ('RUNNING', 'DECIDED', 'REFERRED', 'KNOCKED_OUT', 'NOT_ELIGIBLE')),
  stage          text NOT NULL CHECK (stage IN ('BUREAU', 'BANK_STATEMENT', 'DECISION', 'OFFER', 'DONE')),
  outcome        text CHECK (outcome IN ('APPROVE', 'REFER', 'DECLINE')),
  reasons        jsonb NOT NULL DEFAULT '[]',
  done           jsonb NOT NULL DEFAULT '[]',
  submitted_at   timestamptz NOT NULL,
  decided_at     timestamptz,
  ended_at       timestamptz
);
CREATE INDEX stp_runs_submitted_idx ON stp_runs (submitted_at);
CREATE INDEX stp_runs_running_idx ON stp_runs (state) WHERE state = 'RUNNING';

-- 3. The seeded policy (setup config Credit/StraightThrough per product): personal loans of salaried applicants up to
--    5 lakh go unattended when the engine approves (offer + KFS) or declines; everything else goes to the officer.
--    A fresh database gets it from the seed (seed/setup-configs.ts); an existing one here.
INSERT INTO setup_configs (category, sub_category, tenant, product_code, config)
SELECT 'Credit', 'StraightThrough', '*', 'PL', '{"enabled": true, "employmentTypes": ["Salaried"], "minAmount": 50000, "maxAmount": 500000, "minTenureMonths": 6, "maxTenureMonths": 60, "minAge": 21, "maxAge": 60, "servedPinCodePrefixes": [], "unattended": ["APPROVE", "DECLINE"], "engine": {"ruleSet": "PL", "policy": "CREDIT_POLICY"}, "completeSteps": ["Data Entry", "Credit Review"], "referralHours": 4}'::jsonb
 WHERE EXISTS (SELECT 1 FROM setup_configs)
   AND NOT EXISTS (SELECT 1 FROM setup_configs WHERE category = 'Credit' AND sub_category = 'StraightThrough');
