import type { Queryable } from '../../db/db';
import { writeAudits } from '../applications/audit';
import type { Notice } from '../applications/notify';
import { findApplication, type ApplicationRow } from '../applications/row';
import { standingOf, type Rejection } from '../applications/reversal';
import { startChain, withdrawApprovals } from '../approvals/chain';
import { declineConfigFor } from '../approvals/recommendation';
import { CURRENT_TASK_COLUMNS, currentTask, currentTaskValues, loadLifecycle, openStepTask, updateTask, type TaskRow } from '../lifecycle/tasks';
import { completionBlockers } from '../validations/step-completion';
import { insertWorklog, type WorklogText } from '../tasks/worklog-text';
import { stopPhrase, type Stop } from './policy';

const OPEN = ['Pending', 'In Progress'];

function stopClocks(task: TaskRow, now: Date): Partial<Record<keyof TaskRow, unknown>> {
  return {
    overall_end: task.overall_end ?? now,
    queued_end: task.queued_start && !task.queued_end ? now : task.queued_end,
    assigned_end: task.assigned_start && !task.assigned_end ? now : task.assigned_end,
  };
}

async function writeTask(tx: Queryable, applicationId: string, task: TaskRow, extra: { stage?: number; status?: string; doc?: Record<string, unknown> }, now: Date) {
  const cols = [...CURRENT_TASK_COLUMNS];
  await tx.query(
    `UPDATE applications SET ${cols.map((c, i) => `${c} = $${i + 3}`).join(', ')}, stage = coalesce($${cols.length + 3}, stage),
            status = coalesce($${cols.length + 4}, status), doc = coalesce($${cols.length + 5}::jsonb, doc),
            closed_at = CASE WHEN $${cols.length + 4}::text IS NULL THEN closed_at ELSE $2 END, ver_num = ver_num + 1, mod_time = $2
      WHERE application_id = $1`,
    [applicationId, now, ...currentTaskValues(task), extra.stage ?? null, extra.status ?? null, extra.doc ? JSON.stringify(extra.doc) : null],
  );
}

/**
 * Completes the lifecycle steps the policy lists, in order, as the system user and with the same validations as
 * complete_step/user COMPLETE_WITH_VALIDATIONS (completionBlockers: open exceptions, approvals, queries, mandatory
 * fields): each Completed with its clocks stopped, the next step opened in its team's queue (an APPROVAL step starts
 * its chain, the system the maker), an audit row and a worklog entry per step. A step a person holds is theirs: the
 * chain stops there. Answers what stopped it (nothing: []) and the notices to write.
 */
