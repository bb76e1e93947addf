import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { follow, isFollowing, unfollow } from '../../domain/notifications/followers';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn, loadedApplication, staffReadRule } from '../common/application-rules';
import { route } from '../common/route';

export const FOLLOW_PATHS = {
  follow: '/backstage/followApplication',
  unfollow: '/backstage/unfollowApplication',
  following: '/backstage/isApplicationFollowed',
} as const;

const inBody = applicationIdIn('body', 'application_id');
const Body = Type.Object({ application_id: AppId }, { additionalProperties: false });
const Reply = Type.Object({ data: Type.Object({ application_id: Type.String(), following: Type.Boolean() }) });
const RULES =
  'Staff who may open the application (else 403, or the neutral 404 for one they may not see); the portal account ' +
  'never. 400/1101 for a missing or malformed application_id.';

/**
 * Following an application: its followers get a FOLLOWED notification for each change someone else makes to it
 * (domain/notifications/followers.ts); POST /backstage/getApplicationsFollowed lists what the caller follows.
 */
const followRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(FOLLOW_PATHS.follow, route.notifications({ application: staffReadRule(inBody) }, 'Follow an application',
      `The caller follows it (again is a no-op). ${RULES}`, {
      body: Body,
      response: { 200: Reply, ...errorReplies },
    }), async (request) => ({ data: await follow(app.db, currentUser(request), loadedApplication(request).application_id) }));

  app.post(FOLLOW_PATHS.unfollow, route.notifications({ application: staffReadRule(inBody) }, 'Unfollow an application',
      `The caller stops following it (not following is a no-op). ${RULES}`, {
      body: Body,
      response: { 200: Reply, ...errorReplies },
    }), async (request) => ({ data: await unfollow(app.db, currentUser(request), loadedApplication(request).application_id) }));

  app.post(FOLLOW_PATHS.following, route.notifications({ application: staffReadRule(inBody) }, 'Whether the caller follows an application',
      `For the follow toggle of the application page. ${RULES}`, {
      body: Body,
      response: { 200: Reply, ...errorReplies },
    }), async (request) => {
    const id = loadedApplication(request).application_id;
    return { data: { application_id: id, following: await isFollowing(app.db, currentUser(request).userName, id) } };
  });
};
export default followRoutes;
