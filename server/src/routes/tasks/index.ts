import type { FastifyPluginAsync } from 'fastify';
import queries from './queries';
import snooze from './snooze';

/**
 * Case work (§7 Tasks and queries): the query (sub-task) lifecycle and its reads, and the task snooze. Approvals,
 * request-for-info and the task inbox are not built yet.
 */
const taskRoutes: FastifyPluginAsync = async (app) => {
  await app.register(queries);
  await app.register(snooze);
};
export default taskRoutes;
