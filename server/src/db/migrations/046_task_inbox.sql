-- Task inbox (GET /v3/taskconfigs/inbox): every open task and sub-task carries who holds it (a user name, or
-- 'team:<id>' while a team does, the notation of 011_sub_task_holders.sql) and its §4 SLA due time, kept by
-- triggers, so an inbox page is, per holder and per kind, one walk down a (holder, due, key) btree that stops
-- at the page size: page 1,000 costs what page 1 does, at 1,000,000 applications and 100,000 open sub-tasks.
-- Closed rows have a NULL holder and fall out of the partial indexes.

ALTER TABLE tasks
  ADD COLUMN inbox_holder text,
  ADD COLUMN inbox_due    timestamptz;   -- the §4 due time; 'infinity' when no limit is enabled (sorts last)
ALTER TABLE sub_tasks
  ADD COLUMN inbox_holder text,
  ADD COLUMN inbox_due    timestamptz;   -- the due time of the task it belongs to: it must be answered before the step can complete

-- §4 SLA due time, as domain/lifecycle/sla.ts slaDueAt computes it: the assigned limit when in progress, the
-- queued limit when pending, otherwise the overall limit, each only if enabled; closed tasks have none.
CREATE FUNCTION task_inbox_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.progress = 'In Progress' THEN
    NEW.inbox_holder := NEW.assigned_to;
  ELSIF NEW.progress = 'Pending' THEN
    NEW.inbox_holder := 'team:' || NEW.assigned_team[1];
  ELSE
    NEW.inbox_holder := NULL;
  END IF;
  NEW.inbox_due := CASE
    WHEN NEW.progress NOT IN ('In Progress', 'Pending') THEN NULL
    WHEN NEW.progress = 'In Progress' AND NEW.assigned_limit_mins IS NOT NULL AND NEW.assigned_start IS NOT NULL
      THEN NEW.assigned_start + make_interval(mins => NEW.assigned_limit_mins)
    WHEN NEW.progress = 'Pending' AND NEW.queued_limit_mins IS NOT NULL AND NEW.queued_start IS NOT NULL
      THEN NEW.queued_start + make_interval(mins => NEW.queued_limit_mins)
    WHEN NEW.overall_limit_mins IS NOT NULL AND NEW.overall_start IS NOT NULL
      THEN NEW.overall_start + make_interval(mins => NEW.overall_limit_mins)
    ELSE 'infinity'::timestamptz END;
  RETURN NEW;
END $$;
CREATE TRIGGER tasks_inbox BEFORE INSERT OR UPDATE ON tasks FOR EACH ROW EXECUTE FUNCTION task_inbox_columns();

CREATE FUNCTION sub_task_inbox_columns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.inbox_holder := CASE WHEN NEW.status = 'OPEN' THEN coalesce(NEW.assigned_to, 'team:' || NEW.assigned_team) END;
  IF TG_OP = 'INSERT' OR NEW.task_id IS DISTINCT FROM OLD.task_id OR NEW.inbox_due IS NULL THEN
    NEW.inbox_due := coalesce((SELECT coalesce(t.inbox_due, 'infinity') FROM tasks t WHERE t.task_id = NEW.task_id), 'infinity');
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER sub_tasks_inbox BEFORE INSERT OR UPDATE ON sub_tasks FOR EACH ROW EXECUTE FUNCTION sub_task_inbox_columns();

-- A task's due time moves (assigned, released, completed): its open sub-tasks follow (found by the index below,
-- not by a scan of sub_tasks on every action).
CREATE INDEX sub_tasks_task_open_idx ON sub_tasks (task_id) WHERE status = 'OPEN';
CREATE FUNCTION task_inbox_due_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sub_tasks SET inbox_due = coalesce(NEW.inbox_due, 'infinity')
   WHERE task_id = NEW.task_id AND status = 'OPEN' AND inbox_due IS DISTINCT FROM coalesce(NEW.inbox_due, 'infinity');
  RETURN NULL;
END $$;
-- (Not UPDATE OF inbox_due: the column is set by the BEFORE trigger, not by the statement.)
CREATE TRIGGER tasks_inbox_due AFTER UPDATE ON tasks FOR EACH ROW
  WHEN (OLD.inbox_due IS DISTINCT FROM NEW.inbox_due) EXECUTE FUNCTION task_inbox_due_follow();

-- Existing books: derive the columns once (the BEFORE triggers compute them).
UPDATE tasks SET progress = progress WHERE progress IN ('In Progress', 'Pending');
UPDATE sub_tasks SET status = status WHERE status = 'OPEN';

-- One index per inbox branch (domain/tasks/inbox.ts): tasks, queries, approvals (approvals and raised exceptions).
CREATE INDEX tasks_inbox_idx ON tasks (inbox_holder, inbox_due, task_id) WHERE inbox_holder IS NOT NULL;
-- The Future bucket walks only tasks that have a review date: a holder's few snoozed tasks, not all of them.
CREATE INDEX tasks_inbox_snoozed_idx ON tasks (inbox_holder, inbox_due, task_id) WHERE inbox_holder IS NOT NULL AND active_on IS NOT NULL;
CREATE INDEX sub_tasks_inbox_query_idx ON sub_tasks (inbox_holder, inbox_due, id) WHERE status = 'OPEN' AND kind = 'QUERY';
CREATE INDEX sub_tasks_inbox_approval_idx ON sub_tasks (inbox_holder, inbox_due, id) WHERE status = 'OPEN' AND kind IN ('APPROVAL', 'EXCEPTION');
