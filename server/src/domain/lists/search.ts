import { APPLICATION_STATUSES, GLOBAL_SEARCH_PAGE_SIZE } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { isStaff, type CurrentUser } from '../current-user';
import { visibleSql } from '../access/visibility';
import { forbidden, refused } from '../errors';
import { buildListRequest, fetchCounts, fetchPage, toListItem, type ListRequest } from './list-service';
import { cursorKey, decodeCursor, encodeCursor, type Cursor } from './cursor';
import { invalidText } from '../text';
import { Sql } from './sql';
import type { ApplicationRow } from '../applications/row';

/**
 * Exact conditions read from the text's shape (a status, a DD/MM/YYYY creation day): one index lookup each, no
 * ranking. Anything else is a text search (textTiers).
 */
function shapeCondition(sql: Sql, text: string): string | null {
  const t = text.trim().toLowerCase();
  if ((APPLICATION_STATUSES as readonly string[]).includes(t.toUpperCase())) return `status = ${sql.param(t.toUpperCase())}`;
  const d = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(t);
  if (d) {
    const from = new Date(Date.UTC(Number(d[3]), Number(d[2]) - 1, Number(d[1])));
    if (!Number.isNaN(from.getTime())) return `created_at >= ${sql.param(from.toISOString())}::timestamptz AND created_at < ${sql.param(new Date(from.getTime() + 86400000).toISOString())}::timestamptz`;
  }
  return null;
}

/** The application id a text names exactly: digits alone ("241", "00000241") or the whole id ("app-00000241"). */
export function exactApplicationId(text: string): string | null {
  const m = /^(?:app-?(\d{8})|0*(\d{1,8}))$/i.exec(text.trim());
  if (!m) return null;
  const digits = m[1] ?? m[2];
  return /^0+$/.test(digits) ? null : `APP-${digits.padStart(8, '0')}`;
}

const likeEscape = (t: string) => t.replace(/[\\%_]/g, (c) => `\\${c}`);
/** One space between words, so "rajesh  kumar" matches the search text's single spaces. */
const squash = (t: string) => t.trim().replace(/\s+/g, ' ');

/**
 * The text search, as ranked tiers (issue 26): 0 the exact id, 1 a word that starts with the text (name, e-mail,
 * PAN, mobile or id), 2 the text anywhere (and an initiator's user name). Each tier excludes the ones before, so a
 * row is listed once. Matching is over search_text (migration 090: names, mobiles, e-mails, PANs and the id, folded
 * by search_fold, case and accents ignored) through its GIN trigram index; the query text is folded by the same SQL
 * function, so both sides fold alike.
 */
type Tier = ((sql: Sql) => string) & { exact?: true };

function textTiers(text: string): Tier[] {
  const t = squash(text);
  const id = exactApplicationId(t);
  const exact: Tier = Object.assign((sql: Sql) => `application_id = ${sql.param(id)}`, { exact: true as const });
  // A whole id ("APP-00000241") names one application; looking further would only walk the trigrams every id shares.
  if (id && /^app-?\d{8}$/i.test(t)) return [exact];
  const prefix = (sql: Sql) => `search_text LIKE '% ' || search_fold(${sql.param(likeEscape(t))}) || '%'`;
  const anywhere = (sql: Sql) => `search_text LIKE '%' || search_fold(${sql.param(likeEscape(t))}) || '%'`;
  const notId = (sql: Sql) => (id ? ` AND application_id <> ${sql.param(id)}` : '');
  // Digits alone: after the exact id, anywhere. No word-prefix tier: pg_trgm splits "app-00000241" at the hyphen, so
  // every id is a word starting with zeros and " 00…" selects the whole book for nothing.
  if (/^\d+$/.test(t)) return [...(id ? [exact] : []), (sql: Sql) => `(${anywhere(sql)} OR initiated_by = ${sql.param(t)})${notId(sql)}`];
  return [
    ...(id ? [exact] : []),
    (sql: Sql) => `${prefix(sql)}${notId(sql)}`,
    (sql: Sql) => `(${anywhere(sql)} OR initiated_by = ${sql.param(t)}) AND NOT (${prefix(sql)})${notId(sql)}`,
  ];
}

