-- Who can apply (issue 28: the portal's landing page): the demo products' eligibility and shortest tenure, added to
-- databases seeded before they were part of the seeded configuration (seed/config/eligibility.ts, same values).
-- Only the seeded demo products (their flow ids), only where the configuration states none: a lender's own
-- configuration is never overwritten. A fresh database has no product configuration yet; the seed writes it whole.
UPDATE product_configs pc
   SET body = jsonb_set(pc.body, '{productParameters}',
                        (pc.body -> 'productParameters')
                        || jsonb_build_object('eligibility', d.eligibility)
                        || CASE WHEN pc.body -> 'productParameters' ? 'minTenureMonths' THEN '{}'::jsonb ELSE '{"minTenureMonths": 12}'::jsonb END)
  FROM (VALUES
    ('PL', '{"minAgeYears": 21, "maxAgeYears": 60, "employment": ["SALARIED", "SELF_EMPLOYED", "PROFESSIONAL"], "minMonthlyIncome": 25000}'::jsonb),
    ('HL', '{"minAgeYears": 21, "maxAgeYears": 70, "employment": ["SALARIED", "SELF_EMPLOYED", "PROFESSIONAL"], "minMonthlyIncome": 30000}'::jsonb),
    ('BL', '{"minAgeYears": 25, "maxAgeYears": 65, "employment": ["BUSINESS"], "minAnnualTurnover": 4000000, "minYearsInBusiness": 3}'::jsonb)
  ) AS d (product_code, eligibility)
 WHERE pc.product_code = d.product_code
   AND pc.body -> 'productParameters' ->> 'flowId' = d.product_code || '_FLOW'
   AND NOT (pc.body -> 'productParameters' ? 'eligibility');
