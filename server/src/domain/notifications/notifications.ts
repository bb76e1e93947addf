import type { Queryable } from '../../db/db';
import { hasRole, isStaff, teamIds, type CurrentUser } from '../current-user';
import { forbidden, notFound } from '../errors';

/**
 * The §4 notification lifecycle: new (status '0' unread, not counted) → counted (the bell has shown it) →
 * viewed (status '1') → unread again ('0') → deleted. "Count by user" marks all unread and counted, so the
 * new-count is zero. A caller reaches the notifications addressed to them and to their teams; a team's
 * notification has one state shared by the team.
 */
export interface NotificationRow {
  id: string;
  username: string | null;
  team_id: string | null;
  sender: string;
  type: 'ASSIGNED' | 'FOLLOWED' | 'TEAM';
  messages: string[];
  status: '0' | '1';
  is_counted: boolean;
  application_id: string | null;
  event: string | null;
  created_at: Date;
}

/** §3 Notification as the client reads it (username is the sender), plus whom and what it is about. */
export function toNotification(r: NotificationRow) {
  return {
    _id: r.id,
    notificationId: r.id,
    createdAT: new Date(r.created_at).toISOString(),
    status: r.status,
    isCounted: r.is_counted,
    metadata: { type: r.type, event: r.event, applicationId: r.application_id },
    username: r.sender,
    recipient: r.username,
    teamId: r.team_id,
    messages: r.messages,
    count: r.messages.length,
  };
}
export type NotificationView = ReturnType<typeof toNotification>;

export const COLUMNS = 'id::text AS id, username, team_id, sender, type, messages, status, is_counted, application_id, event, created_at';

/** §6: notifications need the NOTIFICATION role (and a staff account). */
export function assertMayUseNotifications(user: CurrentUser): void {
  if (!isStaff(user) || !hasRole(user, 'NOTIFICATION')) throw forbidden('NOTIFICATION', 'Notifications need the NOTIFICATION role');
}

/** `$1` the user name, `$2` the team ids: the caller's own notifications and their teams'. */
const MINE = '(username = $1 OR team_id = ANY($2::text[]))';
const mine = (user: CurrentUser) => [user.userName, teamIds(user)];

/** Newest first: by id, which follows the order of writing (keyset: `before` is the last id of the previous page). */
export async function listNotifications(q: Queryable, user: CurrentUser, page: { limit: number; before?: string }) {
  const params: unknown[] = [...mine(user), page.limit + 1];
  if (page.before) params.push(page.before);
  const { rows } = await q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE ${MINE} ${page.before ? 'AND id < $4::bigint' : ''} ORDER BY notifications.id DESC LIMIT $3`,
    params,
  );
  const more = rows.length > page.limit;
  const data = rows.slice(0, page.limit).map(toNotification);
  return { data, next: more ? data[data.length - 1].notificationId : null };
}

async function unreadCount(q: Queryable, user: CurrentUser): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${MINE} AND status = '0'`, mine(user));
  return rows[0].n;
}

/** UPDATE_COUNT: the caller's new (uncounted) notifications become counted; answers how many were new. */
export async function countNew(q: Queryable, user: CurrentUser) {
  const { rows } = await q.query<{ id: string }>(`UPDATE notifications SET is_counted = true WHERE ${MINE} AND NOT is_counted RETURNING id`, mine(user));
  return { count: rows.length, unread: await unreadCount(q, user) };
}

/** UPDATE_COUNT_BY_USER: every notification of the caller unread and counted; the new-count is zero. */
export async function countByUser(q: Queryable, user: CurrentUser) {
  const { rows } = await q.query<{ id: string }>(
    `UPDATE notifications SET status = '0', is_counted = true WHERE ${MINE} AND (status <> '0' OR NOT is_counted) RETURNING id`,
    mine(user),
  );
  return { count: 0, updated: rows.length, unread: await unreadCount(q, user) };
}

const missing = () => notFound('notificationId', 'Notification not found');

/** UPDATE_VIEW ('1') and UPDATE_UNREAD ('0') of one of the caller's notifications. */
export async function setStatus(q: Queryable, user: CurrentUser, notificationId: string, status: '0' | '1'): Promise<NotificationView> {
  const { rows } = await q.query<NotificationRow>(
    `UPDATE notifications SET status = $4, is_counted = true WHERE id = $3::bigint AND ${MINE} RETURNING ${COLUMNS}`,
    [...mine(user), notificationId, status],
  );
  if (!rows[0]) throw missing();
  return toNotification(rows[0]);
}

/** DELETE_NOTIFICATION: one of the caller's notifications, gone. Someone else's answers the same as none. */
export async function deleteNotification(q: Queryable, user: CurrentUser, notificationId: string): Promise<{ notificationId: string }> {
  const { rows } = await q.query<{ id: string }>(`DELETE FROM notifications WHERE id = $3::bigint AND ${MINE} RETURNING id::text AS id`, [...mine(user), notificationId]);
  if (!rows[0]) throw missing();
  return { notificationId: rows[0].id };
}
