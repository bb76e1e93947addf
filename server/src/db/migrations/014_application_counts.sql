-- List counts at 1,000,000 applications (count, stageWise, taskNameWise, versionNumberWise,
-- closedCount) without scanning the list: one row per combination of the columns a list narrows
-- by (a few hundred combinations for a million applications), kept in the same transaction as
-- every write by statement-level triggers. A list whose conditions use only these columns sums
-- this table with the very same WHERE; other lists (filters, search, holders) still scan.
CREATE TABLE application_counts (
  status           text NOT NULL,
  application_type text NOT NULL,
  branch           text,
  assigned_team    text,
  assigned_to      text,
  product_code     text NOT NULL,
  task_progress    text,
  step_name        text,
  task_name        text,
  flow_ver_num     int NOT NULL,
  n                bigint NOT NULL,
  CONSTRAINT application_counts_key UNIQUE NULLS NOT DISTINCT
    (status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num)
);

-- One upsert per statement, grouped by key, in key order: a bulk insert of 50,000 rows touches a
-- few dozen counter rows, and concurrent writers lock counter rows in the same order.
CREATE FUNCTION application_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_counts AS c (status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
    SELECT status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, count(*)
      FROM new_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_counts AS c (status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
    SELECT status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, -count(*)
      FROM old_rows
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    -- Most updates (saves, verNum, holders) change no key column: the deltas cancel and nothing is locked.
    INSERT INTO application_counts AS c (status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
    SELECT status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, sum(d)
      FROM (SELECT status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, 1 AS d FROM new_rows
            UNION ALL
            SELECT status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, -1 FROM old_rows) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
    ON CONFLICT ON CONSTRAINT application_counts_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

-- Existing books: no write may slip between the backfill and the triggers.
LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO application_counts (status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, n)
SELECT status, application_type, branch, assigned_team, assigned_to, product_code, task_progress, step_name, task_name, flow_ver_num, count(*)
  FROM applications GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10;

-- Transition tables allow one event per trigger.
CREATE TRIGGER applications_counts_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_counts_apply();
CREATE TRIGGER applications_counts_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_counts_apply();
CREATE TRIGGER applications_counts_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION application_counts_apply();
