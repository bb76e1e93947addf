import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { Type } from '@sinclair/typebox';
import { EXPORT_SUFFIX, LIST_TYPES, LISTS, type TableConfig } from '@lendline/shared/contract';
import type { Queryable } from '../db/db';
import { currentUser } from '../plugins/app/auth';
import { type CurrentUser } from '../domain/current-user';
import { notFound, refused } from '../domain/errors';
import { buildListRequest, exportRows, fetchCounts, fetchPage, listApplications, type ListRequest } from '../domain/lists/list-service';
import { globalSearch, localSearch, localSearchRequest } from '../domain/lists/search';
import { executeQuery } from '../domain/lists/graphql';
import { getFilters, saveFilter } from '../domain/lists/saved-filters';
import { runAction } from '../domain/applications/actions';
import { findApplication } from '../domain/applications/row';
import { withRowKeys } from '../seed/config/table-configs';
import { ListInput, MAX_FILTERS } from '../domain/lists/list-input';
import { OneOf, OneOrMany, Text, VerNum } from '../http/bounds';

const Body = Type.Record(Type.String(), Type.Unknown());
/** Every list, search and export call takes the §3 list inputs, bounded (domain/lists/list-input.ts). */
const List = { schema: { body: ListInput } };
const SaveFilterBody = Type.Object({
  filterType: Type.Optional(Text(60)),
  type: Type.Optional(Text(60)),
  filterName: Type.Optional(Text(100)),
  name: Type.Optional(Text(100)),
  filter: Type.Optional(Type.Union([Type.Array(Type.Unknown(), { maxItems: MAX_FILTERS }), Type.Record(Type.String(), Type.Unknown())])),
  filters: Type.Optional(Type.Union([Type.Array(Type.Unknown(), { maxItems: MAX_FILTERS }), Type.Record(Type.String(), Type.Unknown())])),
  config: Type.Optional(Type.Union([Type.Array(Type.Unknown(), { maxItems: MAX_FILTERS }), Type.Record(Type.String(), Type.Unknown())])),
});

