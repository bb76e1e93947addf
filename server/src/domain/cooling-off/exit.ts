import type { Db, Queryable } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { notify } from '../applications/notify';
import { findApplication, type ApplicationRow } from '../applications/row';
import { callIdOf } from '../credit/calls';
import { isStaff, mayAct, type CurrentUser } from '../current-user';
import { forbidden, permissionMissing, refused } from '../errors';
import { publishNotifications } from '../notifications/bus';
import type { NotificationRow } from '../notifications/notifications';
import { exitAmount, windowEnd, type Tranche } from './amount';
import { loanCostBasis } from './cost-basis';
import { coolingOffDays } from './window';
import { insertWorklog } from '../tasks/worklog-text';

interface ExitRow {
  application_id: string;
  requested_by: string;
  requested_at: Date;
  principal: string;
  interest: string;
  amount: string;
  days_held: number;
  annual_rate_percent: string;
  state: 'REQUESTED' | 'PROCESSED';
  processed_by: string | null;
  processed_at: Date | null;
  process_reason: string | null;
}

export type CoolingOffState = 'NO_LOAN' | 'OPEN' | 'CLOSED' | 'REQUESTED' | 'PROCESSED';

/** When core banking confirmed the loan (the CONFIRMED event of LOAN-<app>), or null while it is not created. */
async function loanCreatedAt(q: Queryable, applicationId: string): Promise<Date | null> {
  const { rows } = await q.query<{ at: Date }>(
    `SELECT e.at FROM integration_call_events e JOIN integration_calls c USING (call_id)
      WHERE c.call_id = $1 AND c.state = 'CONFIRMED' AND e.event = 'CONFIRMED' ORDER BY e.id LIMIT 1`,
    [callIdOf(applicationId, 'LOAN_CREATION')],
  );
  return rows[0] ? new Date(rows[0].at) : null;
}

/** The confirmed tranches with the time core banking confirmed each: the principal the borrower holds. */
async function disbursed(q: Queryable, applicationId: string): Promise<Tranche[]> {
  const { rows } = await q.query<{ amount: string; at: Date }>(
    `SELECT c.amount::text AS amount, min(e.at) AS at FROM integration_calls c JOIN integration_call_events e USING (call_id)
      WHERE c.application_id = $1 AND c.operation = 'DISBURSEMENT_TRANCHE' AND c.state = 'CONFIRMED' AND e.event = 'CONFIRMED'
      GROUP BY c.call_id, c.amount ORDER BY min(e.at)`,
    [applicationId],
  );
  return rows.map((r) => ({ amount: Number(r.amount), disbursedAt: new Date(r.at) }));
}

async function exitRow(q: Queryable, applicationId: string, lock = false): Promise<ExitRow | null> {
  const { rows } = await q.query<ExitRow>(`SELECT * FROM loan_exit_requests WHERE application_id = $1${lock ? ' FOR UPDATE' : ''}`, [applicationId]);
  return rows[0] ?? null;
}

/**
 * The cooling-off period of a loan as the borrower's status page and the Credit tab show it: NO_LOAN until core
 * banking confirms the loan; then OPEN for the configured days (window.ts) with what an exit costs today (amount.ts, at
 * loanCostBasis), CLOSED after; REQUESTED once the borrower asked to exit (the figures as of the request), PROCESSED
 * once staff processed it. Staff see who processed it and their reason; the borrower does not.
 */
export async function coolingOffOf(q: Queryable, tenant: string, app: ApplicationRow, viewer: CurrentUser, now = new Date()) {
  const days = await coolingOffDays(q, tenant, app.product_code);
  const created = await loanCreatedAt(q, app.application_id);
  const ends = created ? windowEnd(created, days) : null;
  const row = await exitRow(q, app.application_id);
  let state: CoolingOffState = !created ? 'NO_LOAN' : row ? row.state : now < ends! ? 'OPEN' : 'CLOSED';
  let quote = null;
  if (row) {
    quote = { principal: Number(row.principal), interest: Number(row.interest), amount: Number(row.amount), daysHeld: row.days_held, annualRatePercent: Number(row.annual_rate_percent) };
  } else if (state === 'OPEN') {
    const basis = await loanCostBasis(q, app);
    quote = { ...exitAmount(await disbursed(q, app.application_id), basis.annualRatePercent, now), annualRatePercent: basis.annualRatePercent };
  }
  if (state === 'NO_LOAN' && row) state = row.state;
  return {
    state,
    days,
    loanCreatedAt: created?.toISOString() ?? null,
    windowEndsAt: ends?.toISOString() ?? null,
    quote,
    request: row
      ? {
          requestedAt: new Date(row.requested_at).toISOString(),
          state: row.state,
          processedAt: row.processed_at ? new Date(row.processed_at).toISOString() : null,
          // Staff's own notes (who processed it, and how) stay with staff.
          ...(isStaff(viewer) ? { processedBy: row.processed_by, reason: row.process_reason } : {}),
        }
      : null,
  };
}

