import type { Queryable } from '../../db/db';
import { COLUMNS, type NotificationRow } from '../notifications/notifications';

/** A notification record for a user or a team; the caller publishes the returned rows after its commit. */
export interface Notice {
  user?: string | null;
  team?: string | null;
  type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM';
  /** §6 notification status. */
  event: 'AssignedToApprovalUser' | 'AssignedToApprovalTeam' | 'AssignedQueriesToUser' | 'AssignedQueriesToTeam' | 'AssignedToUser' | 'AssignedToTeam' | 'TeamApplication';
  message: string;
}

export async function notify(q: Queryable, applicationId: string, sender: string, notices: Notice[], at: Date): Promise<NotificationRow[]> {
  const written: NotificationRow[] = [];
  for (const n of notices) {
    if (!n.user && !n.team) continue;
    const { rows } = await q.query<NotificationRow>(
      `INSERT INTO notifications (username, team_id, sender, type, messages, application_id, event, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
       RETURNING ${COLUMNS}`,
      [n.user ?? null, n.user ? null : n.team, sender, n.type, JSON.stringify([n.message]), applicationId, n.event, at],
    );
    written.push(...rows);
  }
  return written;
}
