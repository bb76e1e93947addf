import type { Queryable } from '../../db/db';

export interface MoneyCallQueue {
  /** Calls per state among those still moving or stuck: QUEUED, SENT (awaiting confirmation), FAILED (staff must act). */
  byState: Record<'QUEUED' | 'SENT' | 'FAILED', number>;
  /** Age in seconds of the oldest QUEUED call (requested or released that long ago; waiting for its first attempt or a
   *  retry after a backoff); 0 when none waits. A growing value means the runner is stuck or the system is down. */
  oldestQueuedSeconds: number;
}

/**
 * The money-call queue (domain/credit/calls.ts) as /metrics shows it, read at scrape time: one small grouped query
 * (QUEUED and SENT rows are few and indexed by run_after; FAILED rows wait for staff, also few).
 */
export async function moneyCallQueue(q: Queryable): Promise<MoneyCallQueue> {
  const { rows } = await q.query<{ state: 'QUEUED' | 'SENT' | 'FAILED'; n: string; oldest: string | null }>(
    `SELECT state, count(*)::text AS n,
            CASE WHEN state = 'QUEUED' THEN extract(epoch FROM (now() - min(created_at)))::text END AS oldest
       FROM integration_calls WHERE state IN ('QUEUED', 'SENT', 'FAILED') AND operation NOT LIKE 'STP\\_%' GROUP BY state`,
  );
  const byState = { QUEUED: 0, SENT: 0, FAILED: 0 };
  let oldestQueuedSeconds = 0;
  for (const r of rows) {
    byState[r.state] = Number(r.n);
    if (r.oldest !== null) oldestQueuedSeconds = Math.max(0, Number(r.oldest));
  }
  return { byState, oldestQueuedSeconds };
}

/** User names locked out of signing in right now (docs/identity.md "Lockout"), across all processes. */
export async function lockedOutNames(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: string }>(`SELECT count(*)::text AS n FROM login_failures WHERE locked_until > now()`);
  return Number(rows[0]?.n ?? 0);
}
