/**
 * The environment settings read where they are used rather than once at start-up, each for a reason, and the only
 * reads of `process.env` outside the start-up loaders of this folder (the lint refuses any other):
 * - secrets named by configuration (an external system's `credentialEnv`) and the outbound allow-list are read at
 *   each call, so a rotated secret applies without a restart and no copy of it is kept in memory;
 * - process-level knobs of one module (the session memo, the database pool, the PostgreSQL tools, seed diagnostics),
 *   validated here with their defaults.
 */

/** A variable named by configuration (a credential): its value now, or undefined. Never logged, never stored. */
export function namedSecret(name: string): string | undefined {
  const value = process.env[name];
  return value === undefined || value === '' ? undefined : value;
}

/** The whole environment, for the outbound guard's allow-list (OUTBOUND_ALLOW_HOSTS), read at each check. */
export const callTimeEnv = (): NodeJS.ProcessEnv => process.env;

function wholeNumber(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  return n;
}

/** LENDLINE_SESSION_CACHE_MS: how long a live session is memoised in this process (0 turns the memo off). */
export const sessionCacheMs = () => wholeNumber('LENDLINE_SESSION_CACHE_MS', 5000, 0, 60_000);
/** PG_POOL_MAX: connections of the PostgreSQL pool. */
export const pgPoolMax = () => wholeNumber('PG_POOL_MAX', 20, 1, 1000);
/** PG_BIN: the folder of pg_dump/pg_restore for backups, else the ones on PATH. */
export const pgBinDir = (): string | undefined => process.env.PG_BIN || undefined;
/** SEED_TIMING / SEED_EXPLAIN: the bulk seeder prints its phases' times / the generator's plan (benchmarks only). */
export const seedDiagnostics = () => ({ timing: !!process.env.SEED_TIMING, explain: !!process.env.SEED_EXPLAIN });
