import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused } from '../errors';
import { buildListRequest } from './list-service';

const ALL_STATUSES = ['ACTIVE', 'COMPLETED', 'REJECTED', 'CANCELLED', 'INACTIVE', 'DELETED'];

export interface RangeInput {
  /** First and last day, inclusive: DD/MM/YYYY or YYYY-MM-DD. */
  from: string;
  to: string;
  product_code?: string | string[];
  queryType?: string;
}

export interface RangeCounts {
  from: string;
  to: string;
  total: number;
  byStatus: Record<string, number>;
}

/** A day moved by `days`, as YYYY-MM-DD. */
function shiftDay(label: string, d: string, days: number): string {
  const t = new Date(/^\d{2}\/\d{2}\/\d{4}$/.test(d) ? `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}` : d.slice(0, 10));
  if (Number.isNaN(t.getTime())) throw refused(label, 'dates are DD/MM/YYYY or YYYY-MM-DD');
  return new Date(t.getTime() + days * 86400000).toISOString().slice(0, 10);
}

/**
 * POST /backstage/getApplicationsCountBasedOnRange: the applications created in a date range, counted by status,
 * within what the list type (default ALL_APPLICATIONS) shows the user.
 */
export async function countByStatusInRange(q: Queryable, user: CurrentUser, input: RangeInput): Promise<RangeCounts> {
  // "from" and "to" are inclusive days: GREATER_THAN d means after d, so widen by one day each side.
  const exact = await buildListRequest(q, user, {
    queryType: input.queryType ?? 'ALL_APPLICATIONS',
    product_code: input.product_code,
    _applicationStatus: ALL_STATUSES,
    filter: [
      { field: 'cre_time', operator: 'GREATER_THAN', value: shiftDay('from', input.from, -1) },
      { field: 'cre_time', operator: 'LESS_THAN', value: shiftDay('to', input.to, 1) },
    ],
  });
  const where = [...exact.conditions, `status = ANY(${exact.sql.param(ALL_STATUSES)}::text[])`];
  const { rows } = await q.query<{ status: string; n: string }>(
    `SELECT status, count(*)::text AS n FROM applications WHERE ${where.join(' AND ')} GROUP BY status ORDER BY status`,
    exact.sql.params,
  );
  const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  return { from: input.from, to: input.to, total: rows.reduce((n, r) => n + Number(r.n), 0), byStatus };
}