/** The whole match as one condition (local search keeps the list's own order; its tiers are not ranked). */
function searchCondition(sql: Sql, text: string): string {
  const shape = shapeCondition(sql, text);
  if (shape) return shape;
  const t = squash(text);
  const id = exactApplicationId(t);
  return `(search_text LIKE '%' || search_fold(${sql.param(likeEscape(t))}) || '%' OR initiated_by = ${sql.param(t)}${id ? ` OR application_id = ${sql.param(id)}` : ''})`;
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
 * POST /backstage/globalSearch: every status, what the caller may open (domain/access/visibility.ts), ranked (exact
 * id, then word prefix, then anywhere; newest first within a rank), 10 a page (§9), keyset pagination on (rank, id).
 */
export async function globalSearch(q: Queryable, user: CurrentUser, input: Record<string, unknown>) {
  if (!isStaff(user)) throw forbidden('searchText', 'Search is for staff');
  const key = await cursorKey(q);
  const cursor = decodeCursor(key, ORDER, (input.pagination as { cursor?: unknown } | undefined)?.cursor);
  const rows = await runSearch(q, searchPlan(user, input, cursor));
  const hasMore = rows.length > GLOBAL_SEARCH_PAGE_SIZE;
  const page = rows.slice(0, GLOBAL_SEARCH_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    data: page.map((r) => toListItem(r)),
    pageInfo: { pageSize: GLOBAL_SEARCH_PAGE_SIZE, hasMore, nextCursor: hasMore ? encodeCursor(key, ORDER, { id: String(last.id), v: String(last.rank) }) : null },
  };
}

/** The cursor's order name: (rank, id) rather than id alone, so a list cursor is refused here and the reverse. */
const ORDER = 'search-rank';

export interface SearchTier {
  rank: number;
  /**
   * The newest WALK_ROWS rows (after the cursor), filtered: answers a frequent text after a few hundred rows. Null for
   * the exact id, which is one index lookup.
   */
  walk: { text: string; params: unknown[] } | null;
  /** Every match through the trigram index, newest first: answers a rare text in a few index pages. */
  text: string;
  params: unknown[];
}

/**
 * How many of the newest rows a tier walks before it asks the trigram index instead. A text that matches one row in
 * 180 or more fills a page within them (a 3-letter name prefix matches thousands at 1M); a rarer one has few enough
 * matches that fetching them all through the index and keeping the newest is cheap. Either way a page reads at most
 * about WALK_ROWS + (matches of a rare text) rows, not every match of a frequent one.
 */
const WALK_ROWS = 2000;
/** What the tiers' conditions and the visibility rule read. */
const WALK_COLUMNS = 'id, application_id, search_text, initiated_by, branch, assigned_team, assigned_to, status, created_at';

/**
 * The SQL of one global-search page after `cursor`: one query pair per rank (also what bench/search.mjs and
 * bench/lists.mjs time). runSearch stops at the first tiers that fill the page, so a frequent prefix never pays for the
 * substring tier.
 */
export function searchPlan(user: CurrentUser, input: Record<string, unknown>, cursor: Cursor | null = null): SearchTier[] {
  if (!isStaff(user)) throw forbidden('searchText', 'Search is for staff');
  const text = searchText(input);
  const shaped = shapeCondition(new Sql(), text) !== null;
  const tiers: Tier[] = shaped ? [(sql: Sql) => shapeCondition(sql, text)!] : textTiers(text);
  const after = cursor ? Number(cursor.v ?? 0) : -1;
  const limit = GLOBAL_SEARCH_PAGE_SIZE + 1;
  const build = (rank: number, walk: boolean) => {
    // Each statement binds only its own parameters.
    const sql = new Sql();
    const keyset = cursor && rank === after ? `id < ${sql.param(cursor.id)}::bigint` : null;
    const where = [tiers[rank](sql)];
    const seen = visibleSql((v) => sql.param(v), user);
    if (seen) where.push(seen);
    if (!walk) {
      if (keyset) where.push(keyset);
      return { text: `SELECT *, ${rank} AS rank FROM applications WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${limit}`, params: sql.params };
    }
    // The inner LIMIT fences the walk to the primary key backwards; the outer LIMIT stops it at a full page. The walk
    // carries only the columns the conditions read (not the wide row), and the page's rows are joined back by id.
    const newest = `SELECT ${WALK_COLUMNS} FROM applications${keyset ? ` WHERE ${keyset}` : ''} ORDER BY id DESC LIMIT ${WALK_ROWS}`;
    const ids = `SELECT id FROM (${newest}) newest WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ${limit}`;
    return { text: `SELECT a.*, ${rank} AS rank FROM (${ids}) hit JOIN applications a USING (id) ORDER BY id DESC`, params: sql.params };
  };
  const out: SearchTier[] = [];
  for (let rank = Math.max(after, 0); rank < tiers.length; rank++) out.push({ rank, walk: tiers[rank].exact ? null : build(rank, true), ...build(rank, false) });
  return out;
}

/** Runs the tiers in rank order until page + 1 rows are found; each tier walks the newest rows first (SearchTier). */
export async function runSearch(q: Queryable, plan: SearchTier[]): Promise<(ApplicationRow & { rank: number })[]> {
  const rows: (ApplicationRow & { rank: number })[] = [];
  for (const tier of plan) {
    if (rows.length > GLOBAL_SEARCH_PAGE_SIZE) break;
    let found = tier.walk ? (await q.query<ApplicationRow & { rank: number }>(tier.walk.text, tier.walk.params)).rows : [];
    // Fewer than a page among the newest rows: the walk may have missed older matches; the index has them all.
    if (found.length <= GLOBAL_SEARCH_PAGE_SIZE) found = (await q.query<ApplicationRow & { rank: number }>(tier.text, tier.params)).rows;
    rows.push(...found);
  }
  return rows.slice(0, GLOBAL_SEARCH_PAGE_SIZE + 1);
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
