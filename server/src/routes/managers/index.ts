import type { FastifyPluginAsync } from 'fastify';
import hierarchy from './hierarchy';
import targets from './targets';
import dashboard from './dashboard';
import listActions from './list-actions';
import reports from './reports';
import drilldown from './drilldown';

/**
 * The managers' view (issue 18): hierarchy lists over the sales geography, targets, dashboards, report lists and mail
 * from a list. Rules and SQL live in domain/managers/.
 */
const managerRoutes: FastifyPluginAsync = async (app) => {
  await app.register(hierarchy);
  await app.register(targets);
  await app.register(dashboard);
  await app.register(listActions);
  await app.register(reports);
  await app.register(drilldown);
};
export default managerRoutes;
