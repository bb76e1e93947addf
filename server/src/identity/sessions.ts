import type { Db, Queryable } from '../db/db';
import { newSessionId, newToken, tokenHash } from '../crypto/tokens';
import { forgetSession } from './session-cache';
import { sessionEnded } from './session-events';

/**
 * Sessions (§3, §4, docs/identity.md): an access token valid for the session TTL and a refresh
 * token that rotates on every refresh. A rotated or revoked refresh token presented again is reuse:
 * the whole session is revoked.
 */
export interface SessionTimes {
  /** Life of an access token; every refresh issues a new one, so the session slides with activity. */
  sessionTtlSeconds: number;
  /** How long a session may go without a refresh; it slides too (each refresh pushes the end). */
  refreshTtlSeconds: number;
  /** Optional hard end counted from sign-in (SESSION_ABSOLUTE_HOURS; 0 or unset = none). */
  absoluteHours?: number;
}

/**
 * When the tokens issued at `now` stop working: the access token after its TTL and the session after the refresh TTL,
 * both from now (sliding), neither past the absolute end a bank may set.
 */
export function sessionEnds(times: SessionTimes, createdAt: number, now: number): { accessEnd: number; sessionEnd: number } {
  const absoluteEnd = times.absoluteHours ? createdAt + times.absoluteHours * 3600_000 : Infinity;
  return { accessEnd: Math.min(now + times.sessionTtlSeconds * 1000, absoluteEnd), sessionEnd: Math.min(now + times.refreshTtlSeconds * 1000, absoluteEnd) };
}

export interface IssuedTokens {
  access_token: string;
  refresh_token: string;
  sessionid: string;
  /** epoch milliseconds */
  expiry_time: number;
  /** seconds */
  expires_in: number;
}

function issued(sessionId: string, access: string, refresh: string, accessEnd: number, now: number): IssuedTokens {
  return { access_token: access, refresh_token: refresh, sessionid: sessionId, expiry_time: accessEnd, expires_in: Math.max(0, Math.floor((accessEnd - now) / 1000)) };
}

/** Each login (and each getToken) opens a new session with a new sessionId. */
/** How long the access token a refresh replaced keeps working (requests already in flight). */
export const ACCESS_GRACE_SECONDS = 30;

export async function openSession(db: Db, userId: string, times: SessionTimes): Promise<IssuedTokens> {
  const sessionId = newSessionId();
  const access = newToken();
  const refresh = newToken();
  const now = Date.now();
  const { accessEnd, sessionEnd } = sessionEnds(times, now, now);
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO sessions (session_id, user_id, access_token_hash, access_expires_at, expires_at, created_at, draft_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [sessionId, userId, tokenHash(access), new Date(accessEnd), new Date(sessionEnd), new Date(now), newToken(32)],
    );
    await tx.query(`INSERT INTO refresh_tokens (token_hash, session_id) VALUES ($1, $2)`, [tokenHash(refresh), sessionId]);
  });
  return issued(sessionId, access, refresh, accessEnd, now);
}

export type RefreshResult = { ok: true; tokens: IssuedTokens; userId: string } | { ok: false; reason: 'unknown' | 'reused' | 'revoked' | 'expired' };

