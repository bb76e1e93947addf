import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TASKS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { closeQuery, commentOnQuery, raiseQuery, reopenQuery, subTaskDetails, updateQuery } from '../../domain/queries/lifecycle';
import { listSubTasks, SUB_TASK_KINDS, toApiSubTask } from '../../domain/tasks/sub-task-row';
import { AppId, errorReplies, VerNum, Stale, SubTaskId, TaskId, Words } from '../common/schemas';
import { actRule, applicationIdIn, staffReadRule } from '../common/application-rules';
import { OneOf } from '../../domain/bounds';
import { Changed } from '../common/application-schemas';
import { QueryContent, SubTask } from './schemas';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const SubTaskChanged = Changed(SubTask);
const WRITE =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open; one transaction that checks verNum, bumps it, and ' +
  'writes an audit row, a worklog entry and a notification for whoever must act next. Errors: 400/1101 for bad input or ' +
  'a rule of the query lifecycle, 403 without the permission (or, for update/close/reopen, when the caller is neither ' +
  'the raiser nor the holder), 404 for an application the caller may not open or a query that is not of that ' +
  'application (the same answer as one that does not exist), 409 when verNum is stale (nothing is changed).';
const writeSchema = <B extends ReturnType<typeof Type.Object>>(summary: string, what: string, body: B) => ({
  config: { application: actRule(inBody) },
  schema: { summary, description: `${what} ${WRITE}`, tags: ['tasks'], body, response: { 200: SubTaskChanged, ...errorReplies, 409: Stale } },
});
const Target = { application_id: AppId, verNum: VerNum };

/**
 * §7 "Tasks and queries": the §4 query (sub-task) lifecycle — raise, update, comment, close, reopen — and its reads.
 * The rules are in domain/queries/lifecycle.ts.
 */
const queryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(TASKS.createSubTask, writeSchema(
    'Raise a query',
    'Raises a query (sub-task) on the application to one user (assignedTo) or one team (assignedTeam), optionally about ' +
      'fields and documents of it, on its current task (or taskId). The application\'s sub-status becomes QUERIES while any ' +
      'query is open, and the holder\'s "my queries" list has it at once. The holder must be staff with APPLICATIONS_ACTIONS ' +
      'who may open the application.',
    Type.Object({
      ...Target,
      ...QueryContent,
      taskId: Type.Optional(TaskId),
    }),
  ), async (request) => {
    const r = await raiseQuery(app.db, currentUser(request), request.body);
    return { ...r, message: 'Query raised' };
  });

  app.post(TASKS.updateSubTask, writeSchema(
    'Update a query',
    'Changes an open query\'s subject, description, fields, documents or holder (assignedTo or assignedTeam). Only its raiser, its holder or an admin may.',
    Type.Object({
      ...Target,
      subTaskId: SubTaskId,
      ...QueryContent,
      subject: Type.Optional(QueryContent.subject),
    }),
  ), async (request) => ({ ...(await updateQuery(app.db, currentUser(request), request.body)), message: 'Query updated' }));

  app.post(TASKS.addCommentToTask, writeSchema(
    'Comment on a query',
    'Adds a comment to the query\'s thread (open or closed); the other party is notified.',
    Type.Object({ ...Target, subTaskId: SubTaskId, comment: Words(2000, 'The comment') }),
  ), async (request) => ({ ...(await commentOnQuery(app.db, currentUser(request), request.body)), message: 'Comment added' }));

  app.post(TASKS.closeSubTask, writeSchema(
    'Close a query',
    'Closes an open query, with an optional closing comment; the raiser is notified. The open-query count drops at once.',
    Type.Object({ ...Target, subTaskId: SubTaskId, comment: Type.Optional(Words(2000, 'A closing comment')) }),
  ), async (request) => ({ ...(await closeQuery(app.db, currentUser(request), request.body)), message: 'Query closed' }));

  app.post(TASKS.reopenSubTask, writeSchema(
    'Reopen a query',
    'Reopens a closed query of an ACTIVE application, with an optional comment; its holder is notified.',
    Type.Object({ ...Target, subTaskId: SubTaskId, comment: Type.Optional(Words(2000, 'Why it is reopened')) }),
  ), async (request) => ({ ...(await reopenQuery(app.db, currentUser(request), request.body)), message: 'Query reopened' }));

  app.get('/v3/taskconfigs/subTaskList/:application_id/:taskId/:type/:status', route.tasks({ application: staffReadRule(applicationIdIn('params', 'application_id')) }, 'Sub-tasks of an application',
      'The application\'s sub-tasks (queries, approvals, raised exceptions), newest first, at most 500: ' +
        '{application_id}/{taskId}/{type}/{status}, where taskId, type (QUERY, APPROVAL, EXCEPTION) and status (OPEN, CLOSED) ' +
        'narrow the list and ALL leaves that part open. Staff who may open the application; 404 for one they may not (the same as one that does not exist).', {
      params: Type.Object({
        application_id: AppId,
        taskId: Type.Union([Type.Literal('ALL'), TaskId]),
        type: OneOf(['ALL', ...SUB_TASK_KINDS] as const),
        status: OneOf(['ALL', 'OPEN', 'CLOSED'] as const),
      }),
      response: { 200: Type.Object({ data: Type.Array(SubTask) }), ...errorReplies },
    }), async (request) => {
    const { application_id, taskId, type, status } = request.params;
    currentUser(request);
    const rows = await listSubTasks(app.db, application_id, {
      taskId: taskId === 'ALL' ? null : taskId,
      kind: type === 'ALL' ? null : type,
      status: status === 'ALL' ? null : status,
    });
    return { data: rows.map(toApiSubTask) };
  });

  app.get('/v3/taskconfigs/subTaskDetails/:id', route.tasks(null, 'One sub-task',
      'A sub-task (query, approval or raised exception) with its comment thread. The path names the sub-task, so the access ' +
        'rule is applied to its application in the domain: staff who may open it; 404 otherwise, the same as for an id that does not exist.', {
      params: Type.Object({ id: SubTaskId }),
      response: { 200: Type.Object({ data: SubTask }), ...errorReplies },
    }), async (request) => ({ data: await subTaskDetails(app.db, currentUser(request), request.params.id) }));
};
export default queryRoutes;
