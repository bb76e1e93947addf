import { AdapterError, moneyAdapter, type MoneyResult } from '../../adapters/credit';
import type { Db } from '../../db/db';
import { writeAudits } from '../applications/audit';
import { publishNotifications } from '../notifications/bus';
import type { NotificationRow } from '../notifications/notifications';
import { addEvent, type CallRow } from './calls';
import { insertWorklog, type WorklogText } from '../tasks/worklog-text';
import { completeIfDisbursed } from './completion';
import { systemConfig } from './config';
import { masked, maskedRaw } from './mask';

export interface RunnerOptions {
  tenant: string;
  /** How often due calls are looked for besides the kick after each request (ms). */
  pollMs: number;
  /** How long a claimed call belongs to this runner; after it, another runner may resume it (ms). */
  leaseMs: number;
  /** Automatic attempts of a call that failed transiently before it is left FAILED for staff to retry. */
  maxAttempts: number;
  log?: (msg: string) => void;
  /** After a CONFIRMED outcome is committed (the loan's documents go to the borrower then: domain/loan-documents). */
  onConfirmed?: (call: CallRow) => void;
  /**
   * Jobs that are not money calls, by operation (straight-through processing, domain/stp/jobs.ts): claimed, leased and
   * resumed like a money call; the handler runs the step and commits its outcome itself, fenced the same way.
   */
  jobs?: Record<string, (call: CallRow) => Promise<void>>;
}

const SYSTEM_OF = { LOAN_CREATION: 'CORE_BANKING', DISBURSEMENT_TRANCHE: 'CORE_BANKING', ACH_MANDATE: 'MANDATE' } as const;
const RUNNER = 'system';

/**
 * The durable job queue of the money calls: integration_calls is the queue, and this is its worker.
 *
 * A call is claimed in a short transaction (SELECT … FOR UPDATE SKIP LOCKED: on PostgreSQL several server processes
 * can each run a runner and never take the same call; on PGlite there is one process and the clause is harmless), moved
 * to SENT with attempts + 1 and a lease, and committed BEFORE the adapter is called. Then the call goes out with its
 * idempotency key, and the outcome is committed in a second transaction fenced on (state SENT, attempts) so a runner
 * whose lease was taken over cannot overwrite the newer attempt.
 *
 * Exactly once: every attempt after the first first asks the other side what it recorded for the key (lookup) and only
 * sends when it recorded nothing; and every send carries the same key, which the service applies once. So a crash
 * between the call and the commit (the row stays SENT; its lease runs out, or at start on PGlite at once), a timeout
 * whose request did arrive, or a staff retry of a failed call never moves money twice.
 */
