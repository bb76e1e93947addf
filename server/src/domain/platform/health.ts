import type { Queryable } from '../../db/db';

/** How long the probe waits for the database: a probe that hangs with it tells an orchestrator nothing. */
export const HEALTH_TIMEOUT_MS = 2000;

/** How notification pushes travel: within one process, or between processes through Redis (and whether it answers). */
export type RealtimeHealth = 'local' | 'redis:ok' | 'redis:down';

export type DatabaseHealth = { ok: true } | { ok: false; error: string };

/** Whether the database answers a trivial query within `timeoutMs`. */
export async function databaseHealth(db: Queryable, timeoutMs = HEALTH_TIMEOUT_MS): Promise<DatabaseHealth> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.query('SELECT 1'), timeout]);
    return { ok: true };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
