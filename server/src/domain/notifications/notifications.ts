import type { NotificationView } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { hasRole, isStaff, teamIds, type CurrentUser } from '../current-user';
import { forbidden, notFound } from '../errors';
import { applicationLink, NOTIFICATION_LANGUAGES, renderText, type NotificationLang, type NotificationText } from './texts';

/**
 * The §4 notification lifecycle: new (status '0' unread, not counted) → counted (the bell has shown it) →
 * viewed (status '1') → unread again ('0') → deleted. "Count by user" marks all unread and counted, so the
 * new-count is zero. A caller reaches the notifications addressed to them and to their teams; a team's
 * notification is one row, but each member has their own state of it (counted, viewed, deleted: 074).
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
  /** The sender's display name (users.display_name, else first and last name), for toasts that say who did it. */
  sender_name?: string | null;
}

/** The messages in one language: rendered from the key when there is one, else as stored. */
export const messagesIn = (r: Pick<NotificationRow, 'text' | 'messages'>, lang: NotificationLang): string[] =>
  r.text ? [renderText(r.text, lang)] : r.messages;

/**
 * §3 Notification as the client reads it (username is the sender), plus whom and what it is about, the link to the
 * application, and the messages in every language (`texts`; `messages` is in `lang`, English by default).
 */
export function toNotification(r: NotificationRow, lang: NotificationLang = 'en'): NotificationView {
  const texts = Object.fromEntries(NOTIFICATION_LANGUAGES.map((l) => [l, messagesIn(r, l)])) as Record<NotificationLang, string[]>;
  return {
    _id: r.id,
    notificationId: r.id,
    createdAT: new Date(r.created_at).toISOString(),
    status: r.status,
    isCounted: r.is_counted,
    metadata: { type: r.type, event: r.event, applicationId: r.application_id, link: r.application_id ? applicationLink(r.application_id) : null },
    username: r.sender,
    senderName: r.sender_name ?? r.sender,
    recipient: r.username,
    teamId: r.team_id,
    messages: texts[lang],
    texts,
    count: texts[lang].length,
  };
}
export type { NotificationView };

/**
 * The sender's display name, looked up when read (a rename shows at once; nothing copied into the row). `alias` is
 * the notifications table's alias in the query, or '' for the bare table (an INSERT's RETURNING).
 */
const senderName = (alias: string) =>
  `(SELECT COALESCE(NULLIF(u.display_name, ''), NULLIF(trim(u.first_name || ' ' || u.last_name), '')) FROM users u WHERE u.user_id = ${alias ? `${alias}.` : 'notifications.'}sender) AS sender_name`;

export const COLUMNS = `id::text AS id, username, team_id, sender, type, messages, status, is_counted, application_id, event, text, created_at, ${senderName('')}`;

/** §6: notifications need the NOTIFICATION role (and a staff account). */
export function assertMayUseNotifications(user: CurrentUser): void {
  if (!isStaff(user) || !hasRole(user, 'NOTIFICATION')) throw forbidden('NOTIFICATION', 'Notifications need the NOTIFICATION role');
}

/**
 * The caller's view of the notifications (`$1` the user name, `$2` the team ids): their own, and their teams' with
 * the caller's own state of each (074: counted, viewed, deleted per member; the row's status and is_counted until
 * the member first changes it). A team's notification the caller deleted is gone for them only.
 */
const SEEN = 'notifications n LEFT JOIN notification_user_state s ON s.notification_id = n.id AND s.username = $1';
const MINE = '(n.username = $1 OR (n.team_id = ANY($2::text[]) AND s.deleted IS NOT TRUE))';
const STATUS = 'COALESCE(s.status, n.status)';
const COUNTED = 'COALESCE(s.is_counted, n.is_counted)';
const MY_COLUMNS = `n.id::text AS id, n.username, n.team_id, n.sender, n.type, n.messages, ${STATUS} AS status, ${COUNTED} AS is_counted,
  n.application_id, n.event, n.text, n.created_at, ${senderName('n')}`;
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
  if (page.before) add((n) => `n.id < $${n}::bigint`, page.before);
  if (page.type) add((n) => `n.type = $${n}`, page.type);
  if (page.status) add((n) => `${STATUS} = $${n}`, page.status);
  const { rows } = await q.query<NotificationRow>(`SELECT ${MY_COLUMNS} FROM ${SEEN} WHERE ${where.join(' AND ')} ORDER BY n.id DESC LIMIT $3`, params);
  const more = rows.length > page.limit;
  const data = rows.slice(0, page.limit).map((r) => toNotification(r, page.lang));
  return { data, next: more ? data[data.length - 1].notificationId : null };
}

/** One read for the bell: unread, not yet counted, not unread-and-counted (what count-by-user would change), newest id. */
async function tally(q: Queryable, user: CurrentUser) {
  const { rows } = await q.query<{ unread: number; uncounted: number; unsettled: number; last_id: string | null }>(
    `SELECT count(*) FILTER (WHERE ${STATUS} = '0')::int AS unread, count(*) FILTER (WHERE NOT ${COUNTED})::int AS uncounted,
            count(*) FILTER (WHERE ${STATUS} <> '0' OR NOT ${COUNTED})::int AS unsettled, max(n.id)::text AS last_id
       FROM ${SEEN} WHERE ${MINE}`,
    mine(user),
  );
  return rows[0];
}

/**
 * The caller's own notifications and their share of their teams' that `changed` selects, set to `set`: own rows in
 * place, team rows as the caller's state (074). One statement; answers how many changed.
 */
