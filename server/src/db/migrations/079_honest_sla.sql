-- Honest SLA states (shared/src/sla/state.ts): every list, the task inbox and the detail header tell the running
-- clock (On track / At risk / Breached) from a paused one (on hold, waiting on the applicant) and from a closed one,
-- from the application row alone.
--
-- applications.sla_limit_mins: the limit of the clock that sets sla_due_at (At risk is its last 20%).
-- applications.sla_paused_at: the current task waits on the applicant since (copy of tasks.sla_paused_at).
-- applications.held_since: on hold (INACTIVE) since; null otherwise.
-- applications.sla_excluded_secs: the time not counted against the bank, on hold and waiting on the applicant,
--   so a closed application shows the time the bank took.
-- tasks.sla_held_secs: the time the task spent on hold; it moves the task's overall expected end later.
ALTER TABLE applications
  ADD COLUMN sla_limit_mins    int,
  ADD COLUMN sla_paused_at     timestamptz,
  ADD COLUMN held_since        timestamptz,
  ADD COLUMN sla_excluded_secs bigint NOT NULL DEFAULT 0;

ALTER TABLE tasks ADD COLUMN sla_held_secs bigint NOT NULL DEFAULT 0;

-- The waiting on the applicant a task's clock has behind it counts for its application as it grows (the request
-- for information code adds to tasks.sla_paused_secs when the last open request is answered or closed).
CREATE FUNCTION tasks_sla_excluded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.sla_paused_secs IS DISTINCT FROM OLD.sla_paused_secs THEN
    UPDATE applications SET sla_excluded_secs = sla_excluded_secs + (NEW.sla_paused_secs - OLD.sla_paused_secs)
     WHERE application_id = NEW.application_id;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER tasks_sla_excluded AFTER UPDATE OF sla_paused_secs ON tasks FOR EACH ROW EXECUTE FUNCTION tasks_sla_excluded();

-- Rows written before: the current task's limit and pause, the applicant waits so far, and holds from their last change.
UPDATE applications a
   SET sla_limit_mins = CASE
         WHEN t.progress = 'In Progress' AND t.assigned_limit_mins IS NOT NULL AND t.assigned_start IS NOT NULL THEN t.assigned_limit_mins
         WHEN t.progress = 'Pending' AND t.queued_limit_mins IS NOT NULL AND t.queued_start IS NOT NULL THEN t.queued_limit_mins
         ELSE t.overall_limit_mins END,
       sla_paused_at = t.sla_paused_at
  FROM tasks t
 WHERE t.task_id = a.cur_task_id;
UPDATE applications a SET sla_excluded_secs = w.secs
  FROM (SELECT application_id, sum(sla_paused_secs) AS secs FROM tasks GROUP BY application_id HAVING sum(sla_paused_secs) > 0) w
 WHERE w.application_id = a.application_id;
UPDATE applications SET held_since = mod_time WHERE status = 'INACTIVE';
