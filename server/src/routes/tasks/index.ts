import type { FastifyPluginAsync } from 'fastify';
import queries from './queries';
import snooze from './snooze';
import inbox from './inbox';
import workTabs from './work-tabs';

/**
 * Case work (§7 Tasks and queries): the query (sub-task) lifecycle and its reads, the task snooze, the task inbox and
 * the worklogs/notes/related-tasks tabs. The other query calls and requests for information are in routes/queries,
 * approvals in routes/approvals.
 */
const taskRoutes: FastifyPluginAsync = async (app) => {
  await app.register(queries);
  await app.register(snooze);
  // The task inbox (/backstage/tasks) and the worklogs and notes tabs.
  await app.register(inbox);
  await app.register(workTabs);
};
export default taskRoutes;
