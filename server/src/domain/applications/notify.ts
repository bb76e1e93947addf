import type { Queryable } from '../../db/db';

/** A notification record for a user or a team (delivery over the socket comes later). */
export interface Notice {
  user?: string | null;
  team?: string | null;
  type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM';
  /** §6 notification status. */
  event: 'AssignedToApprovalUser' | 'AssignedToApprovalTeam' | 'AssignedQueriesToUser' | 'AssignedQueriesToTeam' | 'AssignedToUser' | 'AssignedToTeam' | 'TeamApplication';
  message: string;
}

export async function notify(q: Queryable, applicationId: string, sender: string, notices: Notice[], at: Date): Promise<void> {
  for (const n of notices) {
    if (!n.user && !n.team) continue;
    await q.query(
      `INSERT INTO notifications (username, team_id, sender, type, messages, application_id, event, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
      [n.user ?? null, n.user ? null : n.team, sender, n.type, JSON.stringify([n.message]), applicationId, n.event, at],
    );
  }
}
