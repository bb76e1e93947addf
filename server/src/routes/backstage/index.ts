import actions from './actions';
import applications from './applications';
import dedupe from './dedupe';
import filters from './filters';
import graphql from './graphql';
import lists from './lists';
import lookups from './lookups';
import search from './search';
import { areaOf } from '../common/area';

/**
 * Backstage (§7 Applications and Lists): applications and their §4 actions, the nine lists and their export,
 * search, saved filters, the list pages' lookups and the list GraphQL.
 */
const backstageRoutes = areaOf(
  applications,
  dedupe,
  actions,
  lists,
  search,
  filters,
  lookups,
  graphql,
);
export default backstageRoutes;