/**
 * "Exit the loan" (the borrower, on the portal's status page): only the customer with the application's appRefId
 * (an exit is the borrower's own decision, never an officer's), only while the window is open, once. Records the
 * amount as of now (principal + interest for the days held, no penalty), an audit row and a worklog entry, and tells
 * the officer who requested the loan and the application's initiator to process it. A second request answers the
 * first (replayed).
 */
export async function requestExit(db: Db, tenant: string, user: CurrentUser, applicationId: string, now = new Date()) {
  if (isStaff(user)) throw forbidden('permission', 'Exiting the loan is the borrower\'s own request, made on the portal');
  let written: NotificationRow[] = [];
  const out = await db.transaction(async (tx) => {
    const app = await findApplication(tx, applicationId, true);
    const existing = await exitRow(tx, applicationId, true);
    if (existing) return { replayed: true };
    const view = await coolingOffOf(tx, tenant, app, user, now);
    if (view.state === 'NO_LOAN') throw refused('coolingOff', 'The loan is not created yet: there is nothing to exit');
    if (view.state !== 'OPEN' || !view.quote) throw refused('coolingOff', 'The cooling-off period of this loan has ended');
    const q = view.quote;
    await tx.query(
      `INSERT INTO loan_exit_requests (application_id, requested_by, requested_at, principal, interest, amount, days_held, annual_rate_percent, state)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,'REQUESTED')`,
      [applicationId, user.userName, now, q.principal, q.interest, q.amount, q.daysHeld, q.annualRatePercent],
    );
    await writeAudits(tx, applicationId, 'loan_exit_request', user.userName, now, [{ key: 'coolingOff.exit', old: null, new: { state: 'REQUESTED', ...q } }]);
    await insertWorklog(tx, {
      applicationId, taskId: app.cur_task_id, userId: user.userName, action: 'loan_exit_request', at: now,
      text: { key: 'coolingOffExitRequestedLog', params: { amount: q.amount, principal: q.principal, interest: q.interest, days: q.daysHeld, rate: q.annualRatePercent }, amounts: ['amount', 'principal', 'interest'] },
    });
    const { rows } = await tx.query<{ requested_by: string }>(`SELECT requested_by FROM integration_calls WHERE call_id = $1`, [callIdOf(applicationId, 'LOAN_CREATION')]);
    const officers = [...new Set([rows[0]?.requested_by, app.initiated_by].filter((u): u is string => !!u))];
    written = await notify(tx, applicationId, user.userName, officers.map((u) => ({
      user: u, type: 'FOLLOWED' as const, event: 'AssignedToUser' as const,
      message: `The borrower of ${applicationId} asked to exit the loan in its cooling-off period (repays ${q.amount}): process it on the Credit tab`,
    })), now);
    return { replayed: false };
  });
  publishNotifications(db, written);
  const app = await findApplication(db, applicationId);
  return { data: await coolingOffOf(db, tenant, app, user, now), replayed: out.replayed };
}

/**
 * Staff mark the exit processed (the repayment received and the loan closed in core banking — done there; this
 * records it) with a reason. Needs APPLICATIONS_ACTIONS; 400 unless an exit is REQUESTED. Audited, in the worklog.
 */
export async function processExit(db: Db, tenant: string, user: CurrentUser, applicationId: string, reason: string, now = new Date()) {
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  await db.transaction(async (tx) => {
    const app = await findApplication(tx, applicationId, true);
    const row = await exitRow(tx, applicationId, true);
    if (!row || row.state !== 'REQUESTED') throw refused('coolingOff', row ? 'This exit is already processed' : 'The borrower has not asked to exit this loan');
    await tx.query(`UPDATE loan_exit_requests SET state = 'PROCESSED', processed_by = $2, processed_at = $3, process_reason = $4 WHERE application_id = $1`, [applicationId, user.userName, now, reason]);
    await writeAudits(tx, applicationId, 'loan_exit_processed', user.userName, now, [{ key: 'coolingOff.exit', old: { state: 'REQUESTED' }, new: { state: 'PROCESSED', reason } }]);
    await insertWorklog(tx, {
      applicationId, taskId: app.cur_task_id, userId: user.userName, action: 'loan_exit_processed', at: now,
      text: { key: 'coolingOffExitProcessedLog', params: { actor: user.userName, reason } },
    });
  });
  const app = await findApplication(db, applicationId);
  return { data: await coolingOffOf(db, tenant, app, user, now) };
}
