import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { assertMayUseNotifications, listNotifications } from '../../domain/notifications/notifications';
import { errorReplies } from '../common/schemas';
import { NotificationSchema } from './schemas';
import { route } from '../common/route';

export const NOTIFICATION_LIST = '/v3/notification/list';

const ListQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Page size (§9 default 10, at most 100)' })),
  type: Type.Optional(Type.Union([Type.Literal('ASSIGNED'), Type.Literal('FOLLOWED'), Type.Literal('TEAM')], { description: 'Only this §9 notification type' })),
  status: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')], { description: "Only unread ('0') or viewed ('1')" })),
  lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('hi')], { description: 'Language of `messages` (default en)' })),
  before: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,17}$', maxLength: 18, description: 'The `next` of the previous page: notifications older than this id' })),
});

/** GET /v3/notification/list: the notification page and a reconnecting socket's catch-up. */
const listRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(NOTIFICATION_LIST, route.notifications(null, 'List the caller\'s notifications',
      'The caller\'s notifications and their teams\', newest first, one page at a time (keyset: pass the reply\'s `next` ' +
        'as `before` for the next page; null when there is none); `type` and `status` narrow it, `lang` chooses the language of `messages`. Needs the NOTIFICATION role (§6) and a staff session: ' +
        '403 otherwise, 401 without a session, 400/1101 for a bad limit or cursor.', {
      querystring: ListQuery,
      response: {
        200: Type.Object({ data: Type.Array(NotificationSchema), next: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page' }) }),
        ...errorReplies,
      },
    }), async (request) => {
    const user = currentUser(request);
    assertMayUseNotifications(user);
    return listNotifications(app.db, user, { limit: request.query.limit ?? 10, before: request.query.before, lang: request.query.lang, type: request.query.type, status: request.query.status });
  });
};
export default listRoute;
