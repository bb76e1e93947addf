import { CURRENT_TASK_COLUMNS, currentTask, currentTaskValues, loadLifecycle, openStepTask, updateTask, type TaskRow } from '../lifecycle/tasks';
import { resolveTeam } from '../lifecycle/types';
import { HttpError } from '../errors';
import { ERROR_CODES, ERROR_MESSAGES } from '@lendline/shared/contract';
import type { TaskChange } from '../tasks/change';
import { standingOf, type Rejection } from '../applications/reversal';

/**
 * What an approval decision does to the application's lifecycle, inside the decision's transaction
 * (domain/tasks/change.ts): the last level approved completes the approval step and opens the next one; a rejection
 * rejects the application; a send_back cancels the approval step and gives the step before it back to its maker.
 * The application row's current-task columns (what every list reads) are written here; verNum, the audit row,
 * the worklog entry and the notifications are changeApplication's.
 */

/** §8 1167: the send_back could not be done; the modal shows why (HTTP 500 as the catalogue says). */
export const sendBackFailed = (label: string, reason: string) =>
  new HttpError(500, { code: ERROR_CODES.SEND_BACK_FAILED, message: ERROR_MESSAGES[1167], data: [{ label, reason }] });

function stopClocks(task: TaskRow, now: Date): Partial<Record<keyof TaskRow, unknown>> {
  return {
    overall_end: task.overall_end ?? now,
    queued_end: task.queued_start && !task.queued_end ? now : task.queued_end,
    assigned_end: task.assigned_start && !task.assigned_end ? now : task.assigned_end,
  };
}

async function setApplication(c: TaskChange, task: TaskRow, set: { stage?: number; status?: string; closed_at?: Date | null; doc?: Record<string, unknown> }) {
  const cols = [...CURRENT_TASK_COLUMNS, 'stage', 'status', 'closed_at', 'doc'];
  const vals = [...currentTaskValues(task), set.stage ?? c.app.stage, set.status ?? c.app.status, set.closed_at === undefined ? c.app.closed_at : set.closed_at, JSON.stringify(set.doc ?? c.app.doc)];
  await c.tx.query(`UPDATE applications SET ${cols.map((col, i) => `${col} = $${i + 2}`).join(', ')} WHERE application_id = $1`, [c.app.application_id, ...vals]);
  if (set.stage !== undefined && set.stage !== c.app.stage) c.changes.push({ key: 'stage', old: c.app.stage, new: set.stage });
  if (set.status !== undefined && set.status !== c.app.status) c.changes.push({ key: 'application_status', old: c.app.status, new: set.status });
  if (task.task_id !== c.app.cur_task_id) c.changes.push({ key: 'task', old: c.app.cur_task_id, new: task.task_id });
  c.taskId = task.task_id;
}

async function closeTask(c: TaskChange, task: TaskRow, progress: 'Completed' | 'Rejected' | 'Cancelled'): Promise<TaskRow> {
  if (['Completed', 'Rejected', 'Cancelled'].includes(task.progress)) return task;
  const updated = await updateTask(c.tx, task.task_id, { progress, ...stopClocks(task, c.now) }, c.now);
  c.changes.push({ key: 'task.progress', old: task.progress, new: progress });
  return updated;
}

/** The approval step's task, which must still be the application's current one. */
export async function approvalTask(c: TaskChange, taskId: string | null, fail = (l: string, r: string): HttpError => new HttpError(400, { code: 1101, message: ERROR_MESSAGES[1101], data: [{ label: l, reason: r }] })): Promise<TaskRow> {
  const task = await currentTask(c.tx, c.app.cur_task_id, true);
  if (!task || !taskId || task.task_id !== taskId) throw fail('subTaskId', `This approval belongs to a step ${c.app.application_id} is no longer at`);
  return task;
}

/** The last level approved: the approval step completes and the next step's task opens in its team (or the application completes). */
export async function completeApprovalStep(c: TaskChange, task: TaskRow): Promise<{ team: string | null; stepName: string | null }> {
  await closeTask(c, task, 'Completed');
  const steps = await loadLifecycle(c.tx, c.app.product_code, c.app.flow_ver_num);
  const next = steps.find((s) => s.stepNumber === task.step_number + 1);
  if (!next) {
    const done = await currentTask(c.tx, task.task_id);
    await setApplication(c, done!, { status: 'COMPLETED', closed_at: c.now });
    return { team: null, stepName: null };
  }
  const opened = await openStepTask(c.tx, c.app, next, c.now);
  await setApplication(c, opened, { stage: next.stepNumber });
  return { team: opened.assigned_team[0] ?? null, stepName: opened.step_name };
}

/**
 * An approver rejected the loan, or confirmed an officer's decline: the task and the application are rejected (as the
 * §4 reject action does), remembering where it stood so cancelReject can put it back (applications/reversal.ts).
 */
export async function rejectApplication(c: TaskChange, task: TaskRow, reason: string, more: Partial<Rejection> = {}): Promise<void> {
  const standing = standingOf(task);
  const closed = await closeTask(c, task, 'Rejected');
  const rejection: Rejection = { reason, by: c.user.userName, at: c.now.toISOString(), stage: task.step_number, ...more, restore: standing };
  c.changes.push({ key: 'rejection', old: c.app.doc.rejection ?? null, new: rejection });
  await setApplication(c, closed, { status: 'REJECTED', closed_at: c.now, doc: { ...c.app.doc, rejection } });
}

/**
 * send_back: the approval step is cancelled and the step before it opens again, In Progress with the maker (the
 * one who submitted it). A maker who can no longer work that step, or an approval step with none before it, is the
 * §8 1167 failure and nothing is written.
 */
export async function sendBackToMaker(c: TaskChange, task: TaskRow, maker: string | null): Promise<string> {
  const steps = await loadLifecycle(c.tx, c.app.product_code, c.app.flow_ver_num);
  const prev = [...steps].reverse().find((s) => s.stepNumber < task.step_number);
  if (!prev) throw sendBackFailed('stage', `${task.step_name} is the first step of ${c.app.product_code}: there is no step to send it back to`);
  if (!maker) throw sendBackFailed('maker', 'Nobody is recorded as having submitted it for approval');
  const team = resolveTeam(prev.team, c.app.branch);
  const { rows } = await c.tx.query<{ ok: boolean }>(
    `SELECT (u.enabled AND u.kind = 'STAFF'
             AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.user_id AND r.role = 'APPLICATIONS_ACTIONS')
             AND EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = u.user_id AND m.team_id = $2)) AS ok
       FROM users u WHERE u.user_id = $1`,
    [maker, team],
  );
  if (!rows[0]?.ok) throw sendBackFailed('maker', `${maker} can no longer work ${prev.stepName} (team ${team}), so it cannot go back to them`);
  await closeTask(c, task, 'Cancelled');
  const opened = await openStepTask(c.tx, c.app, prev, c.now, maker);
  await setApplication(c, opened, { stage: prev.stepNumber });
  return prev.stepName;
}
