import type { UserRecord } from '../domain/users/users';
import { sessionCacheMs } from '../config/call-time';

/**
 * A short in-process memo of "this session + access token is live and belongs to this user", so
 * the auth hook does not pay a database round trip on every request (the list benchmark's API time
 * was about 4× the SQL time, one extra query per call).
 *
 * Why it is safe enough:
 * - an entry never outlives its access token (valid_until from the row) nor CACHE_MS (default 5 s);
 * - only the current token is memoised: one accepted through a refresh's grace is re-checked each time;
 * - logout, end-session, refresh (rotation or reuse) in this process forget the session after their
 *   transaction commits, and a lookup that started before that forget is not stored (tombstone);
 * - what it cannot see: a revoke done by another server process, or a user disabled / roles changed
 *   straight in the database. Those take effect within CACHE_MS. Set LENDLINE_SESSION_CACHE_MS=0 to
 *   turn it off (e.g. several processes that must revoke instantly).
 */
const CACHE_MS = sessionCacheMs();
const MAX_ENTRIES = 10000;

interface Entry {
  user: UserRecord;
  sessionId: string;
  until: number;
}

const entries = new Map<string, Entry>();
/** sessionId → when it was last forgotten (kept CACHE_MS, to drop lookups that raced the forget). */
const forgotten = new Map<string, number>();

const keyOf = (sessionId: string, tokenHash: string) => `${sessionId}\u0000${tokenHash}`;

export const sessionCacheEnabled = () => CACHE_MS > 0;

export function cachedUser(sessionId: string, tokenHash: string, now = Date.now()): UserRecord | null {
  const key = keyOf(sessionId, tokenHash);
  const e = entries.get(key);
  if (!e) return null;
  if (e.until <= now) {
    entries.delete(key);
    return null;
  }
  return e.user;
}

/**
 * Memoise a lookup that started at `startedAt` and found `user` with its token valid until
 * `validUntil` (epoch ms). Skipped when the session was forgotten since the lookup started.
 */
export function rememberUser(sessionId: string, tokenHash: string, user: UserRecord, validUntil: number, startedAt: number, now = Date.now()): void {
  if (!CACHE_MS) return;
  const gone = forgotten.get(sessionId);
  if (gone !== undefined && gone >= startedAt) return;
  if (entries.size >= MAX_ENTRIES) {
    // Map order is insertion order: drop the oldest tenth.
    let drop = Math.ceil(MAX_ENTRIES / 10);
    for (const k of entries.keys()) {
      entries.delete(k);
      if (--drop === 0) break;
    }
  }
  entries.set(keyOf(sessionId, tokenHash), { user, sessionId, until: Math.min(validUntil, now + CACHE_MS) });
}

/** After a revoke or a refresh of the session committed: its tokens are looked up again. */
export function forgetSession(sessionId: string, now = Date.now()): void {
  forgotten.set(sessionId, now);
  for (const [k, e] of entries) if (e.sessionId === sessionId) entries.delete(k);
  for (const [s, at] of forgotten) if (at < now - CACHE_MS - 1000) forgotten.delete(s);
}
