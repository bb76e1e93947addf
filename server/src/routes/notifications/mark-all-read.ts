import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { assertMayUseNotifications, viewAll } from '../../domain/notifications/notifications';
import { errorReplies } from '../common/schemas';
import { route } from '../common/route';

export const MARK_ALL_READ = '/v3/notification/markAllRead';

/**
 * POST /v3/notification/markAllRead: the notification page's main action (issue 26). Only the caller's own
 * notifications and their share of their teams' change; nothing about anyone else is read or answered.
 */
const markAllReadRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.post(MARK_ALL_READ, route.notifications(null, "Mark all the caller's notifications as read",
      "Every notification of the caller (and, for the caller only, their teams') becomes viewed ('1') and counted, so the bell shows none unread. " +
        'Needs the NOTIFICATION role (§6) and a staff session: 403 otherwise, 401 without a session.', {
      response: {
        200: Type.Object({ data: Type.Object({ updated: Type.Integer({ minimum: 0, description: 'How many changed' }), unread: Type.Integer({ minimum: 0, description: 'Unread after the change (0)' }) }) }),
        ...errorReplies,
      },
    }), async (request) => {
    const user = currentUser(request);
    assertMayUseNotifications(user);
    return { data: await viewAll(app.db, user) };
  });
};
export default markAllReadRoute;
