import type { FastifyPluginAsync } from 'fastify';
import queryCalls from './queries';
import requestInfoRoutes from './request-info';
import applicantRoutes from './applicant';
import recipientRoutes from './recipients';

/**
 * Queries and requests for information (§7): the application's queries and their counts, the "/queries/…" calls,
 * requests for information to the applicant and the applicant's answer. Rules in domain/queries/ and domain/tasks/.
 */
const queryRoutes: FastifyPluginAsync = async (app) => {
  await app.register(queryCalls);
  await app.register(requestInfoRoutes);
  await app.register(applicantRoutes);
  await app.register(recipientRoutes);
};
export default queryRoutes;
