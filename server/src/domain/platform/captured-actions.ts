import type { Queryable } from '../../db/db';

/** A navigation the shell reports for the audit trail (§2 browser back, §7 captureAction). */
export interface CapturedAction {
  userId: string | null;
  sessionId: string | null;
  action: string;
  from?: string;
  to?: string;
  /** When the browser saw it (client clock, kept as sent). */
  at?: string;
  applicationId?: string;
}

export async function recordCapturedAction(db: Queryable, a: CapturedAction): Promise<void> {
  await db.query(
    `INSERT INTO captured_actions (user_id, session_id, action, from_path, to_path, detail) VALUES ($1, $2, $3, $4, $5, $6)`,
    [a.userId, a.sessionId, a.action, a.from ?? null, a.to ?? null, JSON.stringify({ at: a.at ?? null, application_id: a.applicationId ?? null })],
  );
}
