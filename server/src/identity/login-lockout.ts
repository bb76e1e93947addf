import { ERROR_CODES, ERROR_MESSAGES } from '@lendline/shared/contract';
import type { Db, Queryable } from '../db/db';
import type { LoginLockoutEnv } from '../env';
import { HttpError } from '../domain/errors';

/**
 * Per-user-name lockout after repeated wrong passwords (docs/identity.md "Lockout"), kept in the database so every
 * server process sees the same count. An attempt is counted when it begins, before the password is checked: a
 * hundred parallel guesses get `attempts` checks, not a hundred. A success forgets the name's count.
 */
export type AttemptResult = { allowed: true } | { allowed: false; lockedUntil: Date };

interface Row {
  attempts: number;
  window_started_at: Date | string;
  locked_until: Date | string | null;
}

const at = (v: Date | string | null) => (v == null ? null : new Date(v));

export async function beginLoginAttempt(db: Db, userName: string, cfg: LoginLockoutEnv, now = new Date()): Promise<AttemptResult> {
  return db.transaction(async (tx) => {
    await tx.query(`INSERT INTO login_failures (user_name, window_started_at) VALUES ($1, $2) ON CONFLICT (user_name) DO NOTHING`, [userName, now]);
    const { rows } = await tx.query<Row>(`SELECT attempts, window_started_at, locked_until FROM login_failures WHERE user_name = $1 FOR UPDATE`, [userName]);
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
    if (attempts >= cfg.attempts) {
      // The allowance is taken by attempts still being checked: this one waits out a lock like the rest.
      const until = new Date(now.getTime() + cfg.lockSeconds * 1000);
      await tx.query(`UPDATE login_failures SET attempts = $2, window_started_at = $3, locked_until = $4 WHERE user_name = $1`, [userName, attempts, windowStart, until]);
      return { allowed: false, lockedUntil: until };
    }
    await tx.query(`UPDATE login_failures SET attempts = $2, window_started_at = $3, locked_until = NULL WHERE user_name = $1`, [userName, attempts + 1, windowStart]);
    return { allowed: true };
  });
}

/** The password was wrong: locks the name once its attempts reach the limit; null while it is not locked. */
export async function loginFailed(db: Queryable, userName: string, cfg: LoginLockoutEnv, now = new Date()): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date | string }>(
    `UPDATE login_failures SET locked_until = $3 WHERE user_name = $1 AND attempts >= $2 AND locked_until IS NULL RETURNING locked_until`,
    [userName, cfg.attempts, new Date(now.getTime() + cfg.lockSeconds * 1000)],
  );
  return rows[0] ? new Date(rows[0].locked_until) : null;
}

export async function loginSucceeded(db: Queryable, userName: string): Promise<void> {
  await db.query(`DELETE FROM login_failures WHERE user_name = $1`, [userName]);
}

/** Rows whose window and lock are both over: they would be reset by the next attempt anyway. */
export async function purgeLoginFailures(db: Queryable, cfg: LoginLockoutEnv, now = new Date()): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (DELETE FROM login_failures WHERE window_started_at < $1 AND (locked_until IS NULL OR locked_until < $2) RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [new Date(now.getTime() - cfg.windowSeconds * 1000), now],
  );
  return rows[0]?.n ?? 0;
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
