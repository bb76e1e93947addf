import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PAGE_SIZES } from '@lendline/shared/contract';
import { staffUser } from '../../plugins/app/auth';
import { CLOSED_STATUSES, DRILL_CHARTS, drillDown } from '../../domain/managers/drilldown';
import { Code } from '../../domain/bounds';
import { errorReplies, Enum, Nullable } from '../common/schemas';
import { ListItem, PageInfo } from '../common/application-schemas';
import { DashboardFilter } from './schemas';
import { route } from '../common/route';

/** The applications behind a dashboard figure (drill-down from a bar or a table row). Rules and SQL in domain/managers/drilldown.ts. */
const drilldownRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/backstage/dashboard/applications', route.managers(null, 'The applications behind a dashboard figure',
      'The list of applications a dashboard bar or row counts, newest first, keyset pages (pagination.cursor = pageInfo.nextCursor), ' +
        'within the dashboard\'s filter and the branches the caller sees: pipeline (ACTIVE at stepName), outcomes (closed in the period with ' +
        'status), slaByTeam (team\'s ACTIVE applications past their due time now). count is the figure the chart shows. ' +
        'Access: members of the REPORTS activity group. Errors: 403 otherwise; 400/1101 a bad period or a missing stepName, status or team.', {
      body: Type.Object({
        ...DashboardFilter,
        chart: Enum(DRILL_CHARTS, 'The chart the figure belongs to'),
        stepName: Type.Optional(Nullable(Type.String({ maxLength: 200, description: 'pipeline: the step (null: applications without one)' }))),
        status: Type.Optional(Enum([...CLOSED_STATUSES], 'outcomes: COMPLETED (approved), REJECTED or CANCELLED')),
        team: Type.Optional(Code(60)),
        pagination: Type.Optional(Type.Object({
          pageSize: Type.Optional(Type.Union(PAGE_SIZES.map((n) => Type.Literal(n)))),
          cursor: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
        })),
      }),
      response: { 200: Type.Object({ data: Type.Array(ListItem), count: Type.Integer(), pageInfo: PageInfo }), ...errorReplies },
    }), async (request) => drillDown(app.db, staffUser(request), request.body));
};
export default drilldownRoutes;
