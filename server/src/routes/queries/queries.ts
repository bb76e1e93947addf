import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { TASKS } from '@lendline/shared/contract';
import { currentUser, staffUser } from '../../plugins/app/auth';
import { applicationQueries, changeQuery, createOrUpdateQuery, unresolvedCount } from '../../domain/queries/application-queries';
import { AppId, errorReplies, VerNum, Stale, SubTaskId, TaskId, UserName, Words } from '../common/schemas';
import { actRule, applicationIdIn, staffReadRule } from '../common/application-rules';
import { Changed } from '../common/application-schemas';
import { ApplicationQuery, QueryContent, SubTask } from './schemas';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const SubTaskChanged = Changed(SubTask);
const WRITE =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404). One transaction with ' +
  'verNum (409 when stale, nothing changed), an audit row, a worklog entry and a notification for whoever acts next. ' +
  '400/1101 for bad input or a rule of the query lifecycle; 403 when only the raiser or the holder may.';

/** The §7 "/queries/…" and "/v3/queries/{application_id}" calls over the query lifecycle of domain/queries/lifecycle.ts. */
const queryCalls: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/v3/queries/:application_id', route.queries({ application: staffReadRule(applicationIdIn('params', 'application_id')) }, "An application's queries",
      'The application\'s queries, open first then newest first, each with its comment thread; a request for information to ' +
        'the applicant also has the state of its link (WAITING, ANSWERED, EXPIRED; never the link). With the open and closed ' +
        'counts. Staff who may open the application; 404 otherwise (the same as an application that does not exist).', {
      params: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Type.Array(ApplicationQuery), open: Type.Integer(), closed: Type.Integer() }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    return applicationQueries(app.db, request.params.application_id);
  });

  app.post(TASKS.createOrUpdateQuery, route.queries({ application: actRule(inBody) }, 'Raise or change a query',
      `Without subTaskId raises a query to one user (assignedTo) or one team (assignedTeam), optionally about fields and documents; with subTaskId changes that open query (createSubTask / updateSubTask). ${WRITE}`, {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        subTaskId: Type.Optional(SubTaskId),
        ...QueryContent,
        taskId: Type.Optional(TaskId),
      }),
      response: { 200: SubTaskChanged, ...errorReplies, 409: Stale },
    }), async (request) => ({ ...(await createOrUpdateQuery(app.db, currentUser(request), request.body)), message: request.body.subTaskId ? 'Query updated' : 'Query raised' }));

  app.post(TASKS.updateQuery, route.queries({ application: actRule(inBody) }, 'Close, reopen or comment on a query',
      `status CLOSED closes the query and OPEN reopens it (the comment, if any, is the note); without status the comment is added to the thread. ${WRITE}`, {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        subTaskId: SubTaskId,
        status: Type.Optional(Type.Union([Type.Literal('OPEN'), Type.Literal('CLOSED')])),
        comment: Type.Optional(Words(2000, 'A comment, or the closing / reopening note')),
      }),
      response: { 200: SubTaskChanged, ...errorReplies, 409: Stale },
    }), async (request) => ({ ...(await changeQuery(app.db, currentUser(request), request.body)), message: 'Query updated' }));

  app.post(TASKS.unresolvedCountByUserId, route.queries(null, 'Open queries a user holds',
      'How many open queries of ACTIVE applications a user holds: assigned to them, and assigned to one of their teams while no ' +
        'user holds them (what their "my queries" list shows). Staff; userId defaults to the caller, another user needs ADMIN (403).', {
      body: Type.Object({ userId: Type.Optional(UserName) }),
      response: {
        200: Type.Object({ data: Type.Object({ userId: Type.String(), count: Type.Integer(), assignedToUser: Type.Integer(), assignedToTeams: Type.Integer() }) }),
        ...errorReplies,
      },
    }), async (request) => {
    return { data: await unresolvedCount(app.db, staffUser(request), request.body.userId) };
  });
};
export default queryCalls;
