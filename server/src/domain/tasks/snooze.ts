import type { Db } from '../../db/db';
import { hasRole, type CurrentUser } from '../current-user';
import { permissionMissing, refused } from '../errors';
import { toApiTask, updateTask, type TaskRow } from '../lifecycle/tasks';
import { changeApplication, type TaskChange } from './change';

/**
 * Snooze (§2 snooze tab, §6 TASK_REVIEW_DATE): a task's review date is its activeOn (tasks.active_on, the column the
 * callback action also sets). §4 review buckets: a task is in Future while its review date is ahead, in Today
 * otherwise; All holds both.
 */
export type ReviewBucket = 'Today' | 'Future';
export const reviewBucket = (activeOn: Date | string | null, now = new Date()): ReviewBucket =>
  activeOn && new Date(activeOn).getTime() > now.getTime() ? 'Future' : 'Today';

/** A review date further out than this is a typo, not a plan. */
export const MAX_SNOOZE_DAYS = 366;
const TERMINAL = ['Completed', 'Rejected', 'Cancelled'];

export interface SnoozeInput {
  application_id: string;
  verNum: number;
  /** Default: the application's current task. */
  taskId?: string;
  snoozeTime: string;
  reason: string;
}
export interface UnsnoozeInput {
  application_id: string;
  verNum: number;
  taskId?: string;
  reason?: string;
}

async function lockTask(c: TaskChange, taskId: string | undefined): Promise<TaskRow> {
  const id = taskId ?? c.app.cur_task_id;
  const { rows } = id ? await c.tx.query<TaskRow>(`SELECT * FROM tasks WHERE task_id = $1 AND application_id = $2 FOR UPDATE`, [id, c.app.application_id]) : { rows: [] };
  if (!rows[0]) throw refused('taskId', taskId ? `Application ${c.app.application_id} has no task ${taskId}` : `Application ${c.app.application_id} has no open task`);
  if (TERMINAL.includes(rows[0].progress)) throw refused('taskId', `Task ${rows[0].task_id} is ${rows[0].progress}; only an open task can be snoozed`);
  c.taskId = rows[0].task_id;
  return rows[0];
}

/**
 * A snooze is the snoozer's own review date (issue 26: "a user is notified only of what is theirs to act on"): it
 * notifies nobody — not the task's holder, not its team, not the application's followers. The snoozer sees it in
 * their inbox (the task leaves Today) and in the worklog; whoever opens the task sees the review date there too.
 */
function tellNobody(c: TaskChange) {
  c.tellFollowers = false;
}

/** The task as the snooze tab shows it: its review date, bucket and SLA due time. */
function view(task: TaskRow, now: Date) {
  const t = toApiTask(task, now);
  return { taskId: t.taskId, name: t.name, progress: t.progress, assignedTo: t.assignedTo ?? null, dueAt: t.dueAt, activeOn: t.activeOn ?? null, reviewBucket: reviewBucket(task.active_on, now) };
}

function assertMaySnooze(user: CurrentUser) {
  if (!hasRole(user, 'TASK_REVIEW_DATE')) throw permissionMissing('TASK_REVIEW_DATE');
}

/** updateSnoozeTime: the task leaves Today until its review date. */
export function snoozeTask(db: Db, user: CurrentUser, input: SnoozeInput, now = new Date()) {
  assertMaySnooze(user);
  const at = new Date(input.snoozeTime);
  if (Number.isNaN(at.getTime())) throw refused('snoozeTime', 'snoozeTime must be an ISO date-time');
  if (at.getTime() <= now.getTime()) throw refused('snoozeTime', 'snoozeTime must be in the future');
  if (at.getTime() > now.getTime() + MAX_SNOOZE_DAYS * 86400000) throw refused('snoozeTime', `snoozeTime must be within ${MAX_SNOOZE_DAYS} days`);
  return changeApplication(db, user, input, 'updateSnoozeTime', { snoozeTime: at.toISOString(), reason: input.reason, taskId: input.taskId }, async (c) => {
    const task = await lockTask(c, input.taskId);
    const updated = await updateTask(c.tx, task.task_id, { active_on: at }, c.now);
    c.changes.push({ key: `task.${task.task_id}.activeOn`, old: task.active_on, new: at });
    c.worklog = { key: 'snoozed', params: { at: at.toISOString(), reason: input.reason } };
    tellNobody(c);
    return view(updated, c.now);
  }, now);
}

/** removeSnoozeTime: the task is back in Today at once. */
export function unsnoozeTask(db: Db, user: CurrentUser, input: UnsnoozeInput, now = new Date()) {
  assertMaySnooze(user);
  return changeApplication(db, user, input, 'removeSnoozeTime', { reason: input.reason, taskId: input.taskId }, async (c) => {
    const task = await lockTask(c, input.taskId);
    if (!task.active_on) throw refused('taskId', `Task ${task.task_id} is not snoozed`);
    const updated = await updateTask(c.tx, task.task_id, { active_on: null }, c.now);
    c.changes.push({ key: `task.${task.task_id}.activeOn`, old: task.active_on, new: null });
    c.worklog = { key: 'snoozeRemoved', params: { note: input.reason ? `: ${input.reason}` : '' } };
    tellNobody(c);
    return view(updated, c.now);
  }, now);
}
