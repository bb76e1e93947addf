import { formatInr } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { notify } from '../applications/notify';
import { publishNotifications } from '../notifications/bus';
import type { NotificationRow } from '../notifications/notifications';
import { findApplication, type ApplicationRow } from '../applications/row';
import { ERROR_MESSAGES } from '@lendline/shared/contract';
import { isAssignedToCurrentUser } from '../applications/access';
import { isStaff, mayAct, type CurrentUser } from '../current-user';
import { forbidden, HttpError, notFound, permissionMissing, refused, staleVersion } from '../errors';
import { currentTask } from '../lifecycle/tasks';
import { releaseTarget } from './release-target';
import { sanctionBlocker, sanctionedAmount } from './sanction';
import { assertVerifiedAccount } from '../bank-accounts/verified';
import { kfsBlocker } from '../kfs/store';
import { insertWorklog, type WorklogText } from '../tasks/worklog-text';

export type Operation = 'LOAN_CREATION' | 'DISBURSEMENT_TRANCHE' | 'ACH_MANDATE';
/** TO_RELEASE: requested, waiting for a second person (maker-checker); RETURNED: refused by them, never sent. */
export type CallState = 'TO_RELEASE' | 'RETURNED' | 'QUEUED' | 'SENT' | 'CONFIRMED' | 'FAILED';
export type CallEventKind = 'REQUESTED' | 'ESCALATED' | 'RELEASED' | 'RETURNED' | 'QUEUED' | 'SENT' | 'CONFIRMED' | 'FAILED' | 'RETRIED' | 'RESUMED';

