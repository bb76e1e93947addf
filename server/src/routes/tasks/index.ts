import snooze from './snooze';
import inbox from './inbox';
import workTabs from './work-tabs';
import { areaOf } from '../common/area';

/**
 * Case work (§7 Tasks): the task snooze, the task inbox and the worklogs/notes/related-tasks tabs. Queries (the
 * sub-task lifecycle under its §7 Tasks paths too) are in routes/queries, approvals in routes/approvals.
 */
const taskRoutes = areaOf(
  snooze,
  // The task inbox (/backstage/tasks) and the worklogs and notes tabs.
  inbox,
  workTabs,
);
export default taskRoutes;
