import type { FastifyPluginAsync } from 'fastify';
import queryCalls from './queries';
import taskCalls from './task-calls';
import requestInfoRoutes from './request-info';
import applicantRoutes from './applicant';
import recipientRoutes from './recipients';

/**
 * Queries and requests for information (§7), all of them: the query (sub-task) lifecycle under the §7 Tasks paths
 * (createSubTask, updateSubTask, …) and the "/queries/…" calls over the same rules, the application's queries and
 * their counts, requests for information to the applicant and the applicant's answer. Rules in domain/queries/.
 */
const queryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(taskCalls);
  await app.register(queryCalls);
  await app.register(requestInfoRoutes);
  await app.register(applicantRoutes);
  await app.register(recipientRoutes);
};
export default queryRoutes;