export interface CallRow {
  call_id: string;
  application_id: string;
  operation: Operation;
  tranche_no: number | null;
  amount: string | null;
  state: CallState;
  attempts: number;
  retries: number;
  request: Record<string, unknown>;
  response: Record<string, unknown> | null;
  reason: string | null;
  external_ref: string | null;
  requested_by: string;
  release_role: string | null;
  release_team: string | null;
  release_to: string | null;
  released_by: string | null;
  released_at: Date | string | null;
  release_note: string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

/** The idempotency key of an operation: one loan and one mandate per application, one key per tranche number. */
export function callIdOf(applicationId: string, op: Operation, trancheNo?: number): string {
  return op === 'LOAN_CREATION' ? `LOAN-${applicationId}` : op === 'ACH_MANDATE' ? `MANDATE-${applicationId}` : `TRANCHE-${applicationId}-${trancheNo}`;
}

export async function addEvent(q: Queryable, callId: string, event: CallEventKind, detail: string, by: string, at: Date) {
  await q.query(`INSERT INTO integration_call_events (call_id, event, detail, by_user, at) VALUES ($1,$2,$3,$4,$5)`, [callId, event, detail.slice(0, 1000), by, at]);
}

export interface MoneyRequest {
  application_id: string;
  verNum: number;
  operation: Operation;
  trancheNo?: number;
  amount?: number;
  mandate?: { accountNumber: string; ifsc: string; accountHolder: string; maxAmount?: number };
}

const sanctioned = sanctionedAmount;

/** What must hold before money moves (sanction.ts): an APPROVE decision, or a REFER whose deviations were approved. */
async function assertSanctioned(q: Queryable, app: ApplicationRow) {
  const why = await sanctionBlocker(q, app);
  if (why) throw refused(why.label, why.reason);
}

export async function callOf(q: Queryable, callId: string, lock = false): Promise<CallRow | null> {
  const { rows } = await q.query<CallRow>(`SELECT * FROM integration_calls WHERE call_id = $1${lock ? ' FOR UPDATE' : ''}`, [callId]);
  return rows[0] ?? null;
}

/** The preconditions of each operation, checked under the application's row lock; returns what is sent. */
async function prepare(tx: Queryable, app: ApplicationRow, r: MoneyRequest, reopening: boolean): Promise<{ amount: number | null; body: Record<string, unknown> }> {
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}; money moves only on an ACTIVE application`);
  await assertSanctioned(tx, app);
  const amountSanctioned = sanctioned(app);
  if (r.operation === 'LOAN_CREATION') {
    if (!(amountSanctioned > 0 && amountSanctioned <= 9999999999.99)) throw refused('loanAmount', 'The application has no valid loan amount');
    // The borrower must have accepted a Key Fact Statement of these very terms, within its validity (issue 27).
    const noKfs = await kfsBlocker(tx, app);
    if (noKfs) throw refused('KFS', noKfs);
    return { amount: amountSanctioned, body: { amount: amountSanctioned, productCode: app.product_code, tenureMonths: app.custom_fields.tenureMonths ?? null, borrower: app.applicant_name } };
  }
  const loan = await callOf(tx, callIdOf(app.application_id, 'LOAN_CREATION'));
  if (loan?.state !== 'CONFIRMED' || !loan.external_ref) throw refused('LOAN_CREATION', 'The loan is not created in core banking yet');
  if (r.operation === 'ACH_MANDATE') {
    if (!r.mandate) throw refused('mandate', 'The mandate needs accountNumber, ifsc and accountHolder');
    const maxAmount = r.mandate.maxAmount ?? amountSanctioned;
    return { amount: maxAmount, body: { loanReference: loan.external_ref, accountNumber: r.mandate.accountNumber, ifsc: r.mandate.ifsc, accountHolder: r.mandate.accountHolder, amount: maxAmount, frequency: 'MONTHLY' } };
  }
  if (!r.trancheNo || !r.amount) throw refused('amount', 'A tranche needs trancheNo and amount');
  // Numbers go up one by one over every tranche ever requested; a RETURNED one (never sent) may be requested again under
  // its own number, and counts towards nothing.
  const { rows } = await tx.query<{ last: number; total: string }>(
    `SELECT coalesce(max(tranche_no), 0)::int AS last, coalesce(sum(amount) FILTER (WHERE state <> 'RETURNED'), 0)::text AS total
       FROM integration_calls WHERE application_id = $1 AND operation = 'DISBURSEMENT_TRANCHE'`,
    [app.application_id],
  );
  if (!reopening && r.trancheNo !== rows[0].last + 1) throw refused('trancheNo', `The next tranche is number ${rows[0].last + 1}`);
  if (Number(rows[0].total) >= amountSanctioned) throw refused('amount', `The sanctioned ${formatInr(amountSanctioned)} is already disbursed or requested in full: no further tranche`);
  const total = Number(rows[0].total) + r.amount;
  if (total > amountSanctioned) throw refused('amount', `Tranches would total ${formatInr(total)}, above the sanctioned ${formatInr(amountSanctioned)}`);
  // Money only to the borrower (issue 27): the tranche goes to the account verified as the applicant's own, named in what is sent.
  const to = await assertVerifiedAccount(tx, app.application_id);
  return { amount: r.amount, body: { loanReference: loan.external_ref, trancheNo: r.trancheNo, amount: r.amount, accountNumber: to.account_number, ifsc: to.ifsc, accountHolder: to.name_returned } };
}

/**
 * §6 as this product applies it to money (docs/identity.md "Money calls"): only the holder of the application's
 * current task may request or retry a money call — no supervisor or admin role stands in (they reassign the task to
 * themselves first, which the task's history shows). The refusal names neither the holder nor the task, so a caller
 * who may open the application learns nothing more from it.
 */
export async function assertTaskHolder(q: Queryable, app: ApplicationRow, user: CurrentUser) {
  const task = await currentTask(q, app.cur_task_id);
  if (!isAssignedToCurrentUser(app, task, user)) throw forbidden('task', 'Only the holder of the application\'s current task may request money calls');
}

/** 409 with the §8 body: the operation's key was requested already with other values (never "already requested"). */
const conflicting = (callId: string, what: string) =>
  new HttpError(409, { code: 1101, message: ERROR_MESSAGES[1101], data: [{ label: 'replay', reason: `${callId} was already requested with ${what}; a different request needs a new key` }] });

/** Whether a replay asks for the same thing as the stored call (amount, and the mandate's account). */
function sameRequest(existing: CallRow, r: MoneyRequest) {
  if (r.operation === 'DISBURSEMENT_TRANCHE' && Number(existing.amount) !== r.amount) return `amount ${Number(existing.amount)}`;
  if (r.operation === 'ACH_MANDATE' && r.mandate) {
    const q = existing.request as { accountNumber?: string; ifsc?: string; accountHolder?: string; amount?: number };
    const m = r.mandate;
    if (q.accountNumber !== m.accountNumber || q.ifsc !== m.ifsc || q.accountHolder !== m.accountHolder || (m.maxAmount !== undefined && Number(q.amount) !== m.maxAmount)) return 'other account details';
  }
  return null;
}

/**
 * Requests one money operation (POST /integration/loanCreation, /disbursementTranche, /achMandate). Only the holder of
 * the current task (assertTaskHolder). The request is idempotent by its key: when the operation was already requested
 * with the same values (a double click, a client retry after a lost reply) the existing call is answered as it stands
 * and nothing is added, whatever verNum is sent; with other values (another amount) it is 409. A RETURNED call may be
 * requested again under its key. Otherwise, in one transaction under the application's row lock: verNum, the
 * preconditions, the call TO_RELEASE for a second person (release-target.ts; release.ts releases it to the queue),
 * verNum + 1, an audit row and a worklog entry. Nothing goes to the external system before the release.
 */
export async function requestMoneyCall(db: Db, user: CurrentUser, r: MoneyRequest, now = new Date()) {
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  let written: NotificationRow[] = [];
  const out = await db.transaction(async (tx) => {
    const app = await findApplication(tx, r.application_id, true);
    // A closed application (COMPLETED after its full disbursement) is told as such, not as a task nobody holds.
    if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status}; money moves only on an ACTIVE application`);
    await assertTaskHolder(tx, app, user);
    const callId = callIdOf(app.application_id, r.operation, r.trancheNo);
    const existing = await callOf(tx, callId, true);
    if (existing && existing.state !== 'RETURNED') {
      const differs = sameRequest(existing, r);
      if (differs) throw conflicting(callId, differs);
      return { call: await viewCall(tx, existing), replayed: true, verNum: app.ver_num };
    }
    if (r.verNum !== app.ver_num) throw staleVersion(app.application_id, r.verNum, app.ver_num);
    const { amount, body } = await prepare(tx, app, r, existing?.state === 'RETURNED');
    const to = await releaseTarget(tx, app, user.userName);
    const { rows } = await tx.query<CallRow>(
      `INSERT INTO integration_calls (call_id, application_id, operation, tranche_no, amount, request, requested_by, state, release_role, release_team, release_to, run_after, created_at, updated_at)
       VALUES ($1,$2,$3,$4,$5,$6,$7,'TO_RELEASE',$8,$9,$10,$11,$11,$11)
       ON CONFLICT (call_id) DO UPDATE SET amount = EXCLUDED.amount, request = EXCLUDED.request, requested_by = EXCLUDED.requested_by, state = 'TO_RELEASE',
         release_role = EXCLUDED.release_role, release_team = EXCLUDED.release_team, release_to = EXCLUDED.release_to,
         released_by = NULL, released_at = NULL, release_note = NULL, reason = NULL, updated_at = EXCLUDED.updated_at
       RETURNING *`,
      [callId, app.application_id, r.operation, r.trancheNo ?? null, amount, JSON.stringify(body), user.userName, to.role, to.team, to.userName, now],
    );
    await addEvent(tx, callId, 'REQUESTED', `Requested by ${user.userName}; waits for release by ${to.label}`, user.userName, now);
    if (to.escalatedFrom) await addEvent(tx, callId, 'ESCALATED', `Escalated to ${to.userName} (${to.name}): ${to.escalatedFrom}`, user.userName, now);
    const bumped = await tx.query<{ ver_num: number }>(`UPDATE applications SET ver_num = ver_num + 1, mod_time = $2 WHERE application_id = $1 RETURNING ver_num`, [app.application_id, now]);
    await writeAudits(tx, app.application_id, 'integration_request', user.userName, now, [{ key: `integration.${callId}`, old: existing ? { state: 'RETURNED' } : null, new: { state: 'TO_RELEASE', operation: r.operation, amount, releaser: to.label } }]);
    const releaser: WorklogText = to.userName ? { key: 'releaseToUser', params: { user: to.userName, level: to.name } } : { key: 'releaseToLevel', params: { level: to.name, role: to.role } };
    await insertWorklog(tx, {
      applicationId: app.application_id, taskId: app.cur_task_id, userId: user.userName, action: 'integration_request', at: now,
      text: { key: amount !== null ? 'moneyCallRequestedAmountLog' : 'moneyCallRequestedLog', params: { operation: r.operation, callId, amount: amount ?? '' }, terms: { operation: 'moneyCall' }, amounts: ['amount'], parts: { releaser } },
    });
    written = await notify(tx, app.application_id, user.userName, [
      to.notice(`${LABELS[r.operation]} on ${app.application_id} (${callId}${amount !== null ? `, ${amount}` : ''}) requested by ${user.userName} waits for release`),
    ], now);
    return { call: await viewCall(tx, rows[0]), replayed: false, verNum: bumped.rows[0].ver_num };
  });
  publishNotifications(db, written);
  return out;
}

