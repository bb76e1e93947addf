import type { Task, TaskProgress } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { slaDueAt, slaLimitMins, slaPart, type SlaColumns } from './sla';
import { resolveTeam, type LifecycleStepConfig } from './types';

export interface TaskRow extends SlaColumns {
  task_id: string;
  application_id: string;
  name: string;
  progress: TaskProgress;
  assigned_to: string | null;
  assigned_team: string[];
  allowed_users: string[];
  blocking: boolean;
  type: string;
  step_type: string;
  step_number: number;
  step_name: string;
  flow_info: { product_code: string; flowName: string; verNum: number };
  actions: { type: string; value: string }[];
  active_on: Date | string | null;
  access_control: string | null;
  created_at: Date | string;
}

/** §3 Task, with the three SLA parts and the §4 due time. */
export function toApiTask(
  t: TaskRow,
  now = new Date(),
): Task & { dueAt: string | null; slaBreached: boolean; accessControl: string | null; createdAt: string; slaPause: { pausedAt: string | null; pausedMins: number } } {
  const overall = slaPart({ start: t.overall_start, end: t.overall_end, limitMins: t.overall_limit_mins }, now, { pausedAt: null, pausedSecs: t.sla_held_secs ?? 0 });
  const queued = slaPart({ start: t.queued_start, end: t.queued_end, limitMins: t.queued_limit_mins }, now);
  const pause = { pausedAt: t.sla_paused_at ?? null, pausedSecs: t.sla_paused_secs ?? 0 };
  const assigned = slaPart({ start: t.assigned_start, end: t.assigned_end, limitMins: t.assigned_limit_mins }, now, pause);
  const due = slaDueAt(t);
  return {
    taskId: t.task_id,
    name: t.name,
    application_id: t.application_id,
    progress: t.progress,
    assignedTo: t.assigned_to,
    assignedTeam: t.assigned_team,
    allowedUsers: t.allowed_users,
    blocking: t.blocking,
    type: t.type,
    flowInfo: t.flow_info,
    stepInfo: { stepType: t.step_type, stepName: t.step_name, stepNumber: t.step_number },
    actions: t.actions,
    activeOn: t.active_on ? new Date(t.active_on).toISOString() : undefined,
    operationalLevelAgreement: { overall, queued, assigned },
    dueAt: due ? due.toISOString() : null,
    slaBreached: overall.breached || queued.breached || assigned.breached,
    accessControl: t.access_control,
    createdAt: new Date(t.created_at).toISOString(),
    // The bank's clock stopped while waiting on the applicant (requests for information): since when, and how long so far.
    slaPause: {
      pausedAt: t.sla_paused_at ? new Date(t.sla_paused_at).toISOString() : null,
      pausedMins: Math.floor((Number(t.sla_paused_secs ?? 0) + (t.sla_paused_at ? Math.max(0, now.getTime() - new Date(t.sla_paused_at).getTime()) / 1000 : 0)) / 60),
    },
  };
}

export async function loadLifecycle(q: Queryable, productCode: string, verNum: number): Promise<LifecycleStepConfig[]> {
  const { rows } = await q.query<{ steps: LifecycleStepConfig[] }>(
    `SELECT steps FROM lifecycles WHERE product_code = $1 AND mode = 'SAVED' AND ver_num <= $2 ORDER BY ver_num DESC LIMIT 1`,
    [productCode, verNum],
  );
  if (!rows.length) throw new Error(`no lifecycle configured for product ${productCode}`);
  return rows[0].steps;
}

export async function tasksOf(q: Queryable, applicationId: string): Promise<TaskRow[]> {
  const { rows } = await q.query<TaskRow>(`SELECT * FROM tasks WHERE application_id = $1 ORDER BY created_at, step_number, task_id`, [applicationId]);
  return rows;
}

export async function currentTask(q: Queryable, taskId: string | null, lock = false): Promise<TaskRow | null> {
  if (!taskId) return null;
  const { rows } = await q.query<TaskRow>(`SELECT * FROM tasks WHERE task_id = $1${lock ? ' FOR UPDATE' : ''}`, [taskId]);
  return rows[0] ?? null;
}

/**
 * Opens the task of a lifecycle step: overall and queued clocks start now; when an assignee is
 * given the queued clock stops at once and the assigned clock starts (In Progress).
 */
export async function openStepTask(
  q: Queryable,
  app: { application_id: string; product_code: string; branch: string | null; flow_id: string | null; flow_ver_num: number },
  step: LifecycleStepConfig,
  now: Date,
  assignTo: string | null = null,
): Promise<TaskRow> {
  const { rows: n } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE application_id = $1`, [app.application_id]);
  const taskId = `TSK-${app.application_id.replace(/^APP-/, '')}-${step.stepNumber}${n[0].n ? `-${n[0].n}` : ''}`;
  const { rows } = await q.query<TaskRow>(
    `INSERT INTO tasks (task_id, application_id, name, progress, assigned_to, assigned_team, step_number, step_name, created_at, type, step_type,
        flow_info, actions, access_control, overall_start, overall_limit_mins, queued_start, queued_end, queued_limit_mins, assigned_start, assigned_limit_mins, mod_time)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$10,$11,$12,$13,$9,$14,$9,$15,$16,$15,$17,$9) RETURNING *`,
    [
      taskId, app.application_id, step.taskName, assignTo ? 'In Progress' : 'Pending', assignTo, [resolveTeam(step.team, app.branch)],
      step.stepNumber, step.stepName, now, step.type, JSON.stringify({ product_code: app.product_code, flowName: app.flow_id ?? `${app.product_code}_FLOW`, verNum: app.flow_ver_num }),
      JSON.stringify(step.actions), step.accessControl, step.sla.overallMins, assignTo ? now : null, step.sla.queuedMins, step.sla.assignedMins,
    ],
  );
  return rows[0];
}

/** Copies the current task's hot columns onto the application row (what every list reads). */
/** The application row's copy of its current task (list columns), in this order: see CURRENT_TASK_COLUMNS. */
export const CURRENT_TASK_COLUMNS = ['cur_task_id', 'step_name', 'task_name', 'task_progress', 'assigned_to', 'assigned_team', 'sla_due_at', 'sla_limit_mins', 'sla_paused_at'] as const;
export function currentTaskValues(t: TaskRow): unknown[] {
  return [t.task_id, t.step_name, t.name, t.progress, t.progress === 'In Progress' ? t.assigned_to : null, t.assigned_team[0] ?? null, slaDueAt(t), slaLimitMins(t), t.sla_paused_at ?? null];
}

export async function syncCurrentTask(q: Queryable, applicationId: string, t: TaskRow): Promise<void> {
  await q.query(
    `UPDATE applications SET ${CURRENT_TASK_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ')} WHERE application_id = $1`,
    [applicationId, ...currentTaskValues(t)],
  );
}

/** Updates the clock and assignment columns of a task and returns the new row. */
export async function updateTask(q: Queryable, taskId: string, set: Partial<Record<keyof TaskRow, unknown>>, now: Date): Promise<TaskRow> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`);
  const { rows } = await q.query<TaskRow>(
    `UPDATE tasks SET ${[...assignments, `mod_time = $${keys.length + 2}`].join(', ')} WHERE task_id = $1 RETURNING *`,
    [taskId, ...keys.map((k) => set[k as keyof TaskRow]), now],
  );
  return rows[0];
}
