import type { Db } from '../db/db';

/**
 * Keys for unsaved edits kept on the device (docs/identity.md "Unsaved edits across sessions"). Each session gets a
 * random key at sign-in (sessions.draft_key). The browser holds it in memory only and encrypts drafts with it; the
 * blob it leaves in localStorage names only the session id. After the next sign-in the browser presents those ids:
 * the keys of sessions that belong to the same user are answered once and erased in the same statement, so a blob
 * opens at most once, only for that user, and never with anything left on the device.
 */
export interface DraftKeys {
  /** The key of the caller's own session (stays until the session is purged or its key handed over). */
  key: string | null;
  /** Earlier sessions of the same user among those asked for, with their keys (now erased on the server). */
  previous: { sessionid: string; key: string }[];
}

/** Keys of ended sessions nobody came back for are erased after this long: their blobs stay unreadable. */
export const DRAFT_KEY_DAYS = 14;

export async function takeDraftKeys(db: Db, userId: string, sessionId: string, earlier: string[]): Promise<DraftKeys> {
  const asked = [...new Set(earlier)].filter((id) => id !== sessionId);
  return db.transaction(async (tx) => {
    const own = await tx.query<{ draft_key: string | null }>(`SELECT draft_key FROM sessions WHERE session_id = $1 AND user_id = $2`, [sessionId, userId]);
    // Another user's session id (or an unknown one) matches nothing: the answer does not say which it was.
    const { rows } = asked.length
      ? await tx.query<{ session_id: string; draft_key: string }>(
          `UPDATE sessions s SET draft_key = NULL FROM (SELECT session_id, draft_key FROM sessions WHERE session_id = ANY($1::text[]) AND user_id = $2 AND draft_key IS NOT NULL FOR UPDATE) old
            WHERE s.session_id = old.session_id RETURNING old.session_id, old.draft_key`,
          [asked, userId],
        )
      : { rows: [] };
    return { key: own.rows[0]?.draft_key ?? null, previous: rows.map((r) => ({ sessionid: r.session_id, key: r.draft_key })) };
  });
}

/** The clean-up pass: keys of sessions ended DRAFT_KEY_DAYS ago are erased (their blobs can never open again). */
export async function forgetStaleDraftKeys(db: Db, days = DRAFT_KEY_DAYS): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `WITH gone AS (
       UPDATE sessions SET draft_key = NULL
        WHERE draft_key IS NOT NULL AND (expires_at < now() - make_interval(days => $1) OR revoked_at < now() - make_interval(days => $1))
        RETURNING 1)
     SELECT count(*)::int AS n FROM gone`,
    [days],
  );
  return rows[0]?.n ?? 0;
}
