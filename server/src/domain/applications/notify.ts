import type { Queryable } from '../../db/db';
import { COLUMNS, type NotificationRow } from '../notifications/notifications';
import { renderText, type NotificationText } from '../notifications/texts';

/** A notification record for a user or a team; the caller publishes the returned rows after its commit. */
export interface Notice {
  user?: string | null;
  team?: string | null;
  type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM';
  /** §6 notification status. */
  event: 'AssignedToApprovalUser' | 'AssignedToApprovalTeam' | 'AssignedQueriesToUser' | 'AssignedQueriesToTeam' | 'AssignedToUser' | 'AssignedToTeam' | 'TeamApplication';
  /** The text as key + parameters, rendered in each reader's language (domain/notifications/texts.ts). */
  text?: NotificationText;
  /** A text without a key (shown as is in every language); the English rendering of `text` when it has one. */
  message?: string;
}

export async function notify(q: Queryable, applicationId: string, sender: string, notices: Notice[], at: Date): Promise<NotificationRow[]> {
  const written: NotificationRow[] = [];
  for (const n of notices) {
    if (!n.user && !n.team) continue;
    const { rows } = await q.query<NotificationRow>(
      `INSERT INTO notifications (username, team_id, sender, type, messages, application_id, event, created_at, text) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)
       RETURNING ${COLUMNS}`,
      [n.user ?? null, n.user ? null : n.team, sender, n.type, JSON.stringify([n.message ?? (n.text ? renderText(n.text) : '')]), applicationId, n.event, at, n.text ? JSON.stringify(n.text) : null],
    );
    written.push(...rows);
  }
  return written;
}
