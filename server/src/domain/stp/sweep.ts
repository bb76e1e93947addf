import { EventEmitter } from 'node:events';
import type { Db } from '../../db/db';
import { enqueueJob, type StpOperation, type StpStage } from './run';

/**
 * Submissions tell the runner to look now (after their commit) rather than at its next poll. One emitter per process;
 * each server's runner listens while it runs.
 */
export const stpKicks = new EventEmitter();
stpKicks.setMaxListeners(50);

/**
 * The tenant whose policy a portal submission is judged by: the server's DEFAULT_TENANT, set when the credit routes
 * register (the portal's save route has no tenant of its own; one process serves one tenant's adapters).
 */
export const stpSettings = { tenant: '*' };

const JOB_OF: Partial<Record<StpStage, StpOperation>> = { BUREAU: 'STP_BUREAU', BANK_STATEMENT: 'STP_BANK_STATEMENT', DECISION: 'STP_DECISION', OFFER: 'STP_OFFER' };

/**
 * At start: a RUNNING run whose current step has no job waiting or in flight (a database restored from a copy taken
 * between two writes, a job row removed by hand) gets its step queued again. The jobs themselves need no sweep: QUEUED
 * ones are due, SENT ones are resumed by the runner (at once on PGlite, after their lease on PostgreSQL).
 * Answers how many runs were picked up.
 */
export async function sweepRuns(db: Db, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ application_id: string; stage: StpStage }>(
    `SELECT r.application_id, r.stage FROM stp_runs r
      WHERE r.state = 'RUNNING'
        AND NOT EXISTS (SELECT 1 FROM integration_calls c WHERE c.application_id = r.application_id AND c.operation LIKE 'STP\\_%' AND c.state IN ('QUEUED', 'SENT'))
      LIMIT 10000`,
  );
  let n = 0;
  for (const r of rows) {
    const op = JOB_OF[r.stage];
    if (!op) continue;
    await db.transaction(async (tx) => {
      // A job of this step that already ended (CONFIRMED or FAILED) is not run again: a fresh key only if none exists.
      await enqueueJob(tx, r.application_id, op, now);
    });
    n++;
  }
  return n;
}