/** Export (§9): NDJSON streamed page by page; the client turns it into the xlsx file. */
function streamExport(reply: FastifyReply, q: Queryable, req: ListRequest) {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  reply.header('content-type', 'application/x-ndjson; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${req.type.toLowerCase()}${EXPORT_SUFFIX}_${stamp}.ndjson"`);
  const lines = (async function* () {
    for await (const row of exportRows(q, req)) yield JSON.stringify(row) + '\n';
  })();
  return reply.send(Readable.from(lines));
}

/**
 * Lists (§7 Lists): the GraphQL list queries, the /backstage list calls, search, table configs,
 * saved filters and the /app calls. Every list is a keyset page (pagination.cursor) plus counts.
 */
const listRoutes: FastifyPluginAsync = async (app) => {
  const list = async (_request: { body: unknown }, reply: FastifyReply, user: CurrentUser, input: Record<string, unknown>, extra?: Parameters<typeof buildListRequest>[3]) => {
    if (input.export === true) return streamExport(reply, app.db, await buildListRequest(app.db, user, input, extra));
    if (!extra) return listApplications(app.db, user, input, { counts: input.counts !== false });
    const req = await buildListRequest(app.db, user, input, extra);
    return { listType: req.type, ...(await fetchPage(app.db, req)), ...(input.counts === false ? {} : await fetchCounts(app.db, req, true)) };
  };

  app.post(LISTS.graphql, { schema: { body: Type.Object({ query: Type.String({ minLength: 1, maxLength: 20000 }), variables: Type.Optional(Body), operationName: Type.Optional(Type.Union([Text(200), Type.Null()])) }) } }, async (request) => {
    const { query, variables } = request.body as { query: string; variables?: Record<string, unknown> };
    return executeQuery(app.db, currentUser(request), query, variables);
  });

  app.post(LISTS.getApplications, List, async (request, reply) => list(request, reply, currentUser(request), request.body as Record<string, unknown>));
  app.post(LISTS.fetchApplications, List, async (request, reply) => list(request, reply, currentUser(request), request.body as Record<string, unknown>));
  // New: the team's queue not yet picked up (Pending current tasks of the user's teams).
  app.post(LISTS.getApplicationsNew, List, async (request, reply) =>
    list(request, reply, currentUser(request), { ...(request.body as object), queryType: (request.body as { queryType?: string }).queryType ?? 'TEAM_APPLICATIONS', progress: ['Pending'] }));
  // Followed: the applications the user started.
  app.post(LISTS.getApplicationsFollowed, List, async (request, reply) => {
    const user = currentUser(request);
    return list(request, reply, user, { ...(request.body as object), queryType: 'ALL_APPLICATIONS' }, (sql) => [`initiated_by = ${sql.param(user.userName)}`]);
  });
  app.post(LISTS.getApplicationsDeclined, List, async (request, reply) => list(request, reply, currentUser(request), { ...(request.body as object), queryType: 'REJECTED' }));

  app.post(LISTS.globalSearch, List, async (request) => globalSearch(app.db, currentUser(request), request.body as Record<string, unknown>));
  // With export: true the searched list streams like an exported list, so the file holds exactly what the user sees.
  app.post(LISTS.localSearch, List, async (request, reply) => {
    const input = request.body as Record<string, unknown>;
    const user = currentUser(request);
    if (input.export === true) return streamExport(reply, app.db, await localSearchRequest(app.db, user, input));
    return localSearch(app.db, user, input);
  });

  app.post(LISTS.getFilter, { schema: { body: Type.Object({ filterType: Type.Optional(Type.String({ maxLength: 60 })), filterUser: Type.Optional(Type.String({ maxLength: 80 })) }) } }, async (request) => ({
    data: await getFilters(app.db, currentUser(request), request.body as Record<string, unknown>),
  }));
  app.post(LISTS.saveFilter, { schema: { body: SaveFilterBody } }, async (request) => ({
    data: await saveFilter(app.db, currentUser(request), request.body as Record<string, unknown>),
    message: 'Filter saved',
  }));

  app.get('/backstage/getTableConfig/:id', { schema: { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 60 }) }) } }, async (request) => {
    currentUser(request);
    const { id } = request.params as { id: string };
    const { rows } = await app.db.query<{ body: TableConfig }>(`SELECT body FROM table_configs WHERE table_id = $1 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`, [id]);
    if (!rows.length) throw notFound('id', `No table config "${id}"`);
    return { data: withRowKeys(rows[0].body) };
  });

  app.get(LISTS.products, async (request) => {
    currentUser(request);
    const { rows } = await app.db.query(
      `SELECT p.product_code, p.product_name, p.product_type_code, pc.body -> 'productParameters' AS "productParameters"
         FROM products p LEFT JOIN product_configs pc ON pc.product_code = p.product_code AND pc.mode = 'SAVED' AND pc.ver_num = 243
        WHERE p.enabled ORDER BY p.sort_order`,
    );
    return { data: rows };
  });

  app.get('/backstage/getMailTemplate/:id', { schema: { params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 80 }) }) } }, async (request) => {
    currentUser(request);
    const { id } = request.params as { id: string };
    const { rows } = await app.db.query(
      `SELECT template_id, template_name, template_type, ver_num AS "verNum", body FROM templates WHERE template_id = $1 AND mode = 'SAVED' ORDER BY ver_num DESC LIMIT 1`,
      [id],
    );
    if (!rows.length) throw notFound('id', `No template "${id}"`);
    return { data: rows[0] };
  });

  // Applications created in a date range, counted by status, within what the user may see.
  app.post('/backstage/getApplicationsCountBasedOnRange', {
    schema: { body: Type.Object({ from: Text(30, 10), to: Text(30, 10), product_code: Type.Optional(OneOrMany(Text(40))), queryType: Type.Optional(OneOf(LIST_TYPES)) }) },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body as { from: string; to: string; product_code?: string | string[]; queryType?: string };
    const all = ['ACTIVE', 'COMPLETED', 'REJECTED', 'CANCELLED', 'INACTIVE', 'DELETED'];
    // "from" and "to" are inclusive days: GREATER_THAN d means after d, so widen by one day each side.
    const widen = (d: string, days: number) => {
      const t = new Date(/^\d{2}\/\d{2}\/\d{4}$/.test(d) ? `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}` : d.slice(0, 10));
      if (Number.isNaN(t.getTime())) throw refused('from', 'dates are DD/MM/YYYY or YYYY-MM-DD');
      return new Date(t.getTime() + days * 86400000).toISOString().slice(0, 10);
    };
    const exact = await buildListRequest(app.db, user, { queryType: b.queryType ?? 'ALL_APPLICATIONS', product_code: b.product_code, _applicationStatus: all, filter: [
      { field: 'cre_time', operator: 'GREATER_THAN', value: widen(b.from, -1) }, { field: 'cre_time', operator: 'LESS_THAN', value: widen(b.to, 1) },
    ] });
    const where = [...exact.conditions, `status = ANY(${exact.sql.param(all)}::text[])`];
    const { rows } = await app.db.query<{ status: string; n: string }>(`SELECT status, count(*)::text AS n FROM applications WHERE ${where.join(' AND ')} GROUP BY status ORDER BY status`, exact.sql.params);
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    return { data: { from: b.from, to: b.to, total: rows.reduce((n, r) => n + Number(r.n), 0), byStatus } };
  });

  app.post('/backstage/getApplicationsByInitiatedByAndProductType', List, async (request, reply) => {
    const user = currentUser(request);
    const b = request.body as Record<string, unknown>;
    const initiatedBy = typeof b.initiatedBy === 'string' && b.initiatedBy ? b.initiatedBy : user.userName;
    return list(request, reply, user, { ...b, queryType: b.queryType ?? 'ALL_APPLICATIONS', product_code: b.product_code ?? b.productType }, (sql) => [`initiated_by = ${sql.param(initiatedBy)}`]);
  });

  // Status change by target status: the matching §4 action, with all its rules.
  const STATUS_ACTION = {
    CANCELLED: () => 'cancel',
    INACTIVE: () => 'inactivate',
    ACTIVE: (from) => (from === 'REJECTED' ? 'cancelReject' : from === 'INACTIVE' ? 'activate' : null),
    REJECTED: () => 'reject',
    DELETED: () => 'delete',
  } satisfies Record<string, (from: string) => string | null>;
  const TARGET_STATUSES = Object.keys(STATUS_ACTION) as (keyof typeof STATUS_ACTION)[];
  app.post(LISTS.statusUpdate, { schema: { body: Type.Object({ application_id: Text(100, 1), verNum: VerNum(), status: OneOf(TARGET_STATUSES), reason: Type.Optional(Text(2000)) }) } }, async (request) => {
    const user = currentUser(request);
    const body = request.body as { application_id: string; verNum: number; status: keyof typeof STATUS_ACTION; reason?: string };
    const current = await findApplication(app.db, body.application_id);
    const action = Object.hasOwn(STATUS_ACTION, body.status) ? STATUS_ACTION[body.status](current.status) : null;
    if (!action) throw refused('status', `Cannot change ${body.application_id} from ${current.status} to ${body.status}`);
    return { data: await runAction(app.db, user, action, { application_id: body.application_id, verNum: body.verNum, reason: body.reason }) };
  });
};
export default listRoutes;
