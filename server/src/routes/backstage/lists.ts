import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyReply } from 'fastify';
import { LIST_TYPES, LISTS } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import type { CurrentUser } from '../../domain/current-user';
import { buildListRequest, initiatedBy, listApplications } from '../../domain/lists/list-service';
import { countByStatusInRange } from '../../domain/lists/range-counts';
import { ListInput } from '../../domain/lists/list-input';
import { TARGET_STATUSES, updateStatus } from '../../domain/applications/status-update';
import type { Sql } from '../../domain/lists/sql';
import { OneOf, OneOrMany, Text, VerNum } from '../../domain/bounds';
import { FOLLOWED_BY } from '../../domain/notifications/followers';
import { errorReplies, Stale } from '../common/schemas';
import { streamExport } from './export';
import { actRule, applicationIdIn, loadedApplication } from '../common/application-rules';
import { ApplicationView, ListOrExport } from '../common/application-schemas';
import { route } from '../common/route';

const LIST_DESCRIPTION =
  'Takes the §3 list query inputs (queryType chooses the list; _applicationStatus defaults to ACTIVE; §5 filters; ' +
  'pagination {pageSize 5/10/25/50/100 or the grid sizes, cursor}; sort {field, order}; counts: false skips the counts) ' +
  'and answers a keyset page with the §3 counts. export: true streams every row of the list as NDJSON instead (the ' +
  'client writes the xlsx). Access: any staff session; rows are only those the caller may see (branch, team, own). ' +
  'Errors: 400/1101 naming the input (unknown list type or status, a filter the field does not take, a page size, a ' +
  'forged cursor).';

const listRoute = (summary: string, extra = '') => ({
  schema: { summary, description: `${extra}${LIST_DESCRIPTION}`, tags: ['backstage'], body: ListInput, response: { 200: ListOrExport, ...errorReplies } },
});

/**
 * The /backstage and /app list calls of §7 (Lists): each a keyset page of one of the nine lists plus its counts,
 * or its NDJSON export; the applications counted by status over a date range; and the status change by target
 * status. Queries and rules live in server/src/domain/lists.
 */
const listRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const list = async (reply: FastifyReply, user: CurrentUser, input: Record<string, unknown>, extra?: (sql: Sql) => string[]) => {
    if (input.export === true) return streamExport(reply, await buildListRequest(app.db, user, input, extra), app.db);
    return listApplications(app.db, user, input, { counts: input.counts !== false, extra });
  };

  app.post(LISTS.getApplications, listRoute('A list page'), async (request, reply) => list(reply, currentUser(request), request.body));
  app.post(LISTS.fetchApplications, listRoute('A list page (the /app name)'), async (request, reply) => list(reply, currentUser(request), request.body));
  app.post(LISTS.getApplicationsNew, listRoute('New: the team queue not yet picked up', 'The team\'s Pending current tasks (queryType defaults to TEAM_APPLICATIONS). '),
    async (request, reply) => list(reply, currentUser(request), { ...request.body, queryType: request.body.queryType ?? 'TEAM_APPLICATIONS', progress: ['Pending'] }));
  app.post(LISTS.getApplicationsFollowed, listRoute('Followed: the applications the caller follows', 'Every application the caller may see and follows (POST /backstage/followApplication). '),
    async (request, reply) => {
      const user = currentUser(request);
      return list(reply, user, { ...request.body, queryType: 'ALL_APPLICATIONS' }, (sql) => [FOLLOWED_BY(sql.param(user.userName))]);
    });
  app.post(LISTS.getApplicationsDeclined, listRoute('Declined: the rejected applications'), async (request, reply) =>
    list(reply, currentUser(request), { ...request.body, queryType: 'REJECTED' }));
  app.post('/backstage/getApplicationsByInitiatedByAndProductType', listRoute(
    'Applications one user started, by product',
    'initiatedBy (default the caller) and product_code (or productType) narrow the list (queryType defaults to ALL_APPLICATIONS). ',
  ), async (request, reply) => {
    const user = currentUser(request);
    const b = request.body;
    return list(reply, user, { ...b, queryType: b.queryType ?? 'ALL_APPLICATIONS', product_code: b.product_code ?? b.productType }, initiatedBy(b.initiatedBy || user.userName));
  });

  app.post('/backstage/getApplicationsCountBasedOnRange', route.backstage(null, 'Applications created in a date range, by status',
      'Counts the applications created from `from` to `to` (inclusive days, DD/MM/YYYY or YYYY-MM-DD) by status, within what the list type ' +
        '(default ALL_APPLICATIONS) shows the caller. Access: any staff session. Errors: 400/1101 for a date that is not one.', {
      body: Type.Object({ from: Text(30, 10), to: Text(30, 10), product_code: Type.Optional(OneOrMany(Text(40))), queryType: Type.Optional(OneOf(LIST_TYPES)) }),
      response: {
        200: Type.Object({
          data: Type.Object({
            from: Type.String(),
            to: Type.String(),
            total: Type.Integer(),
            byStatus: Type.Record(Type.String(), Type.Integer(), { description: 'Count per application status (statuses with none are left out)' }),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => ({ data: await countByStatusInRange(app.db, currentUser(request), request.body) }));

  // Runs a §4 action chosen by the target status: the same rule as the actions themselves.
  app.post(LISTS.statusUpdate, route.backstage({ application: actRule(applicationIdIn('body', 'application_id')) }, 'Change an application\'s status',
      'Runs the §4 action that leads to the target status (CANCELLED cancel, INACTIVE inactivate, ACTIVE cancelReject from REJECTED or ' +
        'activate from INACTIVE, REJECTED reject, DELETED delete) with all its rules. Needs APPLICATIONS_ACTIONS and an application the ' +
        'caller may open. Errors: 400/1101 (no action leads there from the current status, a rule refuses), 403, 404 for an application ' +
        'the caller may not open, 409 for a stale verNum.', {
      body: Type.Object({ application_id: Text(100, 1), verNum: VerNum(), status: OneOf(TARGET_STATUSES), reason: Type.Optional(Text(2000)), reasonCode: Type.Optional(Text(60)) }),
      response: { 200: Type.Object({ data: ApplicationView }), ...errorReplies, 409: Stale },
    }), async (request) => ({ data: await updateStatus(app.db, currentUser(request), loadedApplication(request), request.body) }));
};
export default listRoutes;