export class CallRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(private readonly db: Db, private readonly opts: RunnerOptions) {}

  async start() {
    this.stopped = false;
    // PGlite is one process: a SENT call found at start was left by this server's previous life, never by a live
    // runner, so it is due now rather than when its lease would run out. On PostgreSQL other processes may hold leases.
    if (this.db.kind === 'pglite') await this.db.query(`UPDATE integration_calls SET lease_until = now() WHERE state = 'SENT'`);
    this.timer = setInterval(() => this.kick(), this.opts.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs every due call now (after a request commits); coalesces with a run in progress. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          while (!this.stopped && (await this.runOne())) {
            /* next due call */
          }
        } catch (e) {
          this.opts.log?.(`credit call runner: ${(e as Error).message}`);
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
  }

  /** Stops polling and waits for the call in flight to be committed. */
  async stop() {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Claims and runs one due call; false when none is due. */
  async runOne(now = () => new Date()): Promise<boolean> {
    const claimed = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<CallRow & { lease_until: Date | null }>(
        `SELECT * FROM integration_calls
          WHERE (state = 'QUEUED' AND run_after <= $1) OR (state = 'SENT' AND lease_until <= $1)
          ORDER BY created_at, call_id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now()],
      );
      const call = rows[0];
      if (!call) return null;
      const at = now();
      const resumed = call.state === 'SENT';
      const { rows: upd } = await tx.query<CallRow>(
        `UPDATE integration_calls SET state = 'SENT', attempts = attempts + 1, lease_until = $2, updated_at = $3 WHERE call_id = $1 RETURNING *`,
        [call.call_id, new Date(at.getTime() + this.opts.leaseMs), at],
      );
      await addEvent(tx, call.call_id, resumed ? 'RESUMED' : 'SENT', resumed ? `Attempt ${upd[0].attempts}: the previous attempt ended without an answer` : `Attempt ${upd[0].attempts}`, RUNNER, at);
      return upd[0];
    });
    if (!claimed) return false;
    await this.execute(claimed, now);
    return true;
  }

  private async execute(call: CallRow, now: () => Date) {
    const job = this.opts.jobs?.[call.operation];
    if (job) return job(call);
    const system = SYSTEM_OF[call.operation];
    const op = { idempotencyKey: call.call_id, operation: call.operation, applicationId: call.application_id, body: call.request };
    let result: MoneyResult | null = null;
    let error: AdapterError | null = null;
    let checked = false;
    try {
      // The tenant's config at the time of the attempt: a service moved to another address is used from the next one.
      const adapter = moneyAdapter(system, await systemConfig(this.db, this.opts.tenant, system), this.opts.tenant);
      if (call.attempts > 1) {
        result = await adapter.lookup(call.call_id);
        checked = result !== null;
      }
      result ??= await adapter.send(op);
    } catch (e) {
      if (!(e instanceof AdapterError)) throw e;
      error = e;
    }
    let written: NotificationRow[] = [];
    let confirmed = false;
    await this.db.transaction(async (tx) => {
      const at = now();
      // The application row first, as every request and release takes it: the outcome may complete the application.
      await tx.query(`SELECT 1 FROM applications WHERE application_id = $1 FOR UPDATE`, [call.application_id]);
      const giveUp = error && (!error.retryable || call.attempts >= this.opts.maxAttempts);
      const state = result ? (result.status === 'CONFIRMED' ? 'CONFIRMED' : 'FAILED') : giveUp ? 'FAILED' : 'QUEUED';
      const reason = result?.status === 'REJECTED' ? (result.reason ?? 'Rejected') : error ? error.message : null;
      const backoff = Math.min(60000, 1000 * 2 ** (call.attempts - 1));
      const { rows } = await tx.query(
        `UPDATE integration_calls SET state = $3, reason = $4, external_ref = coalesce($5, external_ref), response = coalesce($6, response),
                run_after = $7, lease_until = NULL, updated_at = $8
          WHERE call_id = $1 AND state = 'SENT' AND attempts = $2 RETURNING call_id`,
        [call.call_id, call.attempts, state, reason, result?.reference ?? null, result ? JSON.stringify(maskedRaw(result.raw)) : null, new Date(at.getTime() + (state === 'QUEUED' ? backoff : 0)), at],
      );
      if (!rows.length) return; // another runner took the call over after this one's lease ran out: its outcome stands
      const detail = result
        ? `${result.status === 'CONFIRMED' ? 'Confirmed' : 'Rejected'} (${result.reference})${checked ? ' — found already applied, not sent again' : ''}${reason && result.status !== 'CONFIRMED' ? `: ${reason}` : ''}`
        : `${error!.message}${state === 'QUEUED' ? `; next attempt in ${Math.round(backoff / 1000)} s` : ''}`;
      await addEvent(tx, call.call_id, state === 'CONFIRMED' ? 'CONFIRMED' : 'FAILED', detail, RUNNER, at);
      await writeAudits(tx, call.application_id, 'integration_call', call.requested_by, at, [{
        key: `integration.${call.call_id}`,
        old: { state: 'SENT', attempt: call.attempts },
        new: { state, sent: masked({ idempotencyKey: call.call_id, ...call.request }), received: result ? maskedRaw(result.raw) : { error: error!.kind, reason: error!.message }, lookedUp: checked },
      }], { system, runBy: RUNNER });
      const base = { operation: call.operation, callId: call.call_id, requester: call.requested_by };
      const lookedUp: Pick<WorklogText, 'parts'> = checked ? { parts: { lookedUp: { key: 'moneyCallLookedUp', params: {} } } } : {};
      const text: WorklogText = result
        ? result.status === 'CONFIRMED'
          ? { key: 'moneyCallConfirmedLog', params: { ...base, reference: result.reference, lookedUp: '' }, ...lookedUp }
          : { key: 'moneyCallRejectedLog', params: { ...base, reference: result.reference, lookedUp: '', note: reason ? `: ${reason}` : '' }, ...lookedUp }
        : state === 'QUEUED'
          ? { key: 'moneyCallAttemptFailedLog', params: { ...base, reason: error!.message, seconds: Math.round(backoff / 1000) } }
          : { key: 'moneyCallFailedLog', params: { ...base, reason: error!.message } };
      await insertWorklog(tx, { applicationId: call.application_id, taskId: null, userId: RUNNER, action: 'integration_call', at, text: { ...text, terms: { operation: 'moneyCall' } } });
      // The last confirmation of a full disbursement ends the lifecycle, in this same transaction (completion.ts).
      if (state === 'CONFIRMED') written = await completeIfDisbursed(tx, call.application_id, call.requested_by, at);
      confirmed = state === 'CONFIRMED';
    });
    publishNotifications(this.db, written);
    if (confirmed) this.opts.onConfirmed?.(call);
  }
}
