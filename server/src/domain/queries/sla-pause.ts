import type { Queryable } from '../../db/db';
import { currentTask, syncCurrentTask, updateTask } from '../lifecycle/tasks';

/**
 * The SLA measures the bank's time, not the applicant's: while a request for information waits on the applicant the
 * task's assigned clock is paused (tasks.sla_paused_at), and the waiting time is added to sla_paused_secs when the
 * last open request of the task is answered or closed. The application row's copy of the due time follows
 * (none while paused, later by the pause after), so lists sort and colour by the bank's time too.
 */
export async function pauseTaskSla(tx: Queryable, applicationId: string, curTaskId: string | null, taskId: string | null, now: Date): Promise<void> {
  if (!taskId) return;
  const task = await currentTask(tx, taskId, true);
  if (!task || task.sla_paused_at || task.progress === 'Completed' || task.progress === 'Rejected' || task.progress === 'Cancelled') return;
  const paused = await updateTask(tx, taskId, { sla_paused_at: now }, now);
  if (curTaskId === taskId) await syncCurrentTask(tx, applicationId, paused);
}

/** Runs the clock again once no request for information of the task is open; answers the minutes added. */
export async function resumeTaskSlaIfIdle(tx: Queryable, applicationId: string, curTaskId: string | null, taskId: string | null, now: Date): Promise<number> {
  if (!taskId) return 0;
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM info_requests r JOIN sub_tasks s ON s.id = r.sub_task_id WHERE r.task_id = $1 AND s.status = 'OPEN'`,
    [taskId],
  );
  if (rows[0].n > 0) return 0;
  const task = await currentTask(tx, taskId, true);
  if (!task?.sla_paused_at) return 0;
  // Only time the assigned clock was running counts as paused (a task picked up during the wait paused from then).
  const from = Math.max(new Date(task.sla_paused_at).getTime(), task.assigned_start ? new Date(task.assigned_start).getTime() : now.getTime());
  const secs = Math.max(0, Math.round((now.getTime() - from) / 1000));
  const resumed = await updateTask(tx, taskId, { sla_paused_at: null, sla_paused_secs: Number(task.sla_paused_secs ?? 0) + secs }, now);
  if (curTaskId === taskId) await syncCurrentTask(tx, applicationId, resumed);
  return Math.round(secs / 60);
}
