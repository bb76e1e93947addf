import type { Queryable } from '../../db/db';
import { isStaff, seesAllBranches, teamIds, type CurrentUser } from '../current-user';
import { staffOnly } from '../errors';
import { holdersOf, INBOX_KINDS, SOURCES, type InboxKind, type InboxScope } from './inbox';

/** Counted up to this many per bucket; more shows as "999+" (a count is a hint, not a reason to scan a queue). */
export const COUNT_CAP = 999;

export interface InboxCounts {
  Today: number;
  Future: number;
  All: number;
  /** Some bucket has more than COUNT_CAP: its number is the cap. */
  capped: boolean;
}

/**
 * How many items each review bucket of the caller's inbox holds (issue 26: counts on Today / Future / All), with the
 * same holders, visibility and review-date rule as the inbox page (inbox.ts), per kind down the same partial indexes
 * (046), each walk stopped after COUNT_CAP + 1 rows.
 */
export async function inboxCounts(q: Queryable, user: CurrentUser, input: { kinds: InboxKind[]; scope: InboxScope }, now = new Date()): Promise<InboxCounts> {
  if (!isStaff(user)) throw staffOnly();
  const kinds = input.kinds.length ? input.kinds : [...INBOX_KINDS];
  const params: unknown[] = [holdersOf(user, input.scope)];
  // Bound only when a walk uses it (an unused parameter has no type and PostgreSQL refuses the statement).
  let nowP: string | null = null;
  const at = () => (nowP ??= `$${params.push(now.toISOString())}::timestamptz`);
  const visible = seesAllBranches(user)
    ? 'true'
    : `(a.branch = ANY($${params.push(teamIds(user))}::text[]) OR a.assigned_team = ANY($${params.length}::text[]) OR a.assigned_to = $${params.push(user.userName)})`;
  const part = (bucket: 'Today' | 'Future') =>
    SOURCES.filter((s) => kinds.includes(s.kind) && (bucket === 'Today' || s.reviewable)).map((s) => {
      const where = [visible, `a.status = 'ACTIVE'`];
      if (s.review) where.push(bucket === 'Today' ? `(${s.review} IS NULL OR ${s.review} <= ${at()})` : `${s.review} IS NOT NULL AND ${s.review} > ${at()}`);
      return `(SELECT count(*) FROM (SELECT 1 FROM unnest($1::text[]) AS h(holder) CROSS JOIN LATERAL (
                SELECT 1 FROM ${s.from} AND ${where.join(' AND ')} LIMIT ${COUNT_CAP + 1}) x LIMIT ${COUNT_CAP + 1}) c)`;
    });
  const sum = (parts: string[]) => (parts.length ? parts.join(' + ') : '0');
  const { rows } = await q.query<{ today: string; future: string }>(`SELECT (${sum(part('Today'))})::int AS today, (${sum(part('Future'))})::int AS future`, params);
  const today = Number(rows[0].today);
  const future = Number(rows[0].future);
  const cap = (n: number) => Math.min(n, COUNT_CAP);
  return { Today: cap(today), Future: cap(future), All: cap(today + future), capped: today > COUNT_CAP || future > COUNT_CAP || today + future > COUNT_CAP };
}
