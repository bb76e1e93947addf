-- Dedupe at intake (issue 25, §4 "Dedupe details"): an applicant's PAN, mobile and e-mail, normalised, as keys such as
-- 'pan:ABCDE1234F', 'mobile:9876543210', 'email:a@b.in', kept by PostgreSQL itself (a generated column) for every
-- writer — portal saves, staff saves, the seed — and found through one GIN index, so a match at 1,000,000
-- applications is an index probe (domain/applications/dedupe.ts).
CREATE FUNCTION dedupe_key(kind text, v text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN v IS NULL THEN NULL
    WHEN kind = 'pan' THEN nullif('pan:' || upper(btrim(v)), 'pan:')
    WHEN kind = 'email' THEN nullif('email:' || lower(btrim(v)), 'email:')
    ELSE nullif('mobile:' || right(regexp_replace(v, '[^0-9]', '', 'g'), 10), 'mobile:')
  END
$$;

-- The primary's columns and answers, and every applicant of doc.applicant: its own entry (staff saves keep answers
-- there) and its answers under values (portal saves).
CREATE FUNCTION dedupe_keys_of(mobile text, email text, custom jsonb, doc jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(array_agg(DISTINCT k ORDER BY k) FILTER (WHERE k IS NOT NULL), '{}')
    FROM (
      SELECT dedupe_key('mobile', mobile) AS k
      UNION ALL SELECT dedupe_key('email', email)
      UNION ALL SELECT dedupe_key('pan', custom ->> 'panNumber')
      UNION ALL SELECT dedupe_key('mobile', custom ->> 'mobile')
      UNION ALL SELECT dedupe_key('email', custom ->> 'email')
      UNION ALL
      SELECT dedupe_key(x.kind, x.v)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc -> 'applicant') = 'array' THEN doc -> 'applicant' ELSE '[]'::jsonb END) a
        CROSS JOIN LATERAL (VALUES
          ('mobile', CASE WHEN jsonb_typeof(a) = 'object' THEN a ->> 'mobile' END),
          ('email', CASE WHEN jsonb_typeof(a) = 'object' THEN a ->> 'email' END),
          ('pan', CASE WHEN jsonb_typeof(a) = 'object' THEN a ->> 'panNumber' END),
          ('pan', CASE WHEN jsonb_typeof(a -> 'values') = 'object' THEN a -> 'values' ->> 'panNumber' END),
          ('mobile', CASE WHEN jsonb_typeof(a -> 'values') = 'object' THEN a -> 'values' ->> 'mobile' END),
          ('email', CASE WHEN jsonb_typeof(a -> 'values') = 'object' THEN a -> 'values' ->> 'email' END)
        ) AS x(kind, v)
    ) keys
$$;

ALTER TABLE applications ADD COLUMN dedupe_keys text[] GENERATED ALWAYS AS (dedupe_keys_of(mobile, email, custom_fields, doc)) STORED;
CREATE INDEX applications_dedupe_idx ON applications USING gin (dedupe_keys);

-- Per product (§4): whether a dedupe match at the flow's dedupe sub-section switches the applicant type.
ALTER TABLE products ADD COLUMN dedupe_switches_applicant_type boolean NOT NULL DEFAULT false;