async function setMine(q: Queryable, user: CurrentUser, changed: string, set: { status?: '0' | '1'; counted: true; deleted?: true }, extra: unknown[] = []) {
  const params = [...mine(user), ...extra];
  const status = set.status ? `'${set.status}'` : STATUS;
  const { rows } = await q.query<{ n: number }>(
    `WITH own AS (
       UPDATE notifications SET status = ${set.status ? `'${set.status}'` : 'status'}, is_counted = true
        WHERE id IN (SELECT n.id FROM ${SEEN} WHERE n.username = $1 AND ${changed}) RETURNING id),
     team AS (
       INSERT INTO notification_user_state (notification_id, username, status, is_counted, deleted)
       SELECT n.id, $1, ${status}, true, ${set.deleted ? 'true' : 'false'} FROM ${SEEN}
        WHERE n.team_id = ANY($2::text[]) AND s.deleted IS NOT TRUE AND ${changed}
       ON CONFLICT (notification_id, username) DO UPDATE SET status = EXCLUDED.status, is_counted = true, deleted = EXCLUDED.deleted
       RETURNING notification_id)
     SELECT ((SELECT count(*) FROM own) + (SELECT count(*) FROM team))::int AS n`,
    params,
  );
  return rows[0].n;
}

/**
 * UPDATE_COUNT: the caller's new (uncounted) notifications become counted; answers how many were new, how many are
 * unread, and the newest id the caller has (`lastId`: what a client that reconnects asks to catch up from). Nothing
 * new: a read only, no write (a client asks on every NEW and every reconnect).
 */
export async function countNew(q: Queryable, user: CurrentUser) {
  const t = await tally(q, user);
  const count = t.uncounted > 0 ? await setMine(q, user, `NOT ${COUNTED}`, { counted: true }) : 0;
  return { count, unread: t.unread, lastId: t.last_id };
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
    `SELECT * FROM (SELECT ${MY_COLUMNS} FROM ${SEEN}
       WHERE ${MINE} AND (n.id > $3::bigint OR n.created_at > $4) ORDER BY n.id DESC LIMIT $5) recent
     ORDER BY recent.id::bigint`,
    [...mine(user), since, new Date(now.getTime() - CATCH_UP_LOOKBACK_MS), CATCH_UP_LIMIT],
  );
  return rows;
}

/** UPDATE_COUNT_BY_USER: every notification of the caller unread and counted; the new-count is zero. */
export async function countByUser(q: Queryable, user: CurrentUser) {
  const t = await tally(q, user);
  const updated = t.unsettled > 0 ? await setMine(q, user, `(${STATUS} <> '0' OR NOT ${COUNTED})`, { status: '0', counted: true }) : 0;
  // Those that changed were viewed (now unread) or unread already: all of them count as unread now.
  return { count: 0, updated, unread: t.unsettled > 0 ? (await tally(q, user)).unread : t.unread };
}

/**
 * "Mark all as read" (issue 26, the notification page's main action): every notification of the caller viewed and
 * counted (a team's: for the caller only), so nothing is unread. The counterpart of countByUser; one statement.
 */
export async function viewAll(q: Queryable, user: CurrentUser): Promise<{ updated: number; unread: number }> {
  const t = await tally(q, user);
  const updated = t.unread > 0 || t.uncounted > 0 ? await setMine(q, user, `(${STATUS} <> '1' OR NOT ${COUNTED})`, { status: '1', counted: true }) : 0;
  return { updated, unread: 0 };
}

const missing = () => notFound('notificationId', 'Notification not found');

/** One of the caller's notifications as they see it, or undefined (someone else's answers the same as none). */
async function findMine(q: Queryable, user: CurrentUser, notificationId: string): Promise<NotificationRow | undefined> {
  const { rows } = await q.query<NotificationRow>(`SELECT ${MY_COLUMNS} FROM ${SEEN} WHERE n.id = $3::bigint AND ${MINE}`, [...mine(user), notificationId]);
  return rows[0];
}

/**
 * UPDATE_VIEW ('1') and UPDATE_UNREAD ('0') of one of the caller's notifications (a team's: for the caller only).
 * Already so: answered without a write.
 */
export async function setStatus(q: Queryable, user: CurrentUser, notificationId: string, status: '0' | '1'): Promise<NotificationView> {
  const row = await findMine(q, user, notificationId);
  if (!row) throw missing();
  if (row.status === status && row.is_counted) return toNotification(row);
  const changed = await setMine(q, user, `n.id = $3::bigint`, { status, counted: true }, [notificationId]);
  if (!changed) throw missing(); // deleted meanwhile
  return toNotification({ ...row, status, is_counted: true });
}

/**
 * DELETE_NOTIFICATION: one of the caller's notifications, gone for them: their own is deleted, a team's is hidden
 * for the caller only (the other members still have it). Someone else's answers the same as none.
 */
export async function deleteNotification(q: Queryable, user: CurrentUser, notificationId: string): Promise<{ notificationId: string }> {
  const row = await findMine(q, user, notificationId);
  if (!row) throw missing();
  const gone = row.team_id
    ? await setMine(q, user, `n.id = $3::bigint`, { counted: true, deleted: true }, [notificationId])
    : (await q.query(`DELETE FROM notifications WHERE id = $2::bigint AND username = $1 RETURNING id`, [user.userName, notificationId])).rows.length;
  if (!gone) throw missing();
  return { notificationId: row.id };
}
