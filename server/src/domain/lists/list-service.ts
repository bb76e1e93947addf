import {
  APPLICATION_STATUSES, DEFAULT_PAGE_SIZE, GRID_PAGE_SIZES, PAGE_SIZES,
  type ApplicationListResult, type ApplicationStatus, type ListPageInfo, type ListType, type SingleOrJoint, type TaskProgress, type UserRef,
} from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { fieldIndex } from '../config/config-service';
import { compileFilters } from './filters';
import { Sql } from './sql';
import { parseSort, sortSql, type ListSort } from './sort';
import { FORCED_STATUS, parseListType, visibility } from './visibility';
import { cursorKey, decodeCursor, encodeCursor, type Cursor } from './cursor';
import { MAX_LIST_TEXT, MAX_LIST_VALUES } from './list-input';
import { INT4_MAX } from '../bounds';
import { invalidText } from '../text';
import type { ApplicationRow } from '../applications/row';
import type { SlaSnapshot } from '@lendline/shared/contract';
import { slaOfRow } from '../lifecycle/sla-state';

export { SORTABLE, type ListSort } from './sort';

const PROGRESS: TaskProgress[] = ['In Progress', 'Pending', 'Completed', 'Rejected', 'Cancelled'];
const ALLOWED_PAGE_SIZES = new Set<number>([...PAGE_SIZES, ...GRID_PAGE_SIZES]);
/** Lists whose visibility is an array overlap on the holders: not a column of application_counts. */
const HOLDER_LISTS = new Set<ListType>(['MY_QUERIES', 'MY_APPROVALS']);

/** The list row: only the columns a list shows (never the document), so a page is one index walk. */
export const LIST_COLUMNS = `id, application_id, product_code, status, single_or_joint, applicant_name, stage, ver_num, custom_fields, created_at, mod_time,
  application_type, flow_ver_num, branch, initiated_by, mobile, email, loan_amount, cur_task_id, step_name, task_name, task_progress,
  assigned_to, assigned_team, sla_due_at, open_queries, open_approvals, open_exceptions,
  closed_at, sla_limit_mins, sla_paused_at, held_since, sla_excluded_secs`;

export interface ListRequest {
  type: ListType;
  statuses: string[];
  conditions: string[];
  sql: Sql;
  pageSize: number;
  cursor: string | null;
  /** The sort value of the cursor row when sorted (keyset on (column, id)). */
  cursorValue?: string | null;
  /** Signs the next page's cursor (cursor.ts). */
  cursorKey: Buffer;
  sort: ListSort | null;
  export: boolean;
  /**
   * Every condition is on a column of application_counts (014): the counts can be summed from it
   * instead of scanning the list. False for holder lists, §5 filters, applicant text and extras.
   */
  countable: boolean;
}

/** A narrowing list: one text or a list of texts, each bounded (list-input.ts says the same to the route schemas). */
function strings(label: string, v: unknown, maxLength = 100): string[] | null {
  if (v == null) return null;
  const list = Array.isArray(v) ? v : [v];
  if (!list.every((x) => typeof x === 'string')) throw refused(label, 'must be a list of strings');
  if (list.length > MAX_LIST_VALUES) throw refused(label, `must have at most ${MAX_LIST_VALUES} values`);
  for (const x of list as string[]) {
    if (x.length > maxLength) throw refused(label, `values must be at most ${maxLength} characters`);
    const bad = invalidText(x);
    if (bad) throw refused(label, bad);
  }
  return list as string[];
}

/** Free text a list narrows by: bounded, and only what PostgreSQL can hold (no NUL: GraphQL strings can carry one). */
function text(label: string, v: unknown): string | null {
  if (v == null || v === '') return null;
  if (typeof v !== 'string') throw refused(label, 'must be text');
  if (v.length > MAX_LIST_TEXT) throw refused(label, `must be at most ${MAX_LIST_TEXT} characters`);
  const bad = invalidText(v);
  if (bad) throw refused(label, bad);
  return v;
}

