import type { Queryable } from '../../db/db';
import { writeAudits, type FieldChange } from '../applications/audit';
import { notify } from '../applications/notify';
import type { ApplicationRow } from '../applications/row';
import { withdrawApprovals } from '../approvals/chain';
import { CURRENT_TASK_COLUMNS, currentTask, currentTaskValues, updateTask } from '../lifecycle/tasks';
import type { NotificationRow } from '../notifications/notifications';
import { disbursedOf, sanctionedAmount } from './sanction';
import { insertWorklog } from '../tasks/worklog-text';

const RUNNER = 'system';

/**
 * The end of the lifecycle (issue 25): once the confirmed tranches total the sanctioned amount and no money call is left
 * unsettled (waiting for release, queued, sent or failed — the mandate included), the application is COMPLETED, its
 * current task Completed with every running clock stopped (so the SLA state is "Closed …" with the time the bank took),
 * verNum + 1, an audit row, a worklog entry and a notice to the initiator and the requester.
 *
 * Called by the job runner inside the transaction that commits a CONFIRMED outcome, after it locked the application row:
 * the confirmation and the completion commit together or not at all (a crash in between leaves the call SENT, which is
 * resumed and confirmed again, completing then), and the status check makes it happen exactly once. Answers the
 * notifications to publish after the commit, or [] when the application does not complete now.
 */
export async function completeIfDisbursed(tx: Queryable, applicationId: string, requestedBy: string, at: Date): Promise<NotificationRow[]> {
  const { rows } = await tx.query<ApplicationRow>(`SELECT * FROM applications WHERE application_id = $1`, [applicationId]);
  const app = rows[0];
  if (!app || app.status !== 'ACTIVE') return [];
  const sanctioned = sanctionedAmount(app);
  const money = await disbursedOf(tx, applicationId);
  if (!(sanctioned > 0) || money.confirmed < sanctioned || money.open > 0) return [];

  const task = await currentTask(tx, app.cur_task_id, true);
  let taskCols: unknown[] = [app.cur_task_id];
  let cols: readonly string[] = ['cur_task_id'];
  const changes: FieldChange[] = [
    { key: 'application_status', old: app.status, new: 'COMPLETED' },
    { key: 'disbursement', old: null, new: { sanctioned, confirmed: money.confirmed } },
  ];
  if (task && !['Completed', 'Rejected', 'Cancelled'].includes(task.progress)) {
    // Approvals still open on the step are withdrawn, as when any step ends undecided (domain/approvals).
    const withdrawn = await withdrawApprovals(tx, applicationId, task.task_id, 'completed by the full disbursement', at);
    if (withdrawn) changes.push({ key: 'approvals.withdrawn', old: null, new: withdrawn });
    const done = await updateTask(tx, task.task_id, {
      progress: 'Completed',
      overall_end: task.overall_end ?? at,
      queued_end: task.queued_start && !task.queued_end ? at : task.queued_end,
      assigned_end: task.assigned_start && !task.assigned_end ? at : task.assigned_end,
    }, at);
    changes.push({ key: 'task.progress', old: task.progress, new: done.progress });
    cols = CURRENT_TASK_COLUMNS;
    taskCols = currentTaskValues(done);
  }
  await tx.query(
    `UPDATE applications SET status = 'COMPLETED', closed_at = $2, mod_time = $2, ver_num = ver_num + 1, ${cols.map((c, i) => `${c} = $${i + 3}`).join(', ')}
      WHERE application_id = $1`,
    [applicationId, at, ...taskCols],
  );
  await writeAudits(tx, applicationId, 'complete_disbursement', RUNNER, at, changes, { step: task?.step_name ?? null });
  await insertWorklog(tx, {
    applicationId, taskId: task?.task_id ?? null, userId: RUNNER, action: 'complete_disbursement', at,
    text: task ? { key: 'disbursementCompletedStepLog', params: { amount: sanctioned, step: task.step_name }, amounts: ['amount'] } : { key: 'disbursementCompletedLog', params: { amount: sanctioned }, amounts: ['amount'] },
  });
  const told = [...new Set([app.initiated_by, requestedBy].filter((u): u is string => !!u))];
  return notify(tx, applicationId, RUNNER, told.map((user) => ({ user, type: 'FOLLOWED' as const, event: 'TeamApplication' as const, text: { key: 'completed', params: { actor: RUNNER, app: applicationId } } })), at);
}
