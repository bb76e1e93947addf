-- Drafts are not work (issue 25). A portal application is a draft until the applicant has given the identity the
-- product asks for first (products.draft_identity_fields, name and mobile by default): it has no task, so no inbox,
-- no SLA clock and no dashboard count, and every staff list leaves it out unless asked for the Drafts
-- (domain/lists/list-service.ts). Untouched drafts are purged by the clean-up timer (domain/portal/drafts.ts).
ALTER TABLE applications ADD COLUMN draft boolean NOT NULL DEFAULT false;

-- The answers (primary's field keys) that take a portal application out of draft; all must be non-empty.
ALTER TABLE products ADD COLUMN draft_identity_fields text[] NOT NULL DEFAULT '{firstName,mobile}';

-- The Drafts list and the purge walk only the few draft rows: newest first, and by last change.
CREATE INDEX applications_drafts_idx ON applications (status, id DESC) WHERE draft;
CREATE INDEX applications_drafts_mod_idx ON applications (mod_time) WHERE draft;

-- List counts (014) narrow by draft like every list does, so the column joins application_counts' key and a
-- count stays a sum over that table (no scan of the book). Existing rows are all non-drafts.
LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;
ALTER TABLE application_counts ADD COLUMN draft boolean NOT NULL DEFAULT false;
ALTER TABLE application_counts DROP CONSTRAINT application_counts_key;
ALTER TABLE application_counts ADD CONSTRAINT application_counts_key UNIQUE NULLS NOT DISTINCT
  (status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num);

CREATE OR REPLACE FUNCTION application_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_counts AS c (status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
    SELECT status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, count(*)
      FROM new_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_counts AS c (status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
    SELECT status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, -count(*)
      FROM old_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO application_counts AS c (status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
    SELECT status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, sum(d)
      FROM (SELECT status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, 1 AS d FROM new_rows
            UNION ALL
            SELECT status, application_type, draft, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, -1 FROM old_rows) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

-- The managers' daily counts (062) count an application as created once it leaves draft (the update's delta adds it
-- on its creation day then); a purged draft was never counted.
CREATE OR REPLACE FUNCTION application_daily_rows(r applications) RETURNS TABLE (kind text, day date) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'CREATED', (r.created_at AT TIME ZONE 'UTC')::date WHERE r.application_type = 'APPLICATION' AND NOT r.draft
  UNION ALL
  SELECT 'CLOSED', (r.closed_at AT TIME ZONE 'UTC')::date WHERE r.application_type = 'APPLICATION' AND NOT r.draft AND r.closed_at IS NOT NULL
$$;
