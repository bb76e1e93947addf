import { APPLICATION_STATUSES, DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListPageInfo } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { cursorKey, decodeCursor, encodeCursor } from '../lists/cursor';
import { LIST_COLUMNS, toListItem, type ListColumns, type ListItem } from '../lists/list-service';
import { Sql } from '../lists/sql';
import { managerReach, narrow, type GeoBranch, type GeoNarrowing, type Level, type Reach } from './reach';

/**
 * The §7 NSM calls (getNsmApplications, getfilteredNsm, getNsmZoneGroup, getReporteeDetails, getGeoLimitStatus):
 * a manager's applications by zone, region, area and branch, narrowed by those groups.
 *
 * Speed at 1,000,000 applications: a page is one walk down (status, branch, id DESC) (010) per branch in reach,
 * each stopping after pageSize + 1 rows (a LATERAL per branch), merged newest first — never a scan or a sort of the
 * reach. Narrowed to initiators (userIds) it walks (initiated_by, status, id DESC) per initiator instead. The count
 * is summed from application_counts (014), or from application_daily (062) when narrowed to initiators.
 */
export interface NsmListInput extends GeoNarrowing {
  _applicationStatus?: string;
  product_code?: string[];
  /** Initiators (reportees) whose applications to show. */
  userIds?: string[];
  pagination?: { pageSize?: number; cursor?: string | null };
}

export interface NsmPage {
  level: Level;
  branches: string[];
  data: ListItem[];
  count: number;
  pageInfo: ListPageInfo;
}

const ORDER = 'nsm';

export async function nsmApplications(q: Queryable, user: CurrentUser, input: NsmListInput): Promise<NsmPage> {
  const reach = await managerReach(q, user);
  const branches = narrow(reach, input).map((b) => b.team_id);
  const status = input._applicationStatus ?? 'ACTIVE';
  if (!(APPLICATION_STATUSES as readonly string[]).includes(status)) throw refused('_applicationStatus', `Unknown status "${status}"`);
  const pageSize = input.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw refused('pagination.pageSize', `must be one of ${PAGE_SIZES.join(', ')}`);
  const key = await cursorKey(q);
  const cursor = decodeCursor(key, ORDER, input.pagination?.cursor);
  const empty = { level: reach.level, branches, data: [], count: 0, pageInfo: { pageSize, hasMore: false, nextCursor: null } };
  if (!branches.length) return empty;

  const sql = new Sql();
  // Drafts are not work (085_drafts.sql): counted nowhere here, so listed nowhere either.
  const inner = [`status = ${sql.param(status)}`, `application_type = 'APPLICATION'`, 'NOT draft'];
  if (input.product_code?.length) inner.push(`product_code = ANY(${sql.param(input.product_code)}::text[])`);
  if (cursor) inner.push(`id < ${sql.param(cursor.id)}::bigint`);
  const users = input.userIds?.length ? input.userIds : null;
  // Walk the index whose leading column is the one the page is narrowed by, one short walk per value.
  const [drive, other] = users ? ['initiated_by', 'branch'] : ['branch', 'initiated_by'];
  if (users) inner.push(`${other} = ANY(${sql.param(branches)}::text[])`);
  // Counts per drive value first (an aggregate read): values with nothing to list are not walked at all.
  const counts = await nsmCounts(q, branches, status, input.product_code, users);
  const count = [...counts.values()].reduce((a, b) => a + b, 0);
  const rows = await walkNewestFirst(q, sql, drive, [...counts].filter(([, n]) => n > 0).map(([v]) => v), inner, pageSize);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const now = Date.now();
  return {
    level: reach.level,
    branches,
    data: page.map((r) => toListItem(r, now)),
    count,
    pageInfo: { pageSize, hasMore, nextCursor: hasMore ? encodeCursor(key, ORDER, { id: String(page[page.length - 1].id), v: null }) : null },
  };
}

/**
 * One page newest first without a scan: per value of `drive` one walk down the index that column leads, each stopping
 * after pageSize + 1 rows, merged. `inner` are the other conditions (their parameters already in `sql`).
 * Each value is its own subquery with the value bound as a parameter, so PostgreSQL plans every walk with that value's
 * statistics: one walk over an unnest() is planned for an average value, and for a value with few rows (a branch with
 * no book yet) it chose to walk the primary key backwards, filtering — the whole table at 1,000,000 applications (3 s).
 * Callers pass only values the aggregates say have rows.
 */
export async function walkNewestFirst(q: Queryable, sql: Sql, drive: string, values: string[], inner: string[], pageSize: number): Promise<ListColumns[]> {
  if (!values.length) return [];
  const walks = values.map((v) => `(SELECT ${LIST_COLUMNS} FROM applications WHERE ${drive} = ${sql.param(v)} AND ${inner.join(' AND ')} ORDER BY id DESC LIMIT ${pageSize + 1})`);
  const text = `SELECT a.* FROM (${walks.join(' UNION ALL ')}) a ORDER BY a.id DESC LIMIT ${pageSize + 1}`;
  return (await q.query<ListColumns>(text, sql.params)).rows;
}

