import type { FastifyPluginAsync } from 'fastify';
import type { WebPushSettings } from '../../domain/notifications/web-push';
import notificationList from './list';
import markAllRead from './mark-all-read';
import followRoutes from './follow';
import subscriptionRoutes from './subscription';
import serviceWorkerRoute from './service-worker';

/** The notification area's HTTP routes (the socket is plugins/app/realtime.ts); registered once by app.ts. */
const notificationRoutes: FastifyPluginAsync<{ dataDir: string; webPush: WebPushSettings; releasesDir: string }> = async (app, opts) => {
  await app.register(notificationList);
  await app.register(markAllRead);
  await app.register(followRoutes);
  await app.register(subscriptionRoutes, opts);
  await app.register(serviceWorkerRoute, { releasesDir: opts.releasesDir }); // the Web Push worker at a stable root URL
};
export default notificationRoutes;
