-- Dashboard speed at 1,000,000 applications (issue 18), two more aggregates kept in the writer's transaction by
-- statement-level triggers, like application_counts (014) and 062/064's tables:
--
-- 1. open_sla_totals: ACTIVE applications with a due time per team, branch and product, whatever the hour. "Open work
--    past its due time now" was the sum of every past hour of open_sla_hourly (064) — a read that grows with the age
--    of the book (one row per hour, team, branch and product: tens of thousands at 1M). It is now
--    total − the hours still to come (a few rows: due times lie at most an SLA ahead) − the current hour's rows not yet
--    due (an index range), so its cost no longer grows with the book's age.
-- 2. step_team_daily: finished steps per day, branch, product and team with how many finished late — step_daily (062)
--    without its step and minutes columns, which the SLA charts (by team, per day) do not need: a few rows per day
--    instead of a histogram per step.
--
-- The triggers are named after those of 062/064 so that, for every kind of write, each statement updates the
-- aggregates in the same order (trigger name order) and each aggregate's rows in key order: no lock-order deadlock.

CREATE TABLE open_sla_totals (
  assigned_team text,
  branch        text,
  product_code  text NOT NULL,
  n             bigint NOT NULL,
  CONSTRAINT open_sla_totals_key UNIQUE NULLS NOT DISTINCT (assigned_team, branch, product_code)
);

CREATE FUNCTION open_sla_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO open_sla_totals AS c (assigned_team, branch, product_code, n)
    SELECT assigned_team, branch, product_code, count(*)
      FROM new_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT open_sla_totals_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO open_sla_totals AS c (assigned_team, branch, product_code, n)
    SELECT assigned_team, branch, product_code, -count(*)
      FROM old_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT open_sla_totals_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO open_sla_totals AS c (assigned_team, branch, product_code, n)
    SELECT assigned_team, branch, product_code, sum(d)
      FROM (SELECT assigned_team, branch, product_code, 1 AS d FROM new_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL
            UNION ALL
            SELECT assigned_team, branch, product_code, -1 FROM old_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL) x
     GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT ON CONSTRAINT open_sla_totals_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE TABLE step_team_daily (
  day          date NOT NULL,
  branch       text,
  product_code text NOT NULL,
  team         text,
  n            bigint NOT NULL,
  breached     bigint NOT NULL,
  CONSTRAINT step_team_daily_key UNIQUE NULLS NOT DISTINCT (day, branch, product_code, team)
);

CREATE FUNCTION step_team_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO step_team_daily AS c (day, branch, product_code, team, n, breached)
    SELECT k.day, a.branch, a.product_code, t.assigned_team[1], count(*), sum(k.breached)
      FROM new_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT step_team_daily_key DO UPDATE SET n = c.n + excluded.n, breached = c.breached + excluded.breached;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO step_team_daily AS c (day, branch, product_code, team, n, breached)
    SELECT k.day, a.branch, a.product_code, t.assigned_team[1], -count(*), -sum(k.breached)
      FROM old_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT step_team_daily_key DO UPDATE SET n = c.n + excluded.n, breached = c.breached + excluded.breached;
  ELSE
    INSERT INTO step_team_daily AS c (day, branch, product_code, team, n, breached)
    SELECT day, branch, product_code, team, sum(d), sum(d * b)
      FROM (SELECT k.day, a.branch, a.product_code, t.assigned_team[1] AS team, 1 AS d, k.breached AS b
              FROM new_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id
            UNION ALL
            SELECT k.day, a.branch, a.product_code, t.assigned_team[1], -1, k.breached
              FROM old_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id) x
     GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 OR sum(d * b) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT step_team_daily_key DO UPDATE SET n = c.n + excluded.n, breached = c.breached + excluded.breached;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION dashboard_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'applications' THEN DELETE FROM open_sla_totals; END IF;
  DELETE FROM step_team_daily;
  RETURN NULL;
END $$;

-- Existing books: no write may slip between the backfill and the triggers.
LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO open_sla_totals (assigned_team, branch, product_code, n)
SELECT assigned_team, branch, product_code, count(*) FROM applications WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL GROUP BY 1, 2, 3;
INSERT INTO step_team_daily (day, branch, product_code, team, n, breached)
SELECT day, branch, product_code, team, sum(n), sum(breached) FROM step_daily GROUP BY 1, 2, 3, 4;

CREATE TRIGGER applications_sla_totals_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_sla_totals_apply();
CREATE TRIGGER applications_sla_totals_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_sla_totals_apply();
CREATE TRIGGER applications_sla_totals_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_sla_totals_apply();
CREATE TRIGGER tasks_step_team_daily_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_team_daily_apply();
CREATE TRIGGER tasks_step_team_daily_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_team_daily_apply();
CREATE TRIGGER tasks_step_team_daily_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION step_team_daily_apply();
CREATE TRIGGER applications_sla_totals_truncate AFTER TRUNCATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_clear();
CREATE TRIGGER tasks_step_team_daily_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION dashboard_totals_clear();
