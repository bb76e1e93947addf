import type { Db } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { notify } from '../applications/notify';
import { findApplication } from '../applications/row';
import { hasRole, isStaff, mayAct, type CurrentUser } from '../current-user';
import { forbidden, notFound, permissionMissing, refused, staleVersion } from '../errors';
import { publishNotifications } from '../notifications/bus';
import type { NotificationRow } from '../notifications/notifications';
import { addEvent, callOf, LABELS, viewCall, type CallRow } from './calls';
import { completeIfDisbursed } from './completion';
import { assertVerifiedAccount } from '../bank-accounts/verified';
import { insertWorklog, type WorklogText } from '../tasks/worklog-text';

/**
 * Why `user` may not release or return the call, or null when they may. The second person of maker-checker: never
 * the requester;  the user it was escalated to, or else a holder of the release role (the team
 * it waits in the queue of; anyone with the role may take it from there). The route's access rule already made sure the caller may open the application.
 */
export function whyNotReleaser(call: CallRow, user: CurrentUser): { label: string; reason: string } | null {
  if (call.requested_by === user.userName) return { label: 'maker-checker', reason: 'You requested this money call, so a different person must release it' };
  if (call.release_to) return call.release_to === user.userName ? null : { label: 'callId', reason: `This release was escalated to ${call.release_to}; only they may decide it` };
  const role = call.release_role ?? 'BH';
  if (!hasRole(user, role)) {
    return { label: 'callId', reason: `Releasing money calls needs the ${role} role` };
  }
  return null;
}

export interface ReleaseInput {
  application_id: string;
  verNum: number;
  callId: string;
  comment?: string;
}

/**
 * Release (POST /integration/release) or return (POST /integration/return) a call waiting TO_RELEASE, in one
 * transaction under the application's row lock: verNum, the releaser rule, the call QUEUED (the runner sends it after
 * the commit) or RETURNED (never sent; the maker may request it again), its event, verNum + 1, an audit row, a worklog
 * entry and a notification to the maker. Who and when are on the call (releasedBy, releasedAt) and in its history.
 */
export async function decideRelease(db: Db, user: CurrentUser, input: ReleaseInput, decision: 'RELEASED' | 'RETURNED', now = new Date()) {
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  let written: NotificationRow[] = [];
  const out = await db.transaction(async (tx) => {
    const app = await findApplication(tx, input.application_id, true);
    if (input.verNum !== app.ver_num) throw staleVersion(app.application_id, input.verNum, app.ver_num);
    const call = await callOf(tx, input.callId, true);
    if (!call || call.application_id !== app.application_id) throw notFound('callId', 'No such call on this application');
    if (call.state !== 'TO_RELEASE') throw refused('callId', `${call.call_id} is ${call.state}; only a call waiting for release can be released or returned`);
    const why = whyNotReleaser(call, user);
    if (why) throw forbidden(why.label, why.reason);
    if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}; money moves only on an ACTIVE application`);
    const released = decision === 'RELEASED';
    // The checker releases a tranche only to the account still verified as the borrower's, the one it was requested to.
    if (released && call.operation === 'DISBURSEMENT_TRANCHE') await assertVerifiedAccount(tx, app.application_id, call.request);
    const note = input.comment ?? '';
    const { rows } = await tx.query<CallRow>(
      `UPDATE integration_calls SET state = $2, released_by = $3, released_at = $4, release_note = $5, run_after = $4, updated_at = $4 WHERE call_id = $1 RETURNING *`,
      [call.call_id, released ? 'QUEUED' : 'RETURNED', user.userName, now, note || null],
    );
    const what = `${LABELS[call.operation]} ${call.call_id}${call.amount !== null ? ` (${Number(call.amount)})` : ''}`;
    const said = note ? `: ${note}` : '';
    await addEvent(tx, call.call_id, decision, `${released ? 'Released' : 'Returned'} by ${user.userName}${said}`, user.userName, now);
    if (released) await addEvent(tx, call.call_id, 'QUEUED', `Queued for ${call.operation === 'ACH_MANDATE' ? 'the mandate service' : 'core banking'}`, user.userName, now);
    const bumped = await tx.query<{ ver_num: number }>(`UPDATE applications SET ver_num = ver_num + 1, mod_time = $2 WHERE application_id = $1 RETURNING ver_num`, [app.application_id, now]);
    await writeAudits(tx, app.application_id, released ? 'integration_release' : 'integration_return', user.userName, now, [
      { key: `integration.${call.call_id}`, old: { state: 'TO_RELEASE', requestedBy: call.requested_by }, new: { state: released ? 'QUEUED' : 'RETURNED', by: user.userName, comment: note } },
    ]);
    const call_: WorklogText = call.amount !== null
      ? { key: 'moneyCallWhatAmount', params: { operation: call.operation, callId: call.call_id, amount: Number(call.amount) }, terms: { operation: 'moneyCall' }, amounts: ['amount'] }
      : { key: 'moneyCallWhat', params: { operation: call.operation, callId: call.call_id }, terms: { operation: 'moneyCall' } };
    await insertWorklog(tx, {
      applicationId: app.application_id, taskId: app.cur_task_id, userId: user.userName, action: released ? 'integration_release' : 'integration_return', at: now,
      text: { key: released ? 'moneyCallReleasedLog' : 'moneyCallReturnedLog', params: { actor: user.userName, requester: call.requested_by, note: said }, parts: { what: call_ } },
    });
    written = await notify(tx, app.application_id, user.userName, [{
      user: call.requested_by, type: 'FOLLOWED', event: 'AssignedToApprovalUser',
      message: `${user.userName} ${released ? 'released' : 'returned'} ${what} on ${app.application_id}${said}`,
    }], now);
    // Returning the last unsettled call (say, the mandate) after the full disbursement was confirmed ends the lifecycle.
    if (!released) written.push(...(await completeIfDisbursed(tx, app.application_id, call.requested_by, now)));
    const { rows: now_ } = await tx.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [app.application_id]);
    return { call: await viewCall(tx, rows[0]), verNum: now_[0]?.ver_num ?? bumped.rows[0].ver_num };
  });
  publishNotifications(db, written);
  return out;
}
