import hierarchy from './hierarchy';
import targets from './targets';
import dashboard from './dashboard';
import listActions from './list-actions';
import reports from './reports';
import drilldown from './drilldown';
import { areaOf } from '../common/area';

/**
 * The managers' view (issue 18): hierarchy lists over the sales geography, targets, dashboards, report lists and mail
 * from a list. Rules and SQL live in domain/managers/.
 */
const managerRoutes = areaOf(
  hierarchy,
  targets,
  dashboard,
  listActions,
  reports,
  drilldown,
);
export default managerRoutes;