export const LABELS: Record<Operation, string> = { LOAN_CREATION: 'Loan creation', DISBURSEMENT_TRANCHE: 'Disbursement tranche', ACH_MANDATE: 'ACH mandate' };

/**
 * Staff retry of a FAILED call (POST /integration/retry): back to QUEUED with retries + 1 and a RETRIED event; the
 * runner asks the other side for the key's outcome before sending again, so a call that failed after it was applied
 * is confirmed, not repeated. Needs APPLICATIONS_ACTIONS; verNum as every change.
 */
export async function retryCall(db: Db, user: CurrentUser, r: { application_id: string; verNum: number; callId: string }, now = new Date()) {
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  return db.transaction(async (tx) => {
    const app = await findApplication(tx, r.application_id, true);
    await assertTaskHolder(tx, app, user);
    if (r.verNum !== app.ver_num) throw staleVersion(app.application_id, r.verNum, app.ver_num);
    const call = await callOf(tx, r.callId, true);
    if (!call || call.application_id !== app.application_id) throw notFound('callId', 'No such call on this application');
    if (call.state !== 'FAILED') throw refused('callId', `${call.call_id} is ${call.state}; only a FAILED call can be retried`);
    const { rows } = await tx.query<CallRow>(
      `UPDATE integration_calls SET state = 'QUEUED', retries = retries + 1, reason = NULL, run_after = $2, lease_until = NULL, updated_at = $2 WHERE call_id = $1 RETURNING *`,
      [call.call_id, now],
    );
    await addEvent(tx, call.call_id, 'RETRIED', `Retried by ${user.userName} after: ${call.reason ?? 'failure'}`, user.userName, now);
    const bumped = await tx.query<{ ver_num: number }>(`UPDATE applications SET ver_num = ver_num + 1, mod_time = $2 WHERE application_id = $1 RETURNING ver_num`, [app.application_id, now]);
    await writeAudits(tx, app.application_id, 'integration_retry', user.userName, now, [{ key: `integration.${call.call_id}`, old: { state: 'FAILED', reason: call.reason }, new: { state: 'QUEUED' } }]);
    await insertWorklog(tx, {
      applicationId: app.application_id, taskId: app.cur_task_id, userId: user.userName, action: 'integration_retry', at: now,
      text: { key: 'moneyCallRetriedLog', params: { operation: call.operation, callId: call.call_id, reason: call.reason ?? 'unknown' }, terms: { operation: 'moneyCall' } },
    });
    return { call: await viewCall(tx, rows[0]), verNum: bumped.rows[0].ver_num };
  });
}

