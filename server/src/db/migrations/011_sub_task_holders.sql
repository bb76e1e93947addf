-- "My queries" and "my approvals" at 1,000,000 applications: instead of a semi-join against
-- sub_tasks on every page, each application row carries who holds its open queries and approvals
-- (a user name, or 'team:<id>' while unassigned in a team) and the open counts, kept in step with
-- sub_tasks by a trigger. A list page is then one walk down (status, id DESC) filtered by an
-- array overlap, or a GIN lookup on the holders.
ALTER TABLE applications
  ADD COLUMN query_holders    text[] NOT NULL DEFAULT '{}',
  ADD COLUMN approval_holders text[] NOT NULL DEFAULT '{}';
CREATE INDEX applications_query_holders_idx ON applications USING gin (query_holders);
CREATE INDEX applications_approval_holders_idx ON applications USING gin (approval_holders);

CREATE FUNCTION sync_sub_task_holders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  app text := coalesce(NEW.application_id, OLD.application_id);
BEGIN
  -- Bulk generators set the columns themselves (SET LOCAL lendline.bulk = 'on').
  IF current_setting('lendline.bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE applications a SET
    open_queries = s.queries, open_approvals = s.approvals, open_exceptions = s.exceptions,
    query_holders = s.query_holders, approval_holders = s.approval_holders
  FROM (
    SELECT count(*) FILTER (WHERE kind = 'QUERY')::int AS queries,
           count(*) FILTER (WHERE kind = 'APPROVAL')::int AS approvals,
           count(*) FILTER (WHERE kind = 'EXCEPTION')::int AS exceptions,
           coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind = 'QUERY'), '{}') AS query_holders,
           coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind IN ('APPROVAL', 'EXCEPTION')), '{}') AS approval_holders
      FROM sub_tasks WHERE application_id = app AND status = 'OPEN'
  ) s
  WHERE a.application_id = app;
  RETURN NULL;
END $$;

CREATE TRIGGER sub_tasks_sync AFTER INSERT OR UPDATE OR DELETE ON sub_tasks
  FOR EACH ROW EXECUTE FUNCTION sync_sub_task_holders();

-- Existing books: derive the holders once.
UPDATE applications a SET
  query_holders = s.query_holders, approval_holders = s.approval_holders
FROM (
  SELECT application_id,
         coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind = 'QUERY'), '{}') AS query_holders,
         coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind IN ('APPROVAL', 'EXCEPTION')), '{}') AS approval_holders
    FROM sub_tasks WHERE status = 'OPEN' GROUP BY application_id
) s
WHERE a.application_id = s.application_id;
