-- Issue 24: the stored copy of an external system's reply is the fields the product uses, not the body as the third
-- party sent it (which could carry anything: echoed personal data, markup, fields nobody reads). New rows are written
-- that way by the adapters (adapters/credit/types.ts `raw`); rows filed before are rewritten here from their summary,
-- which holds exactly those fields, so no full third-party body stays readable through
-- GET /integration/review/{id}/raw/{n}. Audit rows are history and stay as written (they were masked).
UPDATE credit_reports
   SET raw = (CASE kind
       WHEN 'BUREAU' THEN jsonb_build_object('reference', summary -> 'reference', 'score', summary -> 'score',
                                             'accounts', summary -> 'accounts', 'enquiriesLast6Months', summary -> 'enquiriesLast6Months')
       WHEN 'BANK_STATEMENT' THEN jsonb_build_object('transactionId', summary -> 'transactionId', 'link', summary -> 'link',
                                                     'months', summary -> 'months', 'emiObligations', summary -> 'emiObligations')
       ELSE jsonb_build_object('reference', summary -> 'reference', 'outcome', summary -> 'outcome', 'rules', summary -> 'rules')
     END)::text,
       raw_mime = 'application/json'
 WHERE kind IN ('BUREAU', 'BANK_STATEMENT', 'DECISION');

-- The money calls keep the reply's fields too (reference, status, reason), not the whole masked body.
UPDATE integration_calls
   SET response = jsonb_strip_nulls(jsonb_build_object('reference', response -> 'reference', 'status', response -> 'status', 'reason', response -> 'reason'))
 WHERE response IS NOT NULL AND jsonb_typeof(response) = 'object';