/** A call as the application shows it, with its history. */
export async function viewCall(q: Queryable, c: CallRow) {
  const { rows } = await q.query<{ event: string; detail: string; by: string; at: Date }>(
    `SELECT event, detail, by_user AS by, at FROM integration_call_events WHERE call_id = $1 ORDER BY id`,
    [c.call_id],
  );
  return {
    callId: c.call_id,
    operation: c.operation,
    trancheNo: c.tranche_no,
    amount: c.amount === null ? null : Number(c.amount),
    state: c.state,
    attempts: c.attempts,
    retries: c.retries,
    reason: c.reason,
    externalRef: c.external_ref,
    requestedBy: c.requested_by,
    release: {
      role: c.release_role,
      waitsFor: c.state === 'TO_RELEASE' ? (c.release_to ?? (c.release_team ? `team ${c.release_team}` : null)) : null,
      // The same team by id, for a screen to name it in its language (a team id such as APPROVAL is also a code).
      waitsForTeam: c.state === 'TO_RELEASE' && !c.release_to ? (c.release_team ?? null) : null,
      releasedBy: c.released_by,
      releasedAt: c.released_at ? new Date(c.released_at).toISOString() : null,
      note: c.release_note,
    },
    createdAt: new Date(c.created_at).toISOString(),
    updatedAt: new Date(c.updated_at).toISOString(),
    events: rows.map((e) => ({ event: e.event, detail: e.detail, by: e.by, at: new Date(e.at).toISOString() })),
  };
}

export async function callsOf(q: Queryable, applicationId: string) {
  const { rows } = await q.query<CallRow>(`SELECT * FROM integration_calls WHERE application_id = $1 AND operation NOT LIKE 'STP\\_%' ORDER BY created_at, call_id`, [applicationId]);
  return Promise.all(rows.map((r) => viewCall(q, r)));
}
