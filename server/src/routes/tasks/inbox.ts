import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { inboxPage, INBOX_KINDS } from '../../domain/tasks/inbox';
import { COUNT_CAP, inboxCounts } from '../../domain/tasks/inbox-counts';
import { errorReplies, Enum, Nullable } from '../common/schemas';
import { SlaState } from '../common/application-schemas';
import { OneOf } from '../../domain/bounds';
import { Cursor, PageInfo, PageLimit } from './work-schemas';
import { route } from '../common/route';

/** Path of the inbox in §7's "Tasks and queries" family (§7 names no inbox call). */
export const INBOX_PATH = '/v3/taskconfigs/inbox';
export const INBOX_COUNTS_PATH = '/v3/taskconfigs/inbox/counts';

const Count = Type.Integer({ minimum: 0, maximum: COUNT_CAP });

const InboxItem = Type.Object(
  {
    kind: Enum(INBOX_KINDS),
    id: Type.String({ description: 'taskId for a task, subTaskId for a query or approval' }),
    application_id: Type.String(),
    applicantName: Type.String(),
    productCode: Type.String(),
    verNum: Type.Integer({ description: 'The application\'s verNum, for an action taken from the inbox' }),
    taskId: Nullable(Type.String()),
    title: Type.String({ description: 'The task name, or the subject of the query or approval' }),
    stepName: Type.String(),
    dueAt: Nullable(Type.String({ format: 'date-time', description: '§4 SLA due time (a sub-task: that of its task); null when no limit is enabled' })),
    breached: Type.Boolean({ description: 'The due time has passed (a task: its application\'s clock runs and is breached)' }),
    sla: Nullable(SlaState),
    reviewAt: Nullable(Type.String({ format: 'date-time', description: 'A task\'s review date (snooze)' })),
    bucket: Enum(['Today', 'Future']),
    heldBy: Type.Object({ user: Nullable(Type.String()), team: Nullable(Type.String()) }),
    raisedBy: Nullable(Type.String()),
    actions: Type.Array(Type.Object({ type: Type.String(), value: Type.String() }), { description: '§4 other task actions the product configures on the task' }),
    tab: Enum(['queries', 'approvals', 'snooze', 'relatedTasks'], 'The detail tab the item is worked in'),
  },
  { description: 'One task or sub-task of the inbox' },
);

/** The task inbox of /backstage/tasks. Rules and query shape in domain/tasks/inbox.ts. */
const inboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(INBOX_PATH, route.tasks(null, 'Task inbox',
      'The caller\'s open tasks and sub-tasks (queries; approvals and raised exceptions) across the applications they may open, in a §4 ' +
        'review bucket — Today (no review date, or it has come), Future (a snoozed task until its review date), All — sorted by the §4 SLA ' +
        'due time (earliest first, none last). kind narrows to one kind; scope is mine (held by the caller, default), teams (waiting in ' +
        'one of the caller\'s teams) or all. Keyset pages: pass pageInfo.nextCursor back as cursor (signed; bound to the caller and the ' +
        'filters). Staff only. Errors: 400/1101 for bad input or a cursor that is not this list\'s, 403 for the customer account.', {
      querystring: Type.Object({
        bucket: Type.Optional(OneOf(['Today', 'Future', 'All'] as const)),
        kind: Type.Optional(OneOf(['ALL', ...INBOX_KINDS] as const)),
        scope: Type.Optional(OneOf(['mine', 'teams', 'all'] as const)),
        limit: Type.Optional(PageLimit),
        cursor: Type.Optional(Cursor),
      }),
      response: { 200: Type.Object({ data: Type.Array(InboxItem), pageInfo: PageInfo }), ...errorReplies },
    }), async (request) => {
    const q = request.query;
    return inboxPage(app.db, currentUser(request), {
      bucket: q.bucket ?? 'Today',
      kinds: !q.kind || q.kind === 'ALL' ? [] : [q.kind],
      scope: q.scope ?? 'mine',
      limit: q.limit ?? 10,
      cursor: q.cursor,
    });
  });

  app.get(INBOX_COUNTS_PATH, route.tasks(null, 'Task inbox counts',
      `How many items each review bucket of the caller's inbox holds (Today, Future, All), for the same kind and scope filters and ` +
        `visibility as the inbox; each at most ${COUNT_CAP} (capped true when a bucket has more). Staff only: 403 for the customer account.`, {
      querystring: Type.Object({
        kind: Type.Optional(OneOf(['ALL', ...INBOX_KINDS] as const)),
        scope: Type.Optional(OneOf(['mine', 'teams', 'all'] as const)),
      }),
      response: { 200: Type.Object({ data: Type.Object({ Today: Count, Future: Count, All: Count, capped: Type.Boolean() }) }), ...errorReplies },
    }), async (request) => {
    const q = request.query;
    return { data: await inboxCounts(app.db, currentUser(request), { kinds: !q.kind || q.kind === 'ALL' ? [] : [q.kind], scope: q.scope ?? 'mine' }) };
  });
};
export default inboxRoutes;
