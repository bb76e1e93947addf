import type { FastifyPluginAsync } from 'fastify';
import notificationList from './list';

/** The notification area's HTTP routes (the socket is plugins/app/realtime.ts); registered once by app.ts. */
const notificationRoutes: FastifyPluginAsync = async (app) => {
  await app.register(notificationList);
};
export default notificationRoutes;
