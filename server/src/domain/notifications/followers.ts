import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { isStaff } from '../current-user';
import { forbidden } from '../errors';
import { notify } from '../applications/notify';
import type { NotificationRow } from './notifications';

/**
 * Following an application (§6 FOLLOWED notifications): a staff user who may read an application (the route's access
 * rule checks it) follows or unfollows it; each change to it then notifies its followers, except whoever made it and
 * whoever the change already told. Both calls are idempotent.
 */
export async function follow(q: Queryable, user: CurrentUser, applicationId: string): Promise<{ application_id: string; following: true }> {
  if (!isStaff(user)) throw forbidden('application_id', 'Only staff can follow an application');
  await q.query(`INSERT INTO application_followers (application_id, username) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [applicationId, user.userName]);
  return { application_id: applicationId, following: true };
}

export async function unfollow(q: Queryable, user: CurrentUser, applicationId: string): Promise<{ application_id: string; following: false }> {
  await q.query(`DELETE FROM application_followers WHERE application_id = $1 AND username = $2`, [applicationId, user.userName]);
  return { application_id: applicationId, following: false };
}

export async function isFollowing(q: Queryable, userName: string, applicationId: string): Promise<boolean> {
  const { rows } = await q.query(`SELECT 1 FROM application_followers WHERE application_id = $1 AND username = $2`, [applicationId, userName]);
  return rows.length > 0;
}

/** The list condition of POST /backstage/getApplicationsFollowed: the applications `userName` follows. */
export const FOLLOWED_BY = (param: string) => `application_id IN (SELECT application_id FROM application_followers WHERE username = ${param})`;

/**
 * The one call for any change to an application: a FOLLOWED notification "<sender> <action> <application>" to each
 * of its followers but the sender and those in `alreadyTold` (the change's own ASSIGNED/TEAM/… recipients). Call it
 * inside the change's transaction and publish the returned rows with the change's own after the commit
 * (publishNotifications, domain/notifications/bus.ts). `action` is a §4 action name or a case-work event
 * (query_raised, query_answered, query_closed, approval_requested, approval_decided, …): texts.ts words it in en and
 * hi; an unknown one is shown as is.
 */
export async function notifyFollowers(
  q: Queryable,
  change: { applicationId: string; sender: string; action: string; at: Date; alreadyTold?: (string | null | undefined)[] },
): Promise<NotificationRow[]> {
  const skip = new Set([change.sender, ...(change.alreadyTold ?? []).filter((u): u is string => !!u)]);
  const { rows } = await q.query<{ username: string }>(`SELECT username FROM application_followers WHERE application_id = $1 ORDER BY username`, [change.applicationId]);
  const followers = rows.map((r) => r.username).filter((u) => !skip.has(u));
  return notify(
    q,
    change.applicationId,
    change.sender,
    followers.map((user) => ({ user, type: 'FOLLOWED', event: 'TeamApplication', text: { key: 'followed', params: { actor: change.sender, action: change.action, app: change.applicationId } } })),
    change.at,
  );
}
