import queryCalls from './queries';
import taskCalls from './task-calls';
import requestInfoRoutes from './request-info';
import applicantRoutes from './applicant';
import recipientRoutes from './recipients';
import { areaOf } from '../common/area';

/**
 * Queries and requests for information (§7), all of them: the query (sub-task) lifecycle under the §7 Tasks paths
 * (createSubTask, updateSubTask, …) and the "/queries/…" calls over the same rules, the application's queries and
 * their counts, requests for information to the applicant and the applicant's answer. Rules in domain/queries/.
 */
const queryRoutes = areaOf(
  taskCalls,
  queryCalls,
  requestInfoRoutes,
  applicantRoutes,
  recipientRoutes,
);
export default queryRoutes;