/** The order a cursor continues: unsorted lists are newest first by id. */
const orderOf = (sort: ListSort | null) => (sort ? `${sort.column}:${sort.order}` : 'id');

/**
 * §3 List query inputs → the WHERE of one list: visibility of the list type, statuses (default
 * ACTIVE, forced for rejected/cancelled), the input's narrowing lists and the §5 filters.
 */
export async function buildListRequest(q: Queryable, user: CurrentUser, input: Record<string, unknown>, extra: (sql: Sql) => string[] = () => []): Promise<ListRequest> {
  const type = parseListType(input.queryType ?? input.listType);
  const sql = new Sql();
  const conditions = visibility(sql, user, type);
  // Drafts are not work (085_drafts.sql): every list leaves them out, the Drafts view shows only them. The bare
  // column keeps the predicate of the partial index applications_drafts_idx, and draft is a column of
  // application_counts, so counts stay a sum over that table.
  if (input.drafts != null && typeof input.drafts !== 'boolean') throw refused('drafts', 'must be true or false');
  conditions.push(input.drafts === true ? 'draft' : 'NOT draft');
  const statuses = FORCED_STATUS[type] ? [FORCED_STATUS[type]!] : strings('_applicationStatus', input._applicationStatus) ?? ['ACTIVE'];
  for (const s of statuses) if (!(APPLICATION_STATUSES as readonly string[]).includes(s)) throw refused('_applicationStatus', `Unknown status "${s}"`);
  if (input.product_code != null) {
    const codes = strings('product_code', input.product_code, 40)!;
    conditions.push(codes.length === 1 ? `product_code = ${sql.param(codes[0])}` : `product_code = ANY(${sql.param(codes)}::text[])`);
  }
  const progress = strings('progress', input.progress);
  if (progress?.length) {
    for (const p of progress) if (!PROGRESS.includes(p as TaskProgress)) throw refused('progress', `Unknown task progress "${p}"`);
    conditions.push(`task_progress = ANY(${sql.param(progress)}::text[])`);
  }
  const teams = strings('teams', input.teams);
  if (teams?.length) conditions.push(`assigned_team = ANY(${sql.param(teams)}::text[])`);
  const users = [...(strings('userIds', input.userIds) ?? []), ...(strings('allowedUsers', input.allowedUsers) ?? [])];
  if (users.length) conditions.push(`assigned_to = ANY(${sql.param(users)}::text[])`);
  for (const [key, column] of [['stepName', 'step_name'], ['taskName', 'task_name']] as const) {
    const value = text(key, input[key]);
    if (value !== null) conditions.push(`${column} = ${sql.param(value)}`);
  }
  const applicant = text('applicant', input.applicant);
  if (applicant !== null) conditions.push(`applicant_name ILIKE ${sql.param(`%${applicant.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  if (input._verNum != null) {
    if (!Number.isInteger(input._verNum) || (input._verNum as number) < 0 || (input._verNum as number) > INT4_MAX) throw refused('_verNum', `must be an integer from 0 to ${INT4_MAX}`);
    conditions.push(`flow_ver_num = ${sql.param(input._verNum)}`);
  }
  const narrowing = [...compileFilters(sql, input.filter, await fieldIndex(q)), ...extra(sql)];
  const countable = !HOLDER_LISTS.has(type) && narrowing.length === 0 && !conditions.some((c) => c.startsWith('applicant_name'));
  conditions.push(...narrowing);
  const pagination = (input.pagination ?? {}) as { pageSize?: unknown; cursor?: unknown };
  if (typeof pagination !== 'object' || Array.isArray(pagination)) throw refused('pagination', 'must be an object {pageSize, cursor}');
  const pageSize = pagination.pageSize == null ? DEFAULT_PAGE_SIZE : Number(pagination.pageSize);
  if (!ALLOWED_PAGE_SIZES.has(pageSize)) throw refused('pagination.pageSize', `must be one of ${[...ALLOWED_PAGE_SIZES].join(', ')}`);
  if (input.export != null && typeof input.export !== 'boolean') throw refused('export', 'must be true or false');
  const sort = parseSort(input.sort);
  const key = await cursorKey(q);
  const cursor = decodeCursor(key, orderOf(sort), pagination.cursor);
  return { type, statuses, conditions, sql, pageSize, cursor: cursor?.id ?? null, cursorValue: cursor?.v, sort, export: input.export === true, countable, cursorKey: key };
}

function statusCondition(sql: Sql, statuses: string[]): string {
  // One status as "=" keeps the (status, …, id DESC) index order usable for the LIMIT.
  return statuses.length === 1 ? `status = ${sql.param(statuses[0])}` : `status = ANY(${sql.param(statuses)}::text[])`;
}

/** The applications columns a list row is made of (LIST_COLUMNS). */
export type ListColumns = Pick<
  ApplicationRow,
  | 'id' | 'application_id' | 'product_code' | 'status' | 'single_or_joint' | 'applicant_name' | 'stage' | 'ver_num' | 'custom_fields'
  | 'created_at' | 'mod_time' | 'application_type' | 'flow_ver_num' | 'branch' | 'initiated_by' | 'mobile' | 'email' | 'loan_amount'
  | 'cur_task_id' | 'step_name' | 'task_name' | 'task_progress' | 'assigned_to' | 'assigned_team' | 'sla_due_at'
  | 'open_queries' | 'open_approvals' | 'open_exceptions'
  | 'closed_at' | 'sla_limit_mins' | 'sla_paused_at' | 'held_since' | 'sla_excluded_secs'
>;

/**
 * One list row: the §3 Application's list columns, under the names table configs use as column keys
 * (seed/config/table-configs.ts). The GraphQL type ApplicationListItem and the routes' reply schema describe this.
 */
export interface ListItem {
  application_id: string;
  product_code: string;
  application_status: ApplicationStatus;
  applicationType: 'APPLICATION' | 'LEAD';
  singleORjoint: SingleOrJoint;
  applicant_name: string;
  applicant: { name: string; mobile: string | null; email: string | null };
  stage: number;
  verNum: number;
  flowVerNum: number;
  customFields: Record<string, unknown>;
  loanAmount: number | null;
  cre_time: string;
  mod_time: string;
  initiatedBy: UserRef | null;
  branch: string | null;
  taskId: string | null;
  stepName: string | null;
  taskName: string | null;
  progress: string | null;
  assignedTo: string | null;
  assignedTeam: string | null;
  slaDueAt: string | null;
  slaBreached: boolean;
  /** The SLA state by the application's status (lifecycle/sla-state.ts): what every list shows in its SLA column. */
  sla: SlaSnapshot;
  openQueries: number;
  openApprovals: number;
  openExceptions: number;
}

export function toListItem(r: ListColumns, now = Date.now()): ListItem {
  const due = r.sla_due_at ? new Date(r.sla_due_at) : null;
  const sla = slaOfRow(r, now);
  return {
    application_id: r.application_id,
    product_code: r.product_code,
    application_status: r.status,
    applicationType: r.application_type,
    singleORjoint: r.single_or_joint,
    applicant_name: r.applicant_name,
    applicant: { name: r.applicant_name, mobile: r.mobile, email: r.email },
    stage: r.stage,
    verNum: r.ver_num,
    flowVerNum: r.flow_ver_num,
    customFields: r.custom_fields,
    loanAmount: r.loan_amount == null ? null : Number(r.loan_amount),
    cre_time: new Date(r.created_at).toISOString(),
    mod_time: new Date(r.mod_time).toISOString(),
    initiatedBy: r.initiated_by ? { id: r.initiated_by, username: r.initiated_by, displayName: r.initiated_by } : null,
    branch: r.branch,
    taskId: r.cur_task_id,
    stepName: r.step_name,
    taskName: r.task_name,
    progress: r.task_progress,
    assignedTo: r.assigned_to,
    assignedTeam: r.assigned_team,
    slaDueAt: due ? due.toISOString() : null,
    // Only a running clock breaches: a closed or paused application is not overdue (its state says which it is).
    slaBreached: sla.state === 'BREACHED',
    sla,
    openQueries: r.open_queries,
    openApprovals: r.open_approvals,
    openExceptions: r.open_exceptions,
  };
}

/** Narrows a list to the applications one user started (the followed list, the initiator's list). */
export const initiatedBy = (userName: string) => (sql: Sql) => [`initiated_by = ${sql.param(userName)}`];

/** One keyset page: id < cursor, newest first; one extra row tells whether there is a next page. */
export function pageQuery(req: ListRequest): { text: string; params: unknown[] } {
  const sql = cloneSql(req.sql);
  const where = [...req.conditions, statusCondition(sql, req.statuses)];
  if (!req.sort) {
    if (req.cursor) where.push(`id < ${sql.param(req.cursor)}::bigint`);
    const page = `FROM applications WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${req.pageSize + 1}`;
    // Holder lists: the ids by an index-only walk (016), then only those rows from the table.
    if (HOLDER_LISTS.has(req.type)) return { text: `SELECT ${LIST_COLUMNS} FROM applications WHERE id IN (SELECT id ${page}) ORDER BY id DESC`, params: sql.params };
    return { text: `SELECT ${LIST_COLUMNS} ${page}`, params: sql.params };
  }
  // Keyset on (sort key, id) along an index (sort.ts); the column comes from SORTABLE only.
  const s = sortSql(req.sort, (v) => sql.param(v), req.cursor ? { id: req.cursor, value: req.cursorValue ?? null } : null);
  if (s.after) where.push(s.after);
  return {
    // The sort key as text keeps full precision (timestamps to the microsecond) for the cursor.
    text: `SELECT ${LIST_COLUMNS}, ${s.key} AS sort_key FROM applications WHERE ${where.join(' AND ')} ORDER BY ${s.orderBy} LIMIT ${req.pageSize + 1}`,
    params: sql.params,
  };
}

/** The sort value of a row as the cursor keeps it: the column's own text form (exact), or null. */
const sortValueOf = (row: { sort_key?: unknown }): string | null => (row.sort_key == null ? null : String(row.sort_key));

/** One page's rows, whether there is another, and where it starts. */
async function pageRows(q: Queryable, req: ListRequest): Promise<{ data: ListItem[]; hasMore: boolean; next: Cursor | null }> {
  const query = pageQuery(req);
  const { rows } = await q.query<ListColumns & { sort_key?: unknown }>(query.text, query.params);
  const hasMore = rows.length > req.pageSize;
  const page = rows.slice(0, req.pageSize);
  const now = Date.now();
  const last = page[page.length - 1];
  return { data: page.map((r) => toListItem(r, now)), hasMore, next: hasMore ? { id: String(last.id), ...(req.sort ? { v: sortValueOf(last) } : {}) } : null };
}

export async function fetchPage(q: Queryable, req: ListRequest): Promise<{ data: ListItem[]; pageInfo: ListPageInfo }> {
  const { data, hasMore, next } = await pageRows(q, req);
  return { data, pageInfo: { pageSize: req.pageSize, hasMore, nextCursor: next ? encodeCursor(req.cursorKey, orderOf(req.sort), next) : null } };
}

function cloneSql(s: Sql): Sql {
  const c = new Sql();
  c.params.push(...s.params);
  return c;
}

export type Counts = Omit<ApplicationListResult, 'data'>;

/**
 * Where counts come from: the maintained application_counts (sum of n) when every condition is on
 * its columns, else a scan of the list (count of rows). `scan` forces the scan (tests compare both).
 */
function countSource(req: ListRequest, scan: boolean): { from: string; n: string } {
  return req.countable && !scan ? { from: 'application_counts', n: 'sum(n)' } : { from: 'applications', n: 'count(*)' };
}

/**
 * count, stageWise, taskNameWise and versionNumberWise in one pass (GROUPING SETS); groups that
 * sum to zero (counter rows left at 0 by earlier moves) are left out, as a scan would.
 */
export function countsQuery(req: ListRequest, scan = false): { text: string; params: unknown[] } {
  const sql = cloneSql(req.sql);
  const where = [...req.conditions, statusCondition(sql, req.statuses)];
  const src = countSource(req, scan);
  return {
    text: `SELECT step_name, task_name, flow_ver_num, GROUPING(step_name, task_name, flow_ver_num) AS g, ${src.n}::text AS n
       FROM ${src.from} WHERE ${where.join(' AND ')}
      GROUP BY GROUPING SETS ((), (step_name), (task_name), (flow_ver_num)) HAVING ${src.n} > 0`,
    params: sql.params,
  };
}

/** closedCount: how many of the same list's applications are COMPLETED. */
export function closedCountQuery(req: ListRequest, scan = false): { text: string; params: unknown[] } {
  const sql = cloneSql(req.sql);
  const src = countSource(req, scan);
  return {
    text: `SELECT coalesce(${src.n}, 0)::text AS n FROM ${src.from} WHERE ${[...req.conditions, `status = ${sql.param('COMPLETED')}`].join(' AND ')}`,
    params: sql.params,
  };
}

export async function fetchCounts(q: Queryable, req: ListRequest, withClosed: boolean, scan = false): Promise<Counts> {
  const cq = countsQuery(req, scan);
  const { rows } = await q.query<{ step_name: string | null; task_name: string | null; flow_ver_num: number | null; g: number; n: string }>(cq.text, cq.params);
  const out: Counts = { count: 0, stageWise: [], taskNameWise: [], versionNumberWise: [] };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.g === 7) out.count = n;
    else if (r.g === 3) out.stageWise.push({ stepName: r.step_name ?? '', count: n });
    else if (r.g === 5) out.taskNameWise.push({ taskName: r.task_name ?? '', count: n });
    else if (r.g === 6) out.versionNumberWise.push({ versionNumber: r.flow_ver_num ?? 0, count: n });
  }
  out.stageWise.sort((a, b) => b.count - a.count || a.stepName.localeCompare(b.stepName));
  out.taskNameWise.sort((a, b) => b.count - a.count || a.taskName.localeCompare(b.taskName));
  out.versionNumberWise.sort((a, b) => a.versionNumber - b.versionNumber);
  if (withClosed) {
    const cc = closedCountQuery(req, scan);
    const { rows: closed } = await q.query<{ n: string }>(cc.text, cc.params);
    out.closedCount = Number(closed[0].n);
  }
  return out;
}

/**
 * Export: the whole filtered list, page after keyset page (1000 rows each), so the server holds
 * one page at a time however long the list is.
 */
export async function* exportRows(q: Queryable, req: ListRequest): AsyncGenerator<ListItem> {
  let at = { cursor: req.cursor, cursorValue: req.cursorValue };
  for (;;) {
    const page = await pageRows(q, { ...req, pageSize: 1000, ...at });
    yield* page.data;
    if (!page.next) return;
    at = { cursor: page.next.id, cursorValue: page.next.v };
  }
}

/** The list call: a page and, unless turned off, its counts; `extra` narrows the list further (initiatedBy). */
export async function listApplications(
  q: Queryable, user: CurrentUser, input: Record<string, unknown>,
  opts: { counts?: boolean; closedCount?: boolean; extra?: (sql: Sql) => string[] } = {},
) {
  const req = await buildListRequest(q, user, input, opts.extra);
  const page = await fetchPage(q, req);
  const counts = opts.counts === false ? null : await fetchCounts(q, req, opts.closedCount ?? true);
  return { listType: req.type, ...page, ...counts };
}
