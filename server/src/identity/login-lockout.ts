import { ERROR_CODES, ERROR_MESSAGES } from '@lendline/shared/contract';
import type { Db, Queryable } from '../db/db';
import type { LoginLockoutEnv } from '../config/env';
import { HttpError } from '../domain/errors';

/**
 * Sign-in lockout in two tiers (docs/identity.md "Lockout"), kept in the database so every server process sees the
 * same counts:
 * - per client address and user name (login_address_failures): after `addressAttempts` wrong passwords from one
 *   address, that address is refused for that name until its lock ends. This tier is checked first, and an address
 *   it refuses adds nothing to the name's own count: one attacker gets throttled, the colleague whose name they typed
 *   signs in from their own address as usual;
 * - per user name (login_failures): after `attempts` wrong passwords from all addresses together (a guess spread
 *   over many addresses) the name is locked for everyone. An admin's unlock or a completed password reset lifts it.
 * An attempt is counted in both when it begins, before the password is checked: a hundred parallel guesses get
 * `addressAttempts` checks, not a hundred. A success forgets the name's count and this address's.
 */
export type AttemptResult = { allowed: true } | { allowed: false; lockedUntil: Date };

interface Row {
  attempts: number;
  window_started_at: Date | string;
  locked_until: Date | string | null;
}

const at = (v: Date | string | null) => (v == null ? null : new Date(v));

/** One tier's counter row: the table and the columns that pick the row ($1, $2 …). */
interface Counter {
  table: 'login_failures' | 'login_address_failures';
  keys: string[];
  values: string[];
  max: number;
}

const whereOf = (c: Counter) => c.keys.map((k, i) => `${k} = $${i + 1}`).join(' AND ');

/** Counts one attempt in a tier, or refuses it while the tier is locked (or its allowance is taken). */
async function begin(tx: Queryable, c: Counter, cfg: LoginLockoutEnv, now: Date): Promise<AttemptResult> {
  const n = c.keys.length;
  await tx.query(
    `INSERT INTO ${c.table} (${c.keys.join(', ')}, window_started_at) VALUES (${c.keys.map((_, i) => `$${i + 1}`).join(', ')}, $${n + 1}) ON CONFLICT DO NOTHING`,
    [...c.values, now],
  );
  const { rows } = await tx.query<Row>(`SELECT attempts, window_started_at, locked_until FROM ${c.table} WHERE ${whereOf(c)} FOR UPDATE`, c.values);
  const row = rows[0];
  const lockedUntil = at(row.locked_until);
  if (lockedUntil && lockedUntil > now) return { allowed: false, lockedUntil };
  let attempts = row.attempts;
  let windowStart = at(row.window_started_at)!;
  // A window that ran out, or a lock that did, starts the count again.
  if (lockedUntil || windowStart.getTime() <= now.getTime() - cfg.windowSeconds * 1000) {
    attempts = 0;
    windowStart = now;
  }
  const set = `UPDATE ${c.table} SET attempts = $${n + 1}, window_started_at = $${n + 2}, locked_until = $${n + 3} WHERE ${whereOf(c)}`;
  if (attempts >= c.max) {
    // The allowance is taken by attempts still being checked: this one waits out a lock like the rest.
    const until = new Date(now.getTime() + cfg.lockSeconds * 1000);
    await tx.query(set, [...c.values, attempts, windowStart, until]);
    return { allowed: false, lockedUntil: until };
  }
  await tx.query(set, [...c.values, attempts + 1, windowStart, null]);
  return { allowed: true };
}

const addressCounter = (address: string, userName: string, cfg: LoginLockoutEnv): Counter =>
  ({ table: 'login_address_failures', keys: ['address', 'user_name'], values: [address, userName], max: cfg.addressAttempts });
const nameCounter = (userName: string, cfg: LoginLockoutEnv): Counter => ({ table: 'login_failures', keys: ['user_name'], values: [userName], max: cfg.attempts });

export async function beginLoginAttempt(db: Db, userName: string, address: string, cfg: LoginLockoutEnv, now = new Date()): Promise<AttemptResult> {
  return db.transaction(async (tx) => {
    // The address first: a throttled address never reaches (nor adds to) the name's own count.
    const fromAddress = await begin(tx, addressCounter(address, userName, cfg), cfg, now);
    if (!fromAddress.allowed) return fromAddress;
    const forName = await begin(tx, nameCounter(userName, cfg), cfg, now);
    if (!forName.allowed) {
      // Locked for everyone: this attempt is no guess from this address.
      await tx.query(`UPDATE login_address_failures SET attempts = greatest(attempts - 1, 0) WHERE address = $1 AND user_name = $2`, [address, userName]);
    }
    return forName;
  });
}

