import type { Queryable } from '../../db/db';
import { hasRole, isStaff, teamIds, type CurrentUser } from '../current-user';
import { forbidden, notFound } from '../errors';
import { applicationLink, NOTIFICATION_LANGUAGES, renderText, type NotificationLang, type NotificationText } from './texts';

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
  /** The text as key + parameters (049), rendered per language; null for texts written without a key. */
  text: NotificationText | null;
  created_at: Date;
}

/** The messages in one language: rendered from the key when there is one, else as stored. */
export const messagesIn = (r: Pick<NotificationRow, 'text' | 'messages'>, lang: NotificationLang): string[] =>
  r.text ? [renderText(r.text, lang)] : r.messages;

/**
 * §3 Notification as the client reads it (username is the sender), plus whom and what it is about, the link to the
 * application, and the messages in every language (`texts`; `messages` is in `lang`, English by default).
 */
export function toNotification(r: NotificationRow, lang: NotificationLang = 'en') {
  const texts = Object.fromEntries(NOTIFICATION_LANGUAGES.map((l) => [l, messagesIn(r, l)])) as Record<NotificationLang, string[]>;
  return {
    _id: r.id,
    notificationId: r.id,
    createdAT: new Date(r.created_at).toISOString(),
    status: r.status,
    isCounted: r.is_counted,
    metadata: { type: r.type, event: r.event, applicationId: r.application_id, link: r.application_id ? applicationLink(r.application_id) : null },
    username: r.sender,
    recipient: r.username,
    teamId: r.team_id,
    messages: texts[lang],
    texts,
    count: texts[lang].length,
  };
}
export type NotificationView = ReturnType<typeof toNotification>;

export const COLUMNS = 'id::text AS id, username, team_id, sender, type, messages, status, is_counted, application_id, event, text, created_at';

/** §6: notifications need the NOTIFICATION role (and a staff account). */
export function assertMayUseNotifications(user: CurrentUser): void {
  if (!isStaff(user) || !hasRole(user, 'NOTIFICATION')) throw forbidden('NOTIFICATION', 'Notifications need the NOTIFICATION role');
}

/** `$1` the user name, `$2` the team ids: the caller's own notifications and their teams'. */
const MINE = '(username = $1 OR team_id = ANY($2::text[]))';
const mine = (user: CurrentUser) => [user.userName, teamIds(user)];

/** Newest first: by id, which follows the order of writing (keyset: `before` is the last id of the previous page). */
export async function listNotifications(
  q: Queryable,
  user: CurrentUser,
  page: { limit: number; before?: string; lang?: NotificationLang; type?: NotificationRow['type']; status?: NotificationRow['status'] },
) {
  const params: unknown[] = [...mine(user), page.limit + 1];
  const where = [MINE];
  const add = (sql: (n: number) => string, v: unknown) => where.push(sql(params.push(v)));
  if (page.before) add((n) => `id < $${n}::bigint`, page.before);
  if (page.type) add((n) => `type = $${n}`, page.type);
  if (page.status) add((n) => `status = $${n}`, page.status);
  const { rows } = await q.query<NotificationRow>(
    `SELECT ${COLUMNS} FROM notifications WHERE ${where.join(' AND ')} ORDER BY notifications.id DESC LIMIT $3`,
    params,
  );
  const more = rows.length > page.limit;
  const data = rows.slice(0, page.limit).map((r) => toNotification(r, page.lang));
  return { data, next: more ? data[data.length - 1].notificationId : null };
}

async function unreadCount(q: Queryable, user: CurrentUser): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE ${MINE} AND status = '0'`, mine(user));
  return rows[0].n;
}

async function lastId(q: Queryable, user: CurrentUser): Promise<string | null> {
  const { rows } = await q.query<{ id: string | null }>(`SELECT max(id)::text AS id FROM notifications WHERE ${MINE}`, mine(user));
  return rows[0].id;
}

/**
 * UPDATE_COUNT: the caller's new (uncounted) notifications become counted; answers how many were new, how many are
 * unread, and the newest id the caller has (`lastId`: what a client that reconnects asks to catch up from).
 */
export async function countNew(q: Queryable, user: CurrentUser) {
  const { rows } = await q.query<{ id: string }>(`UPDATE notifications SET is_counted = true WHERE ${MINE} AND NOT is_counted RETURNING id`, mine(user));
  return { count: rows.length, unread: await unreadCount(q, user), lastId: await lastId(q, user) };
}

/** At most this many notifications are replayed to a reconnecting socket; older ones are in the list. */
export const CATCH_UP_LIMIT = 100;
/**
 * Ids are taken when a transaction writes, but transactions commit in their own order: a row with a smaller id can
 * be committed (and pushed) just after a larger one the client already saw. Rows written this recently below the
 * client's last id are replayed too; the client drops the ones it has.
 */
export const CATCH_UP_LOOKBACK_MS = 30_000;

/**
 * What a socket reconnecting with `since` (the last id it saw) missed: the caller's notifications after it, plus
 * the lookback window's, oldest first, at most CATCH_UP_LIMIT (the newest of them).
 */
export async function notificationsSince(q: Queryable, user: CurrentUser, since: string, now = new Date()): Promise<NotificationRow[]> {
  const { rows } = await q.query<NotificationRow>(
    `SELECT * FROM (SELECT ${COLUMNS} FROM notifications
       WHERE ${MINE} AND (id > $3::bigint OR created_at > $4) ORDER BY notifications.id DESC LIMIT $5) recent
     ORDER BY recent.id::bigint`,
    [...mine(user), since, new Date(now.getTime() - CATCH_UP_LOOKBACK_MS), CATCH_UP_LIMIT],
  );
  return rows;
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