/** The list's count per drive value: per branch from application_counts, or per initiator from application_daily. */
async function nsmCounts(q: Queryable, branches: string[], status: string, products: string[] | undefined, users: string[] | null): Promise<Map<string, number>> {
  const productCond = products?.length ? 'AND product_code = ANY($3::text[])' : 'AND $3::text[] IS NULL';
  const { rows } = users
    ? await q.query<{ v: string; n: string | number }>(
        `SELECT initiated_by AS v, sum(n) AS n FROM application_daily
          WHERE initiated_by = ANY($4::text[]) AND kind = 'CREATED' AND branch = ANY($1::text[]) AND status = $2 ${productCond} GROUP BY initiated_by`,
        [branches, status, products?.length ? products : null, users],
      )
    : await q.query<{ v: string; n: string | number }>(
        `SELECT branch AS v, sum(n) AS n FROM application_counts
          WHERE status = $2 AND application_type = 'APPLICATION' AND NOT draft AND branch = ANY($1::text[]) ${productCond} GROUP BY branch`,
        [branches, status, products?.length ? products : null],
      );
  return new Map(rows.map((r) => [r.v, Number(r.n)]));
}

export interface ZoneGroup {
  level: Level;
  zones: {
    zoneId: string;
    count: number;
    regions: { regionId: string; count: number; areas: { areaId: string; count: number; branches: { branchCode: string; teamId: string; name: string; count: number }[] }[] }[];
  }[];
}

/** The manager's geography as a tree, each node with its active applications (from application_counts). */
export async function nsmZoneGroup(q: Queryable, user: CurrentUser): Promise<ZoneGroup> {
  const reach = await managerReach(q, user);
  const { rows } = await q.query<{ branch: string; n: string | number }>(
    `SELECT branch, sum(n) AS n FROM application_counts WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND NOT draft AND branch = ANY($1::text[]) GROUP BY branch`,
    [reach.branches.map((b) => b.team_id)],
  );
  const counts = new Map(rows.map((r) => [r.branch, Number(r.n)]));
  const tree: ZoneGroup = { level: reach.level, zones: [] };
  const find = <T, K extends keyof T>(list: T[], k: K, v: T[K], make: () => T) => list.find((x) => x[k] === v) ?? (list.push(make()), list[list.length - 1]);
  for (const b of reach.branches) {
    const n = counts.get(b.team_id) ?? 0;
    const zone = find(tree.zones, 'zoneId', b.zone_id, () => ({ zoneId: b.zone_id, count: 0, regions: [] }));
    const region = find(zone.regions, 'regionId', b.region_id, () => ({ regionId: b.region_id, count: 0, areas: [] }));
    const area = find(region.areas, 'areaId', b.area_id, () => ({ areaId: b.area_id, count: 0, branches: [] }));
    area.branches.push({ branchCode: b.branch_code, teamId: b.team_id, name: b.name, count: n });
    zone.count += n;
    region.count += n;
    area.count += n;
  }
  return tree;
}

export interface Reportee {
  userId: string;
  displayName: string;
  roles: string[];
  attributes: { areaIDs: string[]; branchList: string[]; regionIDs: string[]; zoneIDs: string[] };
}

/** Staff whose branches (attributes.branchList) lie in the manager's reach, narrowed by groups; not the manager. */
export async function reportees(q: Queryable, user: CurrentUser, by: GeoNarrowing = {}): Promise<{ level: Level; data: Reportee[] }> {
  const reach = await managerReach(q, user);
  return { level: reach.level, data: await reporteesIn(q, user, narrow(reach, by)) };
}

export async function reporteesIn(q: Queryable, user: CurrentUser, branches: GeoBranch[]): Promise<Reportee[]> {
  if (!branches.length) return [];
  const { rows } = await q.query<{ user_id: string; display_name: string; attributes: Reportee['attributes'] | null; roles: string[] }>(
    `SELECT u.user_id, u.display_name, u.attributes,
            coalesce((SELECT array_agg(r.role ORDER BY r.position, r.role) FROM user_roles r WHERE r.user_id = u.user_id), '{}') AS roles
       FROM users u
      WHERE u.kind = 'STAFF' AND u.enabled AND u.user_id <> $2 AND (u.attributes -> 'branchList') ?| $1::text[]
      ORDER BY u.user_id`,
    [branches.map((b) => b.branch_code), user.userName],
  );
  return rows.map((r) => ({
    userId: r.user_id,
    displayName: r.display_name || r.user_id,
    roles: r.roles,
    attributes: { areaIDs: [], branchList: [], regionIDs: [], zoneIDs: [], ...(r.attributes ?? {}) },
  }));
}

export interface GeoLimitStatus {
  level: Level;
  /** Every named group lies within the caller's geography. */
  withinLimit: boolean;
  items: { type: 'zone' | 'region' | 'area' | 'branch'; id: string; withinLimit: boolean }[];
}

/** Whether the named zones, regions, areas and branches lie within the caller's geography (no application is named). */
export async function geoLimitStatus(q: Queryable, user: CurrentUser, by: GeoNarrowing): Promise<GeoLimitStatus> {
  const reach: Reach = await managerReach(q, user);
  const has = (k: keyof GeoBranch, id: string) => reach.branches.some((b) => b[k] === id);
  const items: GeoLimitStatus['items'] = [
    ...(by.zoneIDs ?? []).map((id) => ({ type: 'zone' as const, id, withinLimit: has('zone_id', id) })),
    ...(by.regionIDs ?? []).map((id) => ({ type: 'region' as const, id, withinLimit: has('region_id', id) })),
    ...(by.areaIDs ?? []).map((id) => ({ type: 'area' as const, id, withinLimit: has('area_id', id) })),
    ...(by.branchList ?? []).map((id) => ({ type: 'branch' as const, id, withinLimit: has('branch_code', id) })),
  ];
  return { level: reach.level, withinLimit: items.every((i) => i.withinLimit), items };
}
