import type { Queryable } from '../../db/db';
import { teamIds, type CurrentUser } from '../current-user';
import { Sql } from '../lists/sql';
import { visibility } from '../lists/visibility';

/**
 * The small, real summary each area's landing page reads, so a running area proves it talks to the API and the
 * database. Each counts only what the caller may see: applications and tasks of the applications their "all
 * applications" list shows (every branch for ADMIN and the ALL_APPLICATIONS_* holders, their own branches otherwise),
 * and notifications addressed to them or their teams.
 */
export const AREAS = ['applications', 'tasks', 'notifications', 'video'] as const;
export type Area = (typeof AREAS)[number];

function visibleApplications(user: CurrentUser) {
  const sql = new Sql();
  const where = visibility(sql, user, 'ALL_APPLICATIONS');
  return { params: sql.params, where: where.length ? `WHERE ${where.join(' AND ')}` : '' };
}

export async function applicationsByStatus(db: Queryable, user: CurrentUser) {
  const { params, where } = visibleApplications(user);
  const { rows } = await db.query<{ status: string; count: number }>(
    `SELECT status, count(*)::int AS count FROM applications ${where} GROUP BY status ORDER BY status`,
    params,
  );
  return { byStatus: rows, total: rows.reduce((n, r) => n + r.count, 0) };
}

export async function tasksByProgress(db: Queryable, user: CurrentUser) {
  const { params, where } = visibleApplications(user);
  const { rows } = await db.query<{ progress: string; count: number }>(
    `SELECT t.progress, count(*)::int AS count FROM tasks t
      WHERE t.application_id IN (SELECT application_id FROM applications ${where})
      GROUP BY t.progress ORDER BY t.progress`,
    params,
  );
  return { byProgress: rows };
}

export async function notificationsByType(db: Queryable, user: CurrentUser) {
  const { rows } = await db.query<{ type: string; total: number; unread: number }>(
    // A team's notification as this member sees it (074): their own state, and none they deleted.
    `SELECT n.type, count(*)::int AS total, count(*) FILTER (WHERE COALESCE(s.status, n.status) = '0')::int AS unread
       FROM notifications n LEFT JOIN notification_user_state s ON s.notification_id = n.id AND s.username = $1
      WHERE n.username = $1 OR (n.team_id = ANY($2::text[]) AND s.deleted IS NOT TRUE) GROUP BY n.type ORDER BY n.type`,
    [user.userName, teamIds(user)],
  );
  return { byType: rows };
}

/** Whether the video gateway (Janus) is configured and answers its /info within a second. */
export async function videoGateway(janusUrl: string | undefined): Promise<{ gateway: string | null; reachable: boolean; version?: string | null }> {
  if (!janusUrl) return { gateway: null, reachable: false };
  try {
    const res = await fetch(`${janusUrl.replace(/\/$/, '')}/info`, { signal: AbortSignal.timeout(1000) });
    const info = (await res.json()) as { version_string?: string };
    return { gateway: janusUrl, reachable: res.ok, version: info.version_string ?? null };
  } catch {
    return { gateway: janusUrl, reachable: false };
  }
}
