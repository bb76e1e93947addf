-- Four eyes on a decline and reversible decisions (issue 25; docs/ARCHITECTURE.md "Declines and reversible
-- decisions"): each demo product's approval matrix gains its decline configuration —
--   "decline": { "reasons": [{code, label}, …]   the decline reasons an officer chooses from (the code is stored
--                                                with its label; the applicant-facing text comes from the code),
--                "directRoles": [role, …]        roles whose Reject is final at once (the branch head),
--                "reversalWindowHours": n }      how long a rejection or a hold may still be undone.
-- The confirmation waits with the first level of the band the loan amount falls in (the branch head).
UPDATE approval_matrices SET body = body || '{"decline": {
  "reasons": [
    {"code": "INCOME_NOT_VERIFIED", "label": "Income could not be verified"},
    {"code": "POOR_CREDIT_HISTORY", "label": "Poor credit history"},
    {"code": "HIGH_OBLIGATIONS", "label": "Existing obligations too high"},
    {"code": "POLICY_NOT_MET", "label": "Outside the product policy"},
    {"code": "DOCUMENTS_NOT_GENUINE", "label": "Documents could not be verified as genuine"},
    {"code": "APPLICANT_WITHDREW", "label": "Applicant withdrew"}
  ],
  "directRoles": ["BH"],
  "reversalWindowHours": 720}}'::jsonb
 WHERE product_code IN ('PL', 'BL', 'HL') AND NOT body ? 'decline';
