import type { FastifyPluginAsync } from 'fastify';
import actions from './actions';
import applications from './applications';
import dedupe from './dedupe';
import filters from './filters';
import graphql from './graphql';
import lists from './lists';
import lookups from './lookups';
import search from './search';

/**
 * Backstage (§7 Applications and Lists): applications and their §4 actions, the nine lists and their export,
 * search, saved filters, the list pages' lookups and the list GraphQL.
 */
const backstageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(applications);
  await app.register(dedupe);
  await app.register(actions);
  await app.register(lists);
  await app.register(search);
  await app.register(filters);
  await app.register(lookups);
  await app.register(graphql);
};
export default backstageRoutes;
