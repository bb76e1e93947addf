import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { assertMayUseNotifications } from '../../domain/notifications/notifications';
import { listSubscriptions, loadVapidKeys, saveSubscription, type WebPushSettings } from '../../domain/notifications/web-push';
import { errorReplies } from '../common/schemas';
import { route } from '../common/route';

export const SUBSCRIPTION_PATH = '/v3/notification/subscription';
export const VAPID_KEY_PATH = '/v3/notification/vapidPublicKey';

const B64URL = (max: number, description: string) => Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', minLength: 8, maxLength: max, description });
/** A browser PushSubscription as JSON (PushSubscription.toJSON()), bounded. */
const Subscription = Type.Object(
  {
    endpoint: Type.String({ minLength: 10, maxLength: 2048, pattern: '^https://', description: "The push service's URL for this browser" }),
    expirationTime: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 0 })])),
    keys: Type.Object({ p256dh: B64URL(200, 'The browser\'s P-256 public key (base64url)'), auth: B64URL(64, 'The auth secret (base64url)') }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

/** §7 POST /v3/notification/subscription and the VAPID public key a browser subscribes with. */
const subscriptionRoutes: FastifyPluginAsyncTypebox<{ dataDir: string; webPush: WebPushSettings }> = async (app, opts) => {
  const vapid = loadVapidKeys(opts.dataDir);

  app.get(VAPID_KEY_PATH, route.notifications(null, 'The VAPID public key for Web Push',
      'The applicationServerKey a browser passes to PushManager.subscribe. Needs the NOTIFICATION role: 403 otherwise, 401 without a session.', {
      response: { 200: Type.Object({ data: Type.Object({ publicKey: Type.String() }) }), ...errorReplies },
    }), async (request) => {
    assertMayUseNotifications(currentUser(request));
    return { data: { publicKey: vapid.publicKey } };
  });

  app.get(SUBSCRIPTION_PATH, route.notifications(null, "The caller's Web Push subscriptions",
      'The browsers the caller subscribed (endpoint, language, when), newest first. Needs the NOTIFICATION role (403), a session (401).', {
      response: {
        200: Type.Object({ data: Type.Array(Type.Object({ endpoint: Type.String(), lang: Type.String(), createdAt: Type.String({ format: 'date-time' }) })) }),
        ...errorReplies,
      },
    }), async (request) => {
    const user = currentUser(request);
    assertMayUseNotifications(user);
    return { data: await listSubscriptions(app.db, user) };
  });

  app.post(SUBSCRIPTION_PATH, route.notifications(null, 'Subscribe this browser to Web Push',
      'Stores the browser\'s push subscription for the caller: a notification for them while they have no open socket is sent ' +
        'to it as a Web Push message (text in `lang`, default en). userId must be the caller (403 otherwise); the endpoint must be on ' +
        'a known push service (400/1101). Subscribing the same endpoint again replaces its keys. Needs the NOTIFICATION role (403), a session (401).', {
      body: Type.Object(
        {
          subscription: Subscription,
          userId: Type.String({ minLength: 1, maxLength: 100, description: 'The caller\'s user id' }),
          lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('hi')], { description: 'Language of the push messages' })),
        },
        { additionalProperties: false },
      ),
      response: { 200: Type.Object({ data: Type.Object({ subscribed: Type.Boolean(), userId: Type.String() }) }), ...errorReplies },
    }), async (request) => {
    const user = currentUser(request);
    assertMayUseNotifications(user);
    return { data: await saveSubscription(app.db, user, request.body, opts.webPush) };
  });
};
export default subscriptionRoutes;
