import type { Queryable } from '../../db/db';
import { tasksOf, toApiTask } from '../lifecycle/tasks';

/** GET /v3/taskconfigs/getConfigs: the application's §3 tasks, narrowed to one task id and/or one lifecycle step. */
export async function taskConfigs(q: Queryable, applicationId: string, only: { taskId?: string; stepNumber?: number } = {}) {
  const now = new Date();
  return (await tasksOf(q, applicationId))
    .filter((t) => (only.taskId ? t.task_id === only.taskId : true) && (only.stepNumber != null ? t.step_number === only.stepNumber : true))
    .map((t) => toApiTask(t, now));
}
