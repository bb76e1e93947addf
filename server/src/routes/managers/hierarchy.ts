import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { APPLICATION_STATUSES, PAGE_SIZES } from '@lendline/shared/contract';
import { staffUser } from '../../plugins/app/auth';
import { geoLimitStatus, nsmApplications, nsmZoneGroup, reportees } from '../../domain/managers/hierarchy';
import { Code } from '../../domain/bounds';
import { errorReplies, Enum } from '../common/schemas';
import { ListItem, PageInfo } from '../common/application-schemas';
import { GeoGroups, Level } from './schemas';
import { route } from '../common/route';

const MANAGERS = 'Access: managers — NSM (zoneIDs), RM (regionIDs), AM (areaIDs), BH (branchList), or ADMIN / ALL_APPLICATIONS_* holders (every branch). Errors: 403 for anyone else; 400/1101 naming a bad input.';

const ListBody = Type.Object({
  ...GeoGroups,
  _applicationStatus: Type.Optional(Enum(APPLICATION_STATUSES)),
  product_code: Type.Optional(Type.Array(Code(40), { maxItems: 20 })),
  userIds: Type.Optional(Type.Array(Code(100), { maxItems: 100, description: 'Initiators (reportees) to narrow to' })),
  pagination: Type.Optional(Type.Object({
    pageSize: Type.Optional(Type.Union(PAGE_SIZES.map((n) => Type.Literal(n)))),
    cursor: Type.Optional(Type.Union([Type.String({ maxLength: 512 }), Type.Null()])),
  })),
});

const ListReply = Type.Object({
  level: Level,
  branches: Type.Array(Type.String(), { description: 'The branch teams the page covers' }),
  data: Type.Array(ListItem),
  count: Type.Integer(),
  pageInfo: PageInfo,
});

const Count = Type.Integer();
const ZoneGroupReply = Type.Object({
  level: Level,
  zones: Type.Array(Type.Object({
    zoneId: Type.String(), count: Count,
    regions: Type.Array(Type.Object({
      regionId: Type.String(), count: Count,
      areas: Type.Array(Type.Object({
        areaId: Type.String(), count: Count,
        branches: Type.Array(Type.Object({ branchCode: Type.String(), teamId: Type.String(), name: Type.String(), count: Count })),
      })),
    })),
  })),
});

const Strings = Type.Array(Type.String());
const ReporteeReply = Type.Object({
  level: Level,
  data: Type.Array(Type.Object({
    userId: Type.String(), displayName: Type.String(), roles: Strings,
    attributes: Type.Object({ areaIDs: Strings, branchList: Strings, regionIDs: Strings, zoneIDs: Strings }),
  })),
});

const GeoReply = Type.Object({
  level: Level,
  withinLimit: Type.Boolean(),
  items: Type.Array(Type.Object({ type: Enum(['zone', 'region', 'area', 'branch']), id: Type.String(), withinLimit: Type.Boolean() })),
});

/** §7 Lists: the NSM (hierarchy) calls. Rules and SQL in domain/managers/. */
const hierarchyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const listSchema = (summary: string, extra: string) => ({
    schema: {
      summary, tags: ['managers'], body: ListBody, response: { 200: ListReply, ...errorReplies },
      description: `${extra} Newest first, keyset pages (pagination.cursor = pageInfo.nextCursor); count is the whole list's. Leads are not listed. ${MANAGERS}`,
    },
  });
  app.post('/backstage/getNsmApplications', listSchema('The applications under a manager',
    'The applications of every branch under the caller (their zones, regions, areas or branches), ACTIVE unless _applicationStatus says otherwise; zoneIDs, regionIDs, areaIDs, branchList narrow it.'),
  async (request) => nsmApplications(app.db, staffUser(request), request.body));
  app.post('/backstage/getfilteredNsm', listSchema('The applications under a manager, filtered',
    'getNsmApplications narrowed by groups and by product_code, _applicationStatus and userIds (the initiators, e.g. reportees).'),
  async (request) => nsmApplications(app.db, staffUser(request), request.body));

  app.post('/backstage/getNsmZoneGroup', route.managers(null, 'A manager\'s geography',
      `The zones → regions → areas → branches under the caller, each with its count of ACTIVE applications. ${MANAGERS}`, {
      body: Type.Object({}),
      response: { 200: Type.Object({ data: ZoneGroupReply }), ...errorReplies },
    }), async (request) => ({ data: await nsmZoneGroup(app.db, staffUser(request)) }));

  app.post('/backstage/getReporteeDetails', route.managers(null, 'A manager\'s reportees',
      `Staff whose branches (attributes.branchList) lie under the caller, narrowed by the groups named; the caller is not listed. ${MANAGERS}`, {
      body: Type.Object(GeoGroups),
      response: { 200: Type.Object({ data: ReporteeReply }), ...errorReplies },
    }), async (request) => ({ data: await reportees(app.db, staffUser(request), request.body) }));

  app.post('/backstage/getGeoLimitStatus', route.managers(null, 'Whether groups lie within the caller\'s geography',
      `For each zone, region, area and branch named: whether it lies under the caller; withinLimit when all do. ${MANAGERS}`, {
      body: Type.Object(GeoGroups),
      response: { 200: Type.Object({ data: GeoReply }), ...errorReplies },
    }), async (request) => ({ data: await geoLimitStatus(app.db, staffUser(request), request.body) }));
};
export default hierarchyRoutes;
