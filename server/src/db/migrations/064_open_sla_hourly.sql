-- Dashboard "open work past its SLA due time, per team" at 1,000,000 applications (issue 18): counting the overdue
-- ACTIVE rows along an index still reads every one of them (hundreds of thousands). Instead the ACTIVE rows with a due
-- time are counted per team, branch, product and UTC hour of their due time, kept by statement-level triggers like
-- application_counts (014); a query sums the hours already past and counts only the current hour's rows exactly
-- (applications_team_sla_idx, 062).
CREATE TABLE open_sla_hourly (
  assigned_team text,
  branch        text,
  product_code  text NOT NULL,
  due_hour      timestamp NOT NULL,
  n             bigint NOT NULL,
  CONSTRAINT open_sla_hourly_key UNIQUE NULLS NOT DISTINCT (due_hour, assigned_team, branch, product_code)
);

CREATE FUNCTION open_sla_hourly_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO open_sla_hourly AS c (due_hour, assigned_team, branch, product_code, n)
    SELECT date_trunc('hour', sla_due_at AT TIME ZONE 'UTC'), assigned_team, branch, product_code, count(*)
      FROM new_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT open_sla_hourly_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO open_sla_hourly AS c (due_hour, assigned_team, branch, product_code, n)
    SELECT date_trunc('hour', sla_due_at AT TIME ZONE 'UTC'), assigned_team, branch, product_code, -count(*)
      FROM old_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT open_sla_hourly_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO open_sla_hourly AS c (due_hour, assigned_team, branch, product_code, n)
    SELECT h, assigned_team, branch, product_code, sum(d)
      FROM (SELECT date_trunc('hour', sla_due_at AT TIME ZONE 'UTC') AS h, assigned_team, branch, product_code, 1 AS d
              FROM new_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL
            UNION ALL
            SELECT date_trunc('hour', sla_due_at AT TIME ZONE 'UTC'), assigned_team, branch, product_code, -1
              FROM old_rows WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL) x
     GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT open_sla_hourly_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION open_sla_hourly_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM open_sla_hourly;
  RETURN NULL;
END $$;

LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO open_sla_hourly (due_hour, assigned_team, branch, product_code, n)
SELECT date_trunc('hour', sla_due_at AT TIME ZONE 'UTC'), assigned_team, branch, product_code, count(*)
  FROM applications WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL GROUP BY 1, 2, 3, 4;

CREATE TRIGGER applications_open_sla_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_sla_hourly_apply();
CREATE TRIGGER applications_open_sla_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION open_sla_hourly_apply();
CREATE TRIGGER applications_open_sla_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION open_sla_hourly_apply();
CREATE TRIGGER applications_open_sla_truncate AFTER TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION open_sla_hourly_clear();
