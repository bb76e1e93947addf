import type { FastifyPluginAsync } from 'fastify';
import domainApplications from '../domain-applications';
import domainLists from '../domain-lists';

/** Backstage (§7 Applications and Lists): applications and their §4 actions, the nine lists, search, GraphQL. */
const backstageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(domainApplications);
  await app.register(domainLists);
};
export default backstageRoutes;
