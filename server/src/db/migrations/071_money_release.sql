-- Maker-checker on money calls (issue 24): a loan creation, tranche or mandate requested by the holder of the
-- application's task waits TO_RELEASE until a second, different person releases it (then QUEUED for the runner)
-- or returns it (RETURNED: never sent; the same operation may be requested again).
ALTER TABLE integration_calls DROP CONSTRAINT integration_calls_state_check;
ALTER TABLE integration_calls ADD CONSTRAINT integration_calls_state_check
  CHECK (state IN ('TO_RELEASE', 'RETURNED', 'QUEUED', 'SENT', 'CONFIRMED', 'FAILED'));
ALTER TABLE integration_call_events DROP CONSTRAINT integration_call_events_event_check;
ALTER TABLE integration_call_events ADD CONSTRAINT integration_call_events_event_check
  CHECK (event IN ('REQUESTED', 'ESCALATED', 'RELEASED', 'RETURNED', 'QUEUED', 'SENT', 'CONFIRMED', 'FAILED', 'RETRIED', 'RESUMED'));
-- Who may release: holders of release_role who see the application (team queue release_team), or, when that level
-- had nobody but the maker, the one user the request escalated to (release_to).
ALTER TABLE integration_calls
  ADD COLUMN release_role text,
  ADD COLUMN release_team text,
  ADD COLUMN release_to   text,
  ADD COLUMN released_by  text,
  ADD COLUMN released_at  timestamptz,
  ADD COLUMN release_note text;

-- "My approvals" lists applications by approval_holders (011). A money call waiting for release is held there too:
-- the escalation user, or 'team:<release_team>'. Recomputed from sub_tasks and integration_calls together, by
-- both tables' triggers, so neither erases the other's holders.
CREATE OR REPLACE FUNCTION sync_sub_task_holders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  app text := coalesce(NEW.application_id, OLD.application_id);
BEGIN
  IF current_setting('lendline.bulk', true) = 'on' THEN
    RETURN NULL;
  END IF;
  UPDATE applications a SET
    open_queries = s.queries, open_approvals = s.approvals, open_exceptions = s.exceptions,
    query_holders = s.query_holders,
    approval_holders = ARRAY(SELECT DISTINCT h FROM unnest(s.approval_holders || r.holders) h ORDER BY h)
  FROM (
    SELECT count(*) FILTER (WHERE kind = 'QUERY')::int AS queries,
           count(*) FILTER (WHERE kind = 'APPROVAL')::int AS approvals,
           count(*) FILTER (WHERE kind = 'EXCEPTION')::int AS exceptions,
           coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind = 'QUERY'), '{}') AS query_holders,
           coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind IN ('APPROVAL', 'EXCEPTION')), '{}') AS approval_holders
      FROM sub_tasks WHERE application_id = app AND status = 'OPEN'
  ) s, (
    SELECT coalesce(array_agg(DISTINCT coalesce(release_to, 'team:' || release_team)), '{}') AS holders
      FROM integration_calls WHERE application_id = app AND state = 'TO_RELEASE'
  ) r
  WHERE a.application_id = app;
  RETURN NULL;
END $$;

-- Only changes into or out of TO_RELEASE move holders: the runner's QUEUED → SENT → CONFIRMED writes skip the trigger.
CREATE TRIGGER integration_calls_release_insert AFTER INSERT ON integration_calls
  FOR EACH ROW WHEN (NEW.state = 'TO_RELEASE') EXECUTE FUNCTION sync_sub_task_holders();
CREATE TRIGGER integration_calls_release_update AFTER UPDATE OF state, release_to, release_team ON integration_calls
  FOR EACH ROW WHEN (OLD.state = 'TO_RELEASE' OR NEW.state = 'TO_RELEASE') EXECUTE FUNCTION sync_sub_task_holders();
CREATE TRIGGER integration_calls_release_delete AFTER DELETE ON integration_calls
  FOR EACH ROW WHEN (OLD.state = 'TO_RELEASE') EXECUTE FUNCTION sync_sub_task_holders();

-- Calls requested before this migration went straight to the queue: they count as released by their requester.
UPDATE integration_calls SET released_by = requested_by, released_at = created_at WHERE released_by IS NULL;