export async function completeCoveredSteps(tx: Queryable, applicationId: string, stepNames: string[], now: Date): Promise<{ stopped: WorklogText[]; notices: Notice[]; completed: string[] }> {
  const notices: Notice[] = [];
  const completed: string[] = [];
  for (;;) {
    const app = await findApplication(tx, applicationId, true);
    const task = await currentTask(tx, app.cur_task_id, true);
    if (!task || app.status !== 'ACTIVE' || !stepNames.includes(task.step_name)) return { stopped: [], notices, completed };
    if (!OPEN.includes(task.progress)) return { stopped: [{ key: 'stpStepIs', params: { step: task.step_name, progress: task.progress }, labels: { progress: 'taskProgress' } }], notices, completed };
    if (task.progress === 'In Progress' && task.assigned_to && task.assigned_to !== 'system') return { stopped: [{ key: 'stpStepHeld', params: { step: task.step_name, user: task.assigned_to } }], notices, completed };
    const steps = await loadLifecycle(tx, app.product_code, app.flow_ver_num);
    const step = steps.find((s) => s.stepNumber === task.step_number);
    const blockers = await completionBlockers(tx, app, task.step_name, step, 'COMPLETE_WITH_VALIDATIONS');
    if (blockers.length) return { stopped: blockers.map((b) => ({ key: 'stpStepBlocked', params: { step: task.step_name, label: b.label ?? '', reason: b.reason, blocker: b.label ?? '' }, labels: { blocker: 'taskValidationError' } })), notices, completed };
    const done = await updateTask(tx, task.task_id, { progress: 'Completed', ...stopClocks(task, now) }, now);
    const next = steps.find((s) => s.stepNumber === task.step_number + 1);
    let current = done;
    if (next) {
      current = await openStepTask(tx, app, next, now);
      notices.push({ team: current.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', text: { key: 'teamQueue', params: { actor: 'system', app: applicationId, step: current.step_name, note: `${task.step_name} completed` } } });
      if (next.type === 'APPROVAL') notices.push(await startChain(tx, app, current.task_id, 'system', now));
    }
    await writeTask(tx, applicationId, current, { stage: next?.stepNumber }, now);
    await writeAudits(tx, applicationId, 'complete_step/system', 'system', now, [{ key: 'task.progress', old: task.progress, new: 'Completed' }, ...(next ? [{ key: 'task', old: task.task_id, new: current.task_id }] : [])], { step: task.step_name, completionType: 'COMPLETE_WITH_VALIDATIONS' });
    await insertWorklog(tx, { applicationId, taskId: task.task_id, userId: 'system', action: 'complete_step/system', at: now, text: { key: 'stpStepCompletedLog', params: { step: task.step_name } } });
    completed.push(task.step_name);
    if (!next) return { stopped: [], notices, completed };
  }
}

/** The decline reason the product configures for the engine's failing rule (migration 081's codes). */
const REASON_OF_RULE: Record<string, string> = { BUREAU_SCORE: 'POOR_CREDIT_HISTORY', FOIR: 'HIGH_OBLIGATIONS', AGE: 'POLICY_NOT_MET' };

/**
 * An unattended DECLINE: the application REJECTED by the system with the configured reason of the engine's first
 * failing DECLINE rule (the letter and the portal show its applicant-facing text), the task Rejected with its clocks
 * stopped, open approvals withdrawn. The four-eyes rule of a person's decline does not apply: this is the engine's
 * decision under the product's policy, and the worklog and audit say so.
 */
export async function declineBySystem(tx: Queryable, app: ApplicationRow, failedRules: string[], reasons: Stop[], now: Date): Promise<Notice[]> {
  const comment = reasons.map((r) => r.reason).join('; ');
  const config = await declineConfigFor(tx, app);
  const code = failedRules.map((r) => REASON_OF_RULE[r]).find((c) => c && config.reasons.some((x) => x.code === c)) ?? 'POLICY_NOT_MET';
  const why = config.reasons.find((r) => r.code === code) ?? { code, label: 'Outside the lending policy' };
  const task = await currentTask(tx, app.cur_task_id, true);
  if (!task) throw new Error(`application ${app.application_id} has no task to decline`);
  const withdrawn = await withdrawApprovals(tx, app.application_id, task.task_id, 'Rejected by straight-through processing', now);
  const closed = OPEN.includes(task.progress) ? await updateTask(tx, task.task_id, { progress: 'Rejected', ...stopClocks(task, now) }, now) : task;
  const rejection: Rejection = { reason: why.label, reasonCode: why.code, comment, by: 'system', at: now.toISOString(), stage: task.step_number, restore: standingOf(task) };
  await writeTask(tx, app.application_id, closed, { status: 'REJECTED', doc: { ...app.doc, rejection } }, now);
  await writeAudits(tx, app.application_id, 'reject', 'system', now, [
    { key: 'status', old: app.status, new: 'REJECTED' }, { key: 'rejection', old: null, new: rejection }, ...(withdrawn ? [{ key: 'approvals.withdrawn', old: null, new: withdrawn }] : []),
  ], { by: 'straight-through processing' });
  await insertWorklog(tx, { applicationId: app.application_id, taskId: task.task_id, userId: 'system', action: 'reject', at: now, text: { key: 'stpRejectedLog', params: { declineReason: why.label }, lists: { reasons: { join: '; ', items: reasons.map(stopPhrase) } } } });
  return [{ team: task.assigned_team[0], type: 'TEAM', event: 'TeamApplication', text: { key: 'rejected', params: { actor: 'system', app: app.application_id, step: task.step_name } } }];
}
