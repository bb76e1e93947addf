import { APPLICATION_STATUSES, GLOBAL_SEARCH_PAGE_SIZE } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { isStaff, hierarchyTeamIds, seesAllBranches, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import { buildListRequest, fetchCounts, fetchPage, toListItem, type ListRequest } from './list-service';
import { cursorKey, decodeCursor, encodeCursor, type Cursor } from './cursor';
import { invalidText } from '../../http/input-guard';
import { Sql } from './sql';
import type { ApplicationRow } from '../applications/row';

/**
 * What a search text can be, decided from its shape, so each search is one index lookup rather
 * than an OR across every column: an application id, a mobile number, an email, a status, a
 * creation date, or words of applicant names (or an initiator's user name).
 */
function searchCondition(sql: Sql, text: string): string {
  const t = text.trim().toLowerCase();
  if (/^app-\d+$/.test(t)) return `application_id = ${sql.param(t.toUpperCase())}`;
  if (/^\d{10}$/.test(t)) return `mobile = ${sql.param(t)}`;
  if (t.includes('@')) return `lower(email) = ${sql.param(t)}`;
  if ((APPLICATION_STATUSES as readonly string[]).includes(t.toUpperCase())) return `status = ${sql.param(t.toUpperCase())}`;
  const d = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  if (d) {
    const from = new Date(Date.UTC(Number(d[3]), Number(d[2]) - 1, Number(d[1])));
    if (!Number.isNaN(from.getTime())) return `created_at >= ${sql.param(from.toISOString())}::timestamptz AND created_at < ${sql.param(new Date(from.getTime() + 86400000).toISOString())}::timestamptz`;
  }
  const words = t.split(/\s+/).filter(Boolean);
  return `(search_terms @> ${sql.param(words)}::text[] OR initiated_by = ${sql.param(t)})`;
}

function searchText(input: Record<string, unknown>): string {
  const text = input.searchText ?? input.search ?? input.query ?? input.searchKey;
  if (typeof text !== 'string' || !text.trim()) throw refused('searchText', 'is required');
  if (text.length > 100) throw refused('searchText', 'must be at most 100 characters');
  const bad = invalidText(text);
  if (bad) throw refused('searchText', bad);
  return text;
}

/**
 * POST /backstage/globalSearch: every status, the branches the user may see, newest first, 10 a
 * page (§9), keyset pagination like the lists.
 */
export async function globalSearch(q: Queryable, user: CurrentUser, input: Record<string, unknown>) {
  if (!isStaff(user)) throw forbidden('searchText', 'Search is for staff');
  const key = await cursorKey(q);
  const query = searchQuery(user, input, decodeCursor(key, 'id', (input.pagination as { cursor?: unknown } | undefined)?.cursor));
  const { rows } = await q.query<ApplicationRow>(query.text, query.params);
  const hasMore = rows.length > GLOBAL_SEARCH_PAGE_SIZE;
  const page = rows.slice(0, GLOBAL_SEARCH_PAGE_SIZE);
  return {
    data: page.map((r) => toListItem(r)),
    pageInfo: { pageSize: GLOBAL_SEARCH_PAGE_SIZE, hasMore, nextCursor: hasMore ? encodeCursor(key, 'id', { id: String(page[page.length - 1].id) }) : null },
  };
}

/** The SQL of one global-search page after `cursor` (also what bench/lists.mjs times as raw SQL). */
export function searchQuery(user: CurrentUser, input: Record<string, unknown>, cursor: Cursor | null = null): { text: string; params: unknown[] } {
  if (!isStaff(user)) throw forbidden('searchText', 'Search is for staff');
  const text = searchText(input);
  const sql = new Sql();
  const where = [searchCondition(sql, text)];
  if (!seesAllBranches(user)) where.push(`branch = ANY(${sql.param(hierarchyTeamIds(user))}::text[])`);
  if (cursor) where.push(`id < ${sql.param(cursor.id)}::bigint`);
  return { text: `SELECT * FROM applications WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${GLOBAL_SEARCH_PAGE_SIZE + 1}`, params: sql.params };
}

/** The list request of a local search: the list's own visibility, status and filters, plus the text. */
export async function localSearchRequest(q: Queryable, user: CurrentUser, input: Record<string, unknown>): Promise<ListRequest> {
  const text = searchText(input);
  return buildListRequest(q, user, input, (sql) => [searchCondition(sql, text)]);
}

/**
 * POST /backstage/localSearch: the same text search inside one list (its visibility and filters),
 * one keyset page plus the §3 counts of the matches (count, stageWise, taskNameWise,
 * versionNumberWise, closedCount), so the page says how many rows match. counts: false skips them
 * (next pages). The export of a searched list is answered by the route (export: true).
 */
export async function localSearch(q: Queryable, user: CurrentUser, input: Record<string, unknown>) {
  const req = await localSearchRequest(q, user, input);
  const page = await fetchPage(q, req);
  return input.counts === false ? page : { ...page, ...(await fetchCounts(q, req, true)) };
}
