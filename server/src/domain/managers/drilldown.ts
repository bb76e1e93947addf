import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ListPageInfo } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { cursorKey, decodeCursor, encodeCursor } from '../lists/cursor';
import { toListItem, type ListItem } from '../lists/list-service';
import { Sql } from '../lists/sql';
import { dashboardScope, openOverdue, type DashboardFilter } from './dashboard';
import { walkNewestFirst } from './hierarchy';

/**
 * The applications behind one figure of the dashboard (issue 18 drill-down): the hierarchy list (hierarchy.ts's
 * walk, newest first, keyset pages) narrowed by the dashboard's filter (period, branches in the caller's reach,
 * products) and by the bar or row chosen:
 * - pipeline: ACTIVE applications at a step (stepName null = no step) — the bar's count is application_counts';
 * - outcomes: applications closed in the period with a status (COMPLETED = approved, REJECTED, CANCELLED);
 * - slaByTeam: a team's ACTIVE applications past their due time now.
 * The count is read from the same aggregate as the chart's figure, so the list and the bar agree. Turnaround and the
 * per-day trend count finished steps, not applications: they have no list of their own.
 */
export type DrillChart = 'pipeline' | 'outcomes' | 'slaByTeam';
export const DRILL_CHARTS: DrillChart[] = ['pipeline', 'outcomes', 'slaByTeam'];
export const CLOSED_STATUSES = ['COMPLETED', 'REJECTED', 'CANCELLED'] as const;

export interface DrillInput extends DashboardFilter {
  chart: DrillChart;
  stepName?: string | null;
  status?: string;
  team?: string;
  pagination?: { pageSize?: number; cursor?: string | null };
}

export interface DrillPage {
  data: ListItem[];
  count: number;
  pageInfo: ListPageInfo;
}

const ORDER = 'dashboard-drill';

export async function drillDown(q: Queryable, user: CurrentUser, input: DrillInput, now = new Date()): Promise<DrillPage> {
  const s = await dashboardScope(q, user, input);
  const pageSize = input.pagination?.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!(PAGE_SIZES as readonly number[]).includes(pageSize)) throw refused('pagination.pageSize', `must be one of ${PAGE_SIZES.join(', ')}`);
  const sql = new Sql();
  // Drafts are not work (085_drafts.sql): no chart counts them, so no drill-down lists them.
  const inner = [`application_type = 'APPLICATION'`, 'NOT draft'];
  if (s.products) inner.push(`product_code = ANY(${sql.param(s.products)}::text[])`);
  let drive = 'branch';
  let values = s.branches;
  /** The figure per drive value, from the chart's own aggregate: values with nothing to list are not walked. */
  let counts: () => Promise<Map<string, number>>;

  if (input.chart === 'pipeline') {
    if (input.stepName === undefined) throw refused('stepName', 'is required for the pipeline (null for applications without a step)');
    inner.push(`status = 'ACTIVE'`, input.stepName === null ? 'step_name IS NULL' : `step_name = ${sql.param(input.stepName)}`);
    counts = () => byBranch(q, `SELECT branch, sum(n) AS n FROM application_counts
      WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND NOT draft AND branch = ANY($1::text[]) AND ($2::text[] IS NULL OR product_code = ANY($2::text[]))
        AND step_name IS NOT DISTINCT FROM $3 GROUP BY branch`, [s.branches, s.products, input.stepName]);
  } else if (input.chart === 'outcomes') {
    if (!input.status || !(CLOSED_STATUSES as readonly string[]).includes(input.status)) throw refused('status', `must be one of ${CLOSED_STATUSES.join(', ')}`);
    // closed_at in [from, to + 1 day): the UTC days application_daily counts the closure on.
    inner.push(`status = ${sql.param(input.status)}`, `closed_at >= ${sql.param(s.from)}::date::timestamp AT TIME ZONE 'UTC'`, `closed_at < (${sql.param(s.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
    counts = () => byBranch(q, `SELECT branch, sum(n) AS n FROM application_daily
      WHERE kind = 'CLOSED' AND status = $3 AND day BETWEEN $4::date AND $5::date AND branch = ANY($1::text[]) AND ($2::text[] IS NULL OR product_code = ANY($2::text[]))
      GROUP BY branch`, [s.branches, s.products, input.status, s.from, s.to]);
  } else if (input.chart === 'slaByTeam') {
    if (!input.team) throw refused('team', 'is required for SLA breaches by team');
    // One walk down (status, assigned_team, application_type, id DESC) (010) for the team, bounded to the branches.
    drive = 'assigned_team';
    values = [input.team];
    inner.push(`status = 'ACTIVE'`, `branch = ANY(${sql.param(s.branches)}::text[])`, `sla_due_at < ${sql.param(now.toISOString())}::timestamptz`);
    counts = async () => new Map([[input.team!, (await openOverdue(q, s, now, input.team)).get(input.team!) ?? 0]]);
  } else {
    throw refused('chart', `must be one of ${DRILL_CHARTS.join(', ')}`);
  }

  const key = await cursorKey(q);
  const cursor = decodeCursor(key, ORDER, input.pagination?.cursor);
  if (!s.branches.length) return { data: [], count: 0, pageInfo: { pageSize, hasMore: false, nextCursor: null } };
  if (cursor) inner.push(`id < ${sql.param(cursor.id)}::bigint`);
  const perValue = await counts();
  const total = [...perValue.values()].reduce((a, b) => a + b, 0);
  const rows = await walkNewestFirst(q, sql, drive, values.filter((v) => (perValue.get(v) ?? 0) > 0), inner, pageSize);
  const hasMore = rows.length > pageSize;
  const page = rows.slice(0, pageSize);
  const at = now.getTime();
  return {
    data: page.map((r) => toListItem(r, at)),
    count: total,
    pageInfo: { pageSize, hasMore, nextCursor: hasMore ? encodeCursor(key, ORDER, { id: String(page[page.length - 1].id), v: null }) : null },
  };
}

async function byBranch(q: Queryable, text: string, params: unknown[]): Promise<Map<string, number>> {
  const { rows } = await q.query<{ branch: string; n: string | number }>(text, params);
  return new Map(rows.map((r) => [r.branch, Number(r.n)]));
}
