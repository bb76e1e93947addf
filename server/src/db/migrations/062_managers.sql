-- Managers' view (issue 18): the sales geography behind the §3 user attributes, targets, and the
-- daily aggregates the dashboards read so that no chart scans the book (1,000,000 applications).

-- ── Geography: zone → region → area → branch. branch_code is what users' attributes.branchList holds
-- (NORTH), team_id the hierarchy team applications.branch holds (BR-NORTH). ──
CREATE TABLE geo_branches (
  branch_code text PRIMARY KEY,
  team_id     text NOT NULL UNIQUE,
  name        text NOT NULL,
  area_id     text NOT NULL,
  region_id   text NOT NULL,
  zone_id     text NOT NULL
);
CREATE INDEX geo_branches_area_idx ON geo_branches (area_id);
CREATE INDEX geo_branches_region_idx ON geo_branches (region_id);
CREATE INDEX geo_branches_zone_idx ON geo_branches (zone_id);
-- Reportees are found by the branches in their attributes (a handful of users per branch).
CREATE INDEX users_branch_list_idx ON users USING gin ((attributes -> 'branchList'));

-- ── Targets per user or team, product ('*' = every product) and calendar month ──
CREATE TABLE targets (
  id           bigserial PRIMARY KEY,
  scope        text NOT NULL CHECK (scope IN ('USER', 'TEAM')),
  subject      text NOT NULL,
  product_code text NOT NULL DEFAULT '*',
  period       text NOT NULL CHECK (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  amount       numeric(16, 2) NOT NULL CHECK (amount >= 0),
  count        int NOT NULL CHECK (count >= 0),
  ver_num      int NOT NULL DEFAULT 1,
  set_by       text NOT NULL,
  updated_at   timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT targets_key UNIQUE (scope, subject, product_code, period)
);
CREATE INDEX targets_period_idx ON targets (period, scope, subject);

-- Who set what, when (a target is not an application, so it is not in audits).
CREATE TABLE target_history (
  id         bigserial PRIMARY KEY,
  target_id  bigint NOT NULL REFERENCES targets (id) ON DELETE CASCADE,
  amount     numeric(16, 2) NOT NULL,
  count      int NOT NULL,
  set_by     text NOT NULL,
  at         timestamptz NOT NULL DEFAULT now()
);

-- ── Applications per day (UTC): CREATED on the creation day with today's status, CLOSED on the day
-- closed_at falls. Leads are not counted. Kept by statement-level triggers in the writer's transaction,
-- as application_counts (014) is: deltas grouped by key, applied in key order. ──
CREATE TABLE application_daily (
  kind         text NOT NULL CHECK (kind IN ('CREATED', 'CLOSED')),
  day          date NOT NULL,
  branch       text,
  product_code text NOT NULL,
  flow_id      text,
  initiated_by text,
  status       text NOT NULL,
  n            bigint NOT NULL,
  amount       numeric(20, 2) NOT NULL,
  CONSTRAINT application_daily_key UNIQUE NULLS NOT DISTINCT (kind, day, branch, product_code, flow_id, initiated_by, status)
);
CREATE INDEX application_daily_user_idx ON application_daily (initiated_by, kind, day);

CREATE FUNCTION application_daily_rows(r applications) RETURNS TABLE (kind text, day date) LANGUAGE sql IMMUTABLE AS $$
  SELECT 'CREATED', (r.created_at AT TIME ZONE 'UTC')::date WHERE r.application_type = 'APPLICATION'
  UNION ALL
  SELECT 'CLOSED', (r.closed_at AT TIME ZONE 'UTC')::date WHERE r.application_type = 'APPLICATION' AND r.closed_at IS NOT NULL
$$;

CREATE FUNCTION application_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO application_daily AS c (kind, day, branch, product_code, flow_id, initiated_by, status, n, amount)
    SELECT k.kind, k.day, r.branch, r.product_code, r.flow_id, r.initiated_by, r.status, count(*), coalesce(sum(r.loan_amount), 0)
      FROM new_rows r CROSS JOIN LATERAL application_daily_rows(r) k
     GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT application_daily_key DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO application_daily AS c (kind, day, branch, product_code, flow_id, initiated_by, status, n, amount)
    SELECT k.kind, k.day, r.branch, r.product_code, r.flow_id, r.initiated_by, r.status, -count(*), -coalesce(sum(r.loan_amount), 0)
      FROM old_rows r CROSS JOIN LATERAL application_daily_rows(r) k
     GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT application_daily_key DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
  ELSE
    -- Saves and verNum bumps change no key column and no amount: the deltas cancel and nothing is locked.
    INSERT INTO application_daily AS c (kind, day, branch, product_code, flow_id, initiated_by, status, n, amount)
    SELECT kind, day, branch, product_code, flow_id, initiated_by, status, sum(d), sum(d * coalesce(loan_amount, 0))
      FROM (SELECT k.kind, k.day, r.branch, r.product_code, r.flow_id, r.initiated_by, r.status, r.loan_amount, 1 AS d
              FROM new_rows r CROSS JOIN LATERAL application_daily_rows(r) k
            UNION ALL
            SELECT k.kind, k.day, r.branch, r.product_code, r.flow_id, r.initiated_by, r.status, r.loan_amount, -1
              FROM old_rows r CROSS JOIN LATERAL application_daily_rows(r) k) x
     GROUP BY 1, 2, 3, 4, 5, 6, 7 HAVING sum(d) <> 0 OR sum(d * coalesce(loan_amount, 0)) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7
    ON CONFLICT ON CONSTRAINT application_daily_key DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
  END IF;
  RETURN NULL;
END $$;

-- ── Finished lifecycle steps per day (UTC, of overall_end): turnaround as a histogram of minutes kept
-- to two significant digits (exact below 100 min, within 5% above), so median and p90 of any period are
-- read from a few thousand rows; breached = finished after the overall SLA limit. ──
CREATE FUNCTION duration_bucket(m bigint) RETURNS bigint LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN m < 100 THEN greatest(m, 0) ELSE (round(m / p) * p)::bigint END
    FROM (SELECT 10::numeric ^ (floor(log(greatest(m, 1)::numeric)) - 1) AS p) x
$$;

CREATE TABLE step_daily (
  day          date NOT NULL,
  branch       text,
  product_code text NOT NULL,
  step_name    text NOT NULL,
  team         text,
  minutes      bigint NOT NULL,
  n            bigint NOT NULL,
  breached     bigint NOT NULL,
  CONSTRAINT step_daily_key UNIQUE NULLS NOT DISTINCT (day, branch, product_code, step_name, team, minutes)
);

CREATE FUNCTION step_daily_of(t tasks) RETURNS TABLE (day date, minutes bigint, breached int) LANGUAGE sql IMMUTABLE AS $$
  SELECT (t.overall_end AT TIME ZONE 'UTC')::date,
         duration_bucket(floor(extract(epoch FROM t.overall_end - t.overall_start) / 60)::bigint),
         (t.overall_limit_mins IS NOT NULL AND t.overall_end > t.overall_start + make_interval(mins => t.overall_limit_mins))::int
   WHERE t.overall_end IS NOT NULL AND t.overall_start IS NOT NULL
$$;

CREATE FUNCTION step_daily_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO step_daily AS c (day, branch, product_code, step_name, team, minutes, n, breached)
    SELECT k.day, a.branch, a.product_code, t.step_name, t.assigned_team[1], k.minutes, count(*), sum(k.breached)
      FROM new_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT step_daily_key DO UPDATE SET n = c.n + excluded.n, breached = c.breached + excluded.breached;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO step_daily AS c (day, branch, product_code, step_name, team, minutes, n, breached)
    SELECT k.day, a.branch, a.product_code, t.step_name, t.assigned_team[1], k.minutes, -count(*), -sum(k.breached)
      FROM old_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id
     GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT step_daily_key DO UPDATE SET n = c.n + excluded.n, breached = c.breached + excluded.breached;
  ELSE
    INSERT INTO step_daily AS c (day, branch, product_code, step_name, team, minutes, n, breached)
    SELECT day, branch, product_code, step_name, team, minutes, sum(d), sum(d * b)
      FROM (SELECT k.day, a.branch, a.product_code, t.step_name, t.assigned_team[1] AS team, k.minutes, 1 AS d, k.breached AS b
              FROM new_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id
            UNION ALL
            SELECT k.day, a.branch, a.product_code, t.step_name, t.assigned_team[1], k.minutes, -1, k.breached
              FROM old_rows t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id) x
     GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(d) <> 0 OR sum(d * b) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT ON CONSTRAINT step_daily_key DO UPDATE SET n = c.n + excluded.n, breached = c.breached + excluded.breached;
  END IF;
  RETURN NULL;
END $$;

-- Open work past its SLA due time, per team: an index-only count per team (dashboard "breaches now").
CREATE INDEX applications_team_sla_idx ON applications (status, assigned_team, sla_due_at) INCLUDE (branch, product_code);

-- Existing books: no write may slip between the backfill and the triggers.
LOCK TABLE applications IN SHARE ROW EXCLUSIVE MODE;
LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE;
INSERT INTO application_daily (kind, day, branch, product_code, flow_id, initiated_by, status, n, amount)
SELECT k.kind, k.day, r.branch, r.product_code, r.flow_id, r.initiated_by, r.status, count(*), coalesce(sum(r.loan_amount), 0)
  FROM applications r CROSS JOIN LATERAL application_daily_rows(r) k GROUP BY 1, 2, 3, 4, 5, 6, 7;
INSERT INTO step_daily (day, branch, product_code, step_name, team, minutes, n, breached)
SELECT k.day, a.branch, a.product_code, t.step_name, t.assigned_team[1], k.minutes, count(*), sum(k.breached)
  FROM tasks t CROSS JOIN LATERAL step_daily_of(t) k JOIN applications a ON a.application_id = t.application_id GROUP BY 1, 2, 3, 4, 5, 6;

CREATE TRIGGER applications_daily_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_daily_apply();
CREATE TRIGGER applications_daily_update AFTER UPDATE ON applications
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION application_daily_apply();
CREATE TRIGGER applications_daily_delete AFTER DELETE ON applications
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION application_daily_apply();
CREATE TRIGGER tasks_step_daily_insert AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_daily_apply();
CREATE TRIGGER tasks_step_daily_update AFTER UPDATE ON tasks
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION step_daily_apply();
CREATE TRIGGER tasks_step_daily_delete AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION step_daily_apply();

-- A TRUNCATE (bench and test resets) empties the aggregates with the book, as 017 does for the counts.
CREATE FUNCTION managers_daily_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'applications' THEN DELETE FROM application_daily; END IF;
  DELETE FROM step_daily;
  RETURN NULL;
END $$;
CREATE TRIGGER applications_daily_truncate AFTER TRUNCATE ON applications FOR EACH STATEMENT EXECUTE FUNCTION managers_daily_clear();
CREATE TRIGGER tasks_step_daily_truncate AFTER TRUNCATE ON tasks FOR EACH STATEMENT EXECUTE FUNCTION managers_daily_clear();

-- The demo geography (configuration, like products): one zone with the two demo branches, and a second
-- zone whose branch has no book yet.
INSERT INTO geo_branches (branch_code, team_id, name, area_id, region_id, zone_id) VALUES
  ('NORTH', 'BR-NORTH', 'North Branch', 'AREA-N1', 'REGION-WEST', 'ZONE-1'),
  ('SOUTH', 'BR-SOUTH', 'South Branch', 'AREA-S1', 'REGION-WEST', 'ZONE-1'),
  ('EAST', 'BR-EAST', 'East Branch', 'AREA-E1', 'REGION-EAST', 'ZONE-2');
