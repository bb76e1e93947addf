import type { Queryable } from '../db/db';

/** Whether a long-lived connection's credentials still hold (docs/identity.md "Sockets and sessions"). */
export interface Liveness {
  /** The session is over: revoked (logout, end-session, reuse), past its refresh end, deleted, or its user disabled. */
  ended: boolean;
  /** Until when the token it was opened with works (epoch ms): its TTL, or the grace after a refresh replaced it; 0 = no longer. */
  validUntil: number;
}

/**
 * The state of many (sessionId, access-token hash) pairs in one query: a socket holds the token it connected with,
 * and that token's life is the session's rule for HTTP too (findSessionUser): the current token until its expiry,
 * the one a refresh replaced until the end of its grace. Keyed `sessionId + '\0' + hash`.
 */
export async function sessionsLiveness(db: Queryable, pairs: { sessionId: string; tokenHash: string }[]): Promise<Map<string, Liveness>> {
  const out = new Map<string, Liveness>();
  if (!pairs.length) return out;
  const { rows } = await db.query<{ session_id: string; token_hash: string; ended: boolean; valid_until: string | Date | null }>(
    `SELECT t.session_id, t.token_hash,
            (s.session_id IS NULL OR s.revoked_at IS NOT NULL OR s.expires_at <= now() OR u.enabled IS NOT TRUE) AS ended,
            CASE WHEN s.access_token_hash = t.token_hash AND s.access_expires_at > now() THEN s.access_expires_at
                 WHEN s.previous_access_token_hash = t.token_hash AND s.previous_access_valid_until > now() THEN s.previous_access_valid_until
            END AS valid_until
       FROM unnest($1::text[], $2::text[]) AS t(session_id, token_hash)
       LEFT JOIN sessions s ON s.session_id = t.session_id
       LEFT JOIN users u ON u.user_id = s.user_id`,
    [pairs.map((p) => p.sessionId), pairs.map((p) => p.tokenHash)],
  );
  for (const r of rows) out.set(`${r.session_id}\u0000${r.token_hash}`, { ended: r.ended, validUntil: r.valid_until ? new Date(r.valid_until).getTime() : 0 });
  return out;
}
