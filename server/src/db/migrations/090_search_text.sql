-- Search that finds people and ids (issue 26): one normalised text per application — ' ' + its id, every applicant's
-- names, mobiles, e-mails and PANs, folded to lower case without accents — kept by PostgreSQL itself (a generated
-- column, like 086's dedupe keys) for every writer (portal saves, staff saves, the seed), and one GIN trigram index
-- (pg_trgm, shipped with PostgreSQL's contrib and with PGlite as @electric-sql/pglite/contrib/pg_trgm), so a
-- LIKE '%fragment%' or a word prefix LIKE '% raj%' at 1,000,000 applications is an index probe
-- (domain/lists/search.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- Case and accent folding without the unaccent dictionary (not IMMUTABLE, so no generated column may use it): an
-- explicit map of the Latin letters with marks, IAST's included (Rājeśwarī → rajeswari). The search text of a query
-- goes through the same function, so both sides fold alike.
CREATE FUNCTION search_fold(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(translate(v, 'ÀÁÂÃÄÅàáâãäåĀāĂăĄąÇçĆćČčĎďÈÉÊËèéêëĒēĖėĘęĚěÌÍÎÏìíîïĪīĮįÑñŃńŇňÒÓÔÕÖØòóôõöøŌōŐőÙÚÛÜùúûüŪūŮůŰűÝýÿŚśŠšŹźŻżŽžŁłṢṣṚṛṜṝḶḷṄṅṬṭḌḍṆṇḤḥṂṃṀṁŞşŢţ', 'aaaaaaaaaaaaaaaaaaccccccddeeeeeeeeeeeeeeeeiiiiiiiiiiiinnnnnnoooooooooooooooouuuuuuuuuuuuuuyyysssszzzzzzllssrrrrllnnttddnnhhmmmmsstt'))
$$;

-- The words of an application: the primary's columns and answers, and each applicant of doc.applicant (its own entry
-- for staff saves, its answers under values for portal saves). A leading and trailing space make "starts a word"
-- the pattern '% raj%'.
CREATE FUNCTION search_text_of(application_id text, applicant_name text, mobile text, email text, custom jsonb, doc jsonb)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ' ' || search_fold(coalesce(string_agg(DISTINCT w, ' ' ORDER BY w) FILTER (WHERE w IS NOT NULL AND w <> ''), '')) || ' '
    FROM (
      SELECT application_id AS w
      UNION ALL SELECT applicant_name
      UNION ALL SELECT mobile
      UNION ALL SELECT email
      UNION ALL SELECT custom ->> k FROM unnest(ARRAY['firstName', 'middleName', 'lastName', 'panNumber', 'mobile', 'email']) k
      UNION ALL
      SELECT coalesce(CASE WHEN jsonb_typeof(a) = 'object' THEN a ->> k END, CASE WHEN jsonb_typeof(a -> 'values') = 'object' THEN a -> 'values' ->> k END)
        FROM jsonb_array_elements(CASE WHEN jsonb_typeof(doc -> 'applicant') = 'array' THEN doc -> 'applicant' ELSE '[]'::jsonb END) a
        CROSS JOIN unnest(ARRAY['firstName', 'middleName', 'lastName', 'panNumber', 'mobile', 'email']) k
    ) words
$$;

-- pg_dump's script restores with an empty search_path and evaluates this generated column for every row it loads:
-- pinned to the schema it was created in, search_text_of finds search_fold however it is called (as 102 does for
-- dedupe_keys_of), so a backup restores (issue 32).
ALTER FUNCTION search_text_of(text, text, text, text, jsonb, jsonb) SET search_path FROM CURRENT;

ALTER TABLE applications ADD COLUMN search_text text
  GENERATED ALWAYS AS (search_text_of(application_id, applicant_name, mobile, email, custom_fields, doc)) STORED;
CREATE INDEX applications_search_text_idx ON applications USING gin (search_text gin_trgm_ops);