export async function refreshSession(db: Db, refreshToken: string, times: SessionTimes): Promise<RefreshResult> {
  const hash = tokenHash(refreshToken);
  let touched: string | null = null;
  let revokedFor: string | null = null;
  const result = await db.transaction(async (tx): Promise<RefreshResult> => {
    // FOR UPDATE: two concurrent refreshes with one token serialize; the second one sees ROTATED.
    const { rows } = await tx.query<{ status: string; session_id: string; user_id: string; revoked: boolean; expired: boolean; created_at: Date | string }>(
      `SELECT rt.status, rt.session_id, s.user_id, s.revoked_at IS NOT NULL AS revoked, s.expires_at <= now() AS expired, s.created_at
         FROM refresh_tokens rt JOIN sessions s ON s.session_id = rt.session_id
        WHERE rt.token_hash = $1 FOR UPDATE OF rt, s`,
      [hash],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    touched = row.session_id;
    if (row.status !== 'ACTIVE') {
      await revokeIn(tx, row.session_id, 'refresh token reuse');
      revokedFor = 'refresh token reuse';
      return { ok: false, reason: 'reused' };
    }
    if (row.revoked) return { ok: false, reason: 'revoked' };
    if (row.expired) {
      await revokeIn(tx, row.session_id, 'expired');
      revokedFor = 'expired';
      return { ok: false, reason: 'expired' };
    }
    const access = newToken();
    const refresh = newToken();
    const now = Date.now();
    // Sliding: the access token and the session's own end both move to "from now", never past the absolute end.
    const { accessEnd, sessionEnd } = sessionEnds(times, new Date(row.created_at).getTime(), now);
    if (accessEnd <= now) {
      await revokeIn(tx, row.session_id, 'absolute limit');
      revokedFor = 'absolute limit';
      return { ok: false, reason: 'expired' };
    }
    await tx.query(`UPDATE refresh_tokens SET status = 'ROTATED', used_at = now() WHERE token_hash = $1`, [hash]);
    await tx.query(`INSERT INTO refresh_tokens (token_hash, session_id, parent_hash) VALUES ($1, $2, $3)`, [tokenHash(refresh), row.session_id, hash]);
    await tx.query(
      `UPDATE sessions SET previous_access_token_hash = access_token_hash,
              previous_access_valid_until = LEAST(access_expires_at, now() + make_interval(secs => $4)),
              access_token_hash = $2, access_expires_at = $3, expires_at = $5, refreshed_at = now()
        WHERE session_id = $1`,
      [row.session_id, tokenHash(access), new Date(accessEnd), ACCESS_GRACE_SECONDS, new Date(sessionEnd)],
    );
    return { ok: true, userId: row.user_id, tokens: issued(row.session_id, access, refresh, accessEnd, now) };
  });
  // After commit: the rotated (or revoked) session's tokens are looked up afresh.
  if (touched) forgetSession(touched);
  if (touched && revokedFor) sessionEnded(db, touched, revokedFor);
  return result;
}

async function revokeIn(tx: Queryable, sessionId: string, reason: string): Promise<void> {
  await tx.query(`UPDATE sessions SET revoked_at = COALESCE(revoked_at, now()), revoked_reason = COALESCE(revoked_reason, $2) WHERE session_id = $1`, [sessionId, reason]);
  await tx.query(`UPDATE refresh_tokens SET status = 'REVOKED' WHERE session_id = $1 AND status = 'ACTIVE'`, [sessionId]);
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db.transaction((tx) => revokeIn(tx, sessionId, reason));
  forgetSession(sessionId);
  sessionEnded(db, sessionId, reason);
}

/** The session a refresh token (current or an earlier one of its chain) belongs to. */
export async function sessionOfRefreshToken(db: Queryable, refreshToken: string): Promise<{ sessionId: string; status: string } | null> {
  const { rows } = await db.query<{ session_id: string; status: string }>(`SELECT session_id, status FROM refresh_tokens WHERE token_hash = $1`, [tokenHash(refreshToken)]);
  return rows[0] ? { sessionId: rows[0].session_id, status: rows[0].status } : null;
}


/**
 * Deletes the customer-portal sessions that can no longer be used: past their refresh end, or revoked (their
 * refresh tokens go with them). getToken opens one per visit, so without this they would pile up for good; staff
 * sessions are few and stay as the record of who signed in. A token of a deleted session answers exactly as a
 * revoked one does (401 / "Invalid user").
 */
export async function purgeExpiredCustomerSessions(db: Queryable, now = new Date()): Promise<number> {
  // No session-cache forget: an entry never outlives its access token, which ends before the session does, and a
  // revoke already forgot its session.
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       DELETE FROM sessions s USING users u
        WHERE u.user_id = s.user_id AND u.kind = 'CUSTOMER' AND (s.expires_at <= $1 OR s.revoked_at IS NOT NULL)
        RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [now],
  );
  return rows[0]?.n ?? 0;
}