/** The password was wrong: locks the address (for this name), then the name, once their counts reach the limit; null while neither is locked. */
export async function loginFailed(db: Queryable, userName: string, address: string, cfg: LoginLockoutEnv, now = new Date()): Promise<Date | null> {
  const until = new Date(now.getTime() + cfg.lockSeconds * 1000);
  const byAddress = await db.query<{ locked_until: Date | string }>(
    `UPDATE login_address_failures SET locked_until = $4 WHERE address = $1 AND user_name = $2 AND attempts >= $3 AND locked_until IS NULL RETURNING locked_until`,
    [address, userName, cfg.addressAttempts, until],
  );
  const byName = await db.query<{ locked_until: Date | string }>(
    `UPDATE login_failures SET locked_until = $3 WHERE user_name = $1 AND attempts >= $2 AND locked_until IS NULL RETURNING locked_until`,
    [userName, cfg.attempts, until],
  );
  const locked = byName.rows[0] ?? byAddress.rows[0];
  return locked ? new Date(locked.locked_until) : null;
}

export async function loginSucceeded(db: Queryable, userName: string, address: string): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE user_name = $1`, [userName]);
  await db.query(`DELETE FROM login_address_failures WHERE address = $1 AND user_name = $2`, [address, userName]);
}

/**
 * Lifts every sign-in lock of a user name, account-wide and per address (an admin's unlock, a completed password
 * reset), with an identity_audits row saying who did it and how. Answers whether there was anything to lift.
 */
export async function liftLockout(q: Queryable, userName: string, by: string, action: 'unlock' | 'password_reset', now = new Date()): Promise<boolean> {
  const { rows } = await q.query<{ n: number }>(
    `WITH a AS (DELETE FROM login_failures WHERE user_name = $1 AND locked_until > $2 RETURNING 1),
          b AS (DELETE FROM login_address_failures WHERE user_name = $1 AND locked_until > $2 RETURNING 1)
     SELECT (SELECT count(*) FROM a)::int + (SELECT count(*) FROM b)::int AS n`,
    [userName, now],
  );
  // Counts that had not locked anything yet are forgotten too: the lift starts from nothing.
  await q.query(`DELETE FROM login_failures WHERE user_name = $1`, [userName]);
  await q.query(`DELETE FROM login_address_failures WHERE user_name = $1`, [userName]);
  const locks = rows[0]?.n ?? 0;
  await q.query(`INSERT INTO identity_audits (action, user_name, by_user, at, detail) VALUES ($1, $2, $3, $4, $5)`, [action, userName, by, now, JSON.stringify({ locksLifted: locks })]);
  return locks > 0;
}

/** Rows whose window and lock are both over, in both tiers: they would be reset by the next attempt anyway. */
export async function purgeLoginFailures(db: Queryable, cfg: LoginLockoutEnv, now = new Date()): Promise<number> {
  let n = 0;
  for (const table of ['login_failures', 'login_address_failures']) {
    const { rows } = await db.query<{ n: number }>(
      `WITH gone AS (DELETE FROM ${table} WHERE window_started_at < $1 AND (locked_until IS NULL OR locked_until < $2) RETURNING 1)
       SELECT count(*)::int AS n FROM gone`,
      [new Date(now.getTime() - cfg.windowSeconds * 1000), now],
    );
    n += rows[0]?.n ?? 0;
  }
  return n;
}

/** HH:MM (server time zone) of the first whole minute the user may sign in again. */
export function retryClock(lockedUntil: Date): string {
  const next = new Date(Math.ceil(lockedUntil.getTime() / 60_000) * 60_000);
  return `${String(next.getHours()).padStart(2, '0')}:${String(next.getMinutes()).padStart(2, '0')}`;
}

export const LOCKED_OUT_REASON = (lockedUntil: Date) => `Too many failed sign-ins. Try again after ${retryClock(lockedUntil)}`;

/** 429 with the §8 body the login page shows, and Retry-After for programs. */
export function lockedOut(lockedUntil: Date, now = new Date()): { error: HttpError; retryAfterSeconds: number } {
  return {
    retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)),
    error: new HttpError(429, { code: ERROR_CODES.VALIDATION_FAILED, message: ERROR_MESSAGES[ERROR_CODES.VALIDATION_FAILED], data: [{ reason: LOCKED_OUT_REASON(lockedUntil) }] }),
  };
}
