import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TASKS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { snoozeTask, unsnoozeTask } from '../../domain/tasks/snooze';
import { AppId, errorReplies, VerNum, Stale, TaskId, Words } from '../common/schemas';
import { actRule, applicationIdIn } from '../common/application-rules';
import { Changed } from '../common/application-schemas';
import { SnoozedTask } from './schemas';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const Reply = Changed(SnoozedTask);
const RULES =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404), then §6 TASK_REVIEW_DATE ' +
  '(403). One transaction that checks verNum (409 when stale, nothing changed), bumps it, and writes an audit row, a worklog ' +
  'entry and a notification to the task\'s holder (or its team). 400/1101 for bad input or a task that is closed.';

/** §2 snooze tab: a task's review date (activeOn). Rules in domain/tasks/snooze.ts. */
const snoozeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(TASKS.updateSnoozeTime, route.tasks({ application: actRule(inBody) }, 'Snooze a task',
      `Sets the review date of the application's current task (or taskId), with a reason: the task is in the Future bucket until then. snoozeTime is an ISO date-time in the future, within 366 days. ${RULES}`, {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        taskId: Type.Optional(TaskId),
        snoozeTime: Type.String({ minLength: 1, maxLength: 40, description: 'ISO date-time' }),
        reason: Words(500, 'Why the task waits'),
      }),
      response: { 200: Reply, ...errorReplies, 409: Stale },
    }), async (request) => ({ ...(await snoozeTask(app.db, currentUser(request), request.body)), message: 'Task snoozed' }));

  app.post(TASKS.removeSnoozeTime, route.tasks({ application: actRule(inBody) }, 'Remove a snooze',
      `Clears the review date of the application's current task (or taskId): it is back in Today. 400 when it is not snoozed. ${RULES}`, {
      body: Type.Object({ application_id: AppId, verNum: VerNum, taskId: Type.Optional(TaskId), reason: Type.Optional(Type.String({ maxLength: 500 })) }),
      response: { 200: Reply, ...errorReplies, 409: Stale },
    }), async (request) => ({ ...(await unsnoozeTask(app.db, currentUser(request), request.body)), message: 'Snooze removed' }));
};
export default snoozeRoutes;
