import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import { reportingReach } from './reach';
import { listTargets } from './targets';
import { stpFigures } from '../stp/figures';

/**
 * The managers' dashboard (issue 18): each chart is one query over a maintained aggregate or an index, never a scan
 * of the book, so it answers in milliseconds at 1,000,000 applications (bench/managers.mjs):
 * - pipeline: ACTIVE applications by step and product now, from application_counts (014);
 * - turnaround per step (median, p90), SLA breaches by team and by day, approval/rejection rates: from step_daily and
 *   application_daily (062), a few rows per day, for the days of the period;
 * - open work past its SLA due time per team: past hours from open_sla_hourly (064), the current hour by index;
 * - targets vs achieved per officer: targets.ts for the month the period ends in.
 * Every query is bounded by the caller's reach (reach.ts): the branches they may see, narrowed by the filter.
 * Days are UTC. Opening the dashboard needs the REPORTS activity group (§6 "availability of a feature is checked by
 * membership"; the seed's description of REPORTS: may open the report lists).
 */
export interface DashboardFilter {
  from: string;
  to: string;
  branch?: string[];
  product_code?: string[];
}

export interface Scope {
  /** The branches the caller may choose from (their reach). */
  options: { teamId: string; name: string }[];
  from: string;
  to: string;
  branches: string[];
  products: string[] | null;
}

export const MAX_PERIOD_DAYS = 366;

export async function mayReport(q: Queryable, user: CurrentUser): Promise<boolean> {
  const { rows } = await q.query(
    `SELECT 1 FROM group_members m JOIN groups g ON g.group_id = m.group_id WHERE m.user_id = $1 AND g.kind = 'ACTIVITY' AND g.name = 'REPORTS'`,
    [user.userName],
  );
  return rows.length > 0;
}

export async function dashboardScope(q: Queryable, user: CurrentUser, f: DashboardFilter): Promise<Scope> {
  if (!(await mayReport(q, user))) throw forbidden('user', 'The dashboard needs the REPORTS activity group');
  const from = Date.parse(`${f.from}T00:00:00Z`);
  const to = Date.parse(`${f.to}T00:00:00Z`);
  if (Number.isNaN(from)) throw refused('from', 'is not a day');
  if (Number.isNaN(to)) throw refused('to', 'is not a day');
  if (to < from) throw refused('to', 'must not be before from');
  if ((to - from) / 86400000 >= MAX_PERIOD_DAYS) throw refused('to', `the period may span at most ${MAX_PERIOD_DAYS} days`);
  const reach = await reportingReach(q, user);
  const all = reach.branches.map((b) => b.team_id);
  // A branch outside the reach narrows to nothing (it reveals nothing either).
  const branches = f.branch?.length ? all.filter((b) => f.branch!.includes(b)) : all;
  return { options: reach.branches.map((b) => ({ teamId: b.team_id, name: b.name })), from: f.from, to: f.to, branches, products: f.product_code?.length ? f.product_code : null };
}

const num = (v: unknown) => Number(v ?? 0);

/** ACTIVE applications (not leads) by current step and product, now. */
export async function pipeline(q: Queryable, s: Scope) {
  const { rows } = await q.query<{ step_name: string | null; product_code: string; n: string }>(
    `SELECT step_name, product_code, sum(n) AS n FROM application_counts
      WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND NOT draft AND branch = ANY($1::text[]) AND ($2::text[] IS NULL OR product_code = ANY($2::text[]))
      GROUP BY step_name, product_code HAVING sum(n) > 0 ORDER BY step_name, product_code`,
    [s.branches, s.products],
  );
  return rows.map((r) => ({ stepName: r.step_name ?? '—', product_code: r.product_code, count: num(r.n) }));
}

/** percentile_disc over a histogram: the smallest value whose cumulative count reaches p of the total. */
export function percentileOf(hist: { minutes: number; n: number }[], p: number): number | null {
  const total = hist.reduce((s, h) => s + h.n, 0);
  if (!total) return null;
  let cum = 0;
  for (const h of [...hist].sort((a, b) => a.minutes - b.minutes)) {
    cum += h.n;
    if (cum >= p * total) return h.minutes;
  }
  return null;
}

/** Minutes from the start to the end of each finished step in the period: count, median and p90 per step. */
export async function turnaround(q: Queryable, s: Scope) {
  const { rows } = await q.query<{ step_name: string; minutes: string; n: string }>(
    `SELECT step_name, minutes, sum(n) AS n FROM step_daily
      WHERE day BETWEEN $1::date AND $2::date AND branch = ANY($3::text[]) AND ($4::text[] IS NULL OR product_code = ANY($4::text[]))
      GROUP BY step_name, minutes HAVING sum(n) > 0`,
    [s.from, s.to, s.branches, s.products],
  );
  const bySteps = new Map<string, { minutes: number; n: number }[]>();
  for (const r of rows) {
    const hist = bySteps.get(r.step_name) ?? (bySteps.set(r.step_name, []), bySteps.get(r.step_name)!);
    hist.push({ minutes: num(r.minutes), n: num(r.n) });
  }
  return [...bySteps.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([stepName, hist]) => ({ stepName, count: hist.reduce((t, h) => t + h.n, 0), medianMinutes: percentileOf(hist, 0.5)!, p90Minutes: percentileOf(hist, 0.9)! }));
}

/** SLA breaches by team: steps finished late in the period (step_team_daily, 069), and open work past its due time now. */
export async function slaByTeam(q: Queryable, s: Scope, now = new Date()) {
  const { rows: closed } = await q.query<{ team: string | null; n: string; breached: string }>(
    `SELECT team, sum(n) AS n, sum(breached) AS breached FROM step_team_daily
      WHERE day BETWEEN $1::date AND $2::date AND branch = ANY($3::text[]) AND ($4::text[] IS NULL OR product_code = ANY($4::text[]))
      GROUP BY team`,
    [s.from, s.to, s.branches, s.products],
  );
  const open = await openOverdue(q, s, now);
  const teams = new Map<string, { team: string; finished: number; breached: number; openOverdue: number }>();
  const get = (team: string) => teams.get(team) ?? (teams.set(team, { team, finished: 0, breached: 0, openOverdue: 0 }), teams.get(team)!);
  for (const r of closed) Object.assign(get(r.team ?? '—'), { finished: num(r.n), breached: num(r.breached) });
  for (const [team, n] of open) get(team).openOverdue = n;
  return [...teams.values()].filter((t) => t.finished || t.openOverdue).sort((a, b) => a.team.localeCompare(b.team));
}

/**
 * ACTIVE applications past their due time now, per team (teams with none left out), optionally of one team. The
 * totals (open_sla_totals, 069) less the hours still ahead (open_sla_hourly, 064, by its due_hour-led key; due times
 * lie at most an SLA ahead, so few rows) are aggregates; only the current hour is read from the book, one index-only
 * range per team on applications_team_sla_idx (062), over its shorter side: early in the hour the part already past
 * is added (the whole hour counted as ahead), late in the hour the part still ahead is taken off. At most half an
 * hour of due times is read, and nothing read grows with the age of the book.
 */
export async function openOverdue(q: Queryable, s: Scope, now = new Date(), team?: string): Promise<Map<string, number>> {
  const hourStart = Math.floor(now.getTime() / 3600000) * 3600000;
  const early = now.getTime() - hourStart < 1800000;
  // early: overdue = total − hours from this one on + due in [hour start, now)
  // late:  overdue = total − hours after this one − due in [now, next hour)
  const aheadFrom = new Date(early ? hourStart : hourStart + 3600000);
  const [rangeFrom, rangeTo] = early ? [new Date(hourStart), now] : [now, new Date(hourStart + 3600000)];
  const { rows } = await q.query<{ team: string; overdue: string }>(
    `SELECT t.team, t.n - coalesce(f.n, 0) + $7::int * c.n AS overdue
       FROM (SELECT assigned_team AS team, sum(n) AS n FROM open_sla_totals
              WHERE assigned_team IS NOT NULL AND ($5::text IS NULL OR assigned_team = $5) AND branch = ANY($1::text[]) AND ($2::text[] IS NULL OR product_code = ANY($2::text[]))
              GROUP BY assigned_team) t
       LEFT JOIN (SELECT assigned_team, sum(n) AS n FROM open_sla_hourly
                   WHERE due_hour >= ($6::timestamptz AT TIME ZONE 'UTC') AND ($5::text IS NULL OR assigned_team = $5) AND branch = ANY($1::text[]) AND ($2::text[] IS NULL OR product_code = ANY($2::text[]))
                   GROUP BY assigned_team) f ON f.assigned_team = t.team
       CROSS JOIN LATERAL (
         SELECT count(*) AS n FROM applications a
          WHERE a.status = 'ACTIVE' AND a.assigned_team = t.team AND a.sla_due_at >= $3::timestamptz AND a.sla_due_at < $4::timestamptz
            AND a.branch = ANY($1::text[]) AND ($2::text[] IS NULL OR a.product_code = ANY($2::text[]))) c
      WHERE t.n - coalesce(f.n, 0) + $7::int * c.n > 0`,
    [s.branches, s.products, rangeFrom.toISOString(), rangeTo.toISOString(), team ?? null, aheadFrom.toISOString(), early ? 1 : -1],
  );
  return new Map(rows.map((r) => [r.team, num(r.overdue)]));
}

/** Steps finished late per day of the period (every day listed, zero included), from step_team_daily (069). */
export async function slaTrend(q: Queryable, s: Scope) {
  const { rows } = await q.query<{ day: string; n: string; breached: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(sum(x.n), 0) AS n, coalesce(sum(x.breached), 0) AS breached
       FROM generate_series($1::date, $2::date, interval '1 day') AS d
       LEFT JOIN step_team_daily x ON x.day = d::date AND x.branch = ANY($3::text[]) AND ($4::text[] IS NULL OR x.product_code = ANY($4::text[]))
      GROUP BY d ORDER BY d`,
    [s.from, s.to, s.branches, s.products],
  );
  return rows.map((r) => ({ day: r.day, finished: num(r.n), breached: num(r.breached) }));
}

const rate = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 10 : null);

/** Applications closed in the period by outcome, per product: approval rate = COMPLETED / (COMPLETED + REJECTED). */
export async function outcomes(q: Queryable, s: Scope) {
  const { rows } = await q.query<{ product_code: string; status: string; n: string }>(
    `SELECT product_code, status, sum(n) AS n FROM application_daily
      WHERE kind = 'CLOSED' AND day BETWEEN $1::date AND $2::date AND branch = ANY($3::text[]) AND ($4::text[] IS NULL OR product_code = ANY($4::text[]))
      GROUP BY product_code, status`,
    [s.from, s.to, s.branches, s.products],
  );
  const byProduct = new Map<string, { product_code: string; approved: number; rejected: number; cancelled: number }>();
  for (const r of rows) {
    const p = byProduct.get(r.product_code) ?? { product_code: r.product_code, approved: 0, rejected: 0, cancelled: 0 };
    if (r.status === 'COMPLETED') p.approved += num(r.n);
    else if (r.status === 'REJECTED') p.rejected += num(r.n);
    else if (r.status === 'CANCELLED') p.cancelled += num(r.n);
    byProduct.set(r.product_code, p);
  }
  const products = [...byProduct.values()].sort((a, b) => a.product_code.localeCompare(b.product_code))
    .map((p) => ({ ...p, approvalRate: rate(p.approved, p.approved + p.rejected), rejectionRate: rate(p.rejected, p.approved + p.rejected) }));
  const approved = products.reduce((t, p) => t + p.approved, 0);
  const rejected = products.reduce((t, p) => t + p.rejected, 0);
  const cancelled = products.reduce((t, p) => t + p.cancelled, 0);
  return { approved, rejected, cancelled, approvalRate: rate(approved, approved + rejected), rejectionRate: rate(rejected, approved + rejected), products };
}

/** USER targets of the month the period ends in (readable by the caller, of the filtered products) against what each achieved. */
export async function targetsVsAchieved(q: Queryable, user: CurrentUser, s: Scope) {
  const period = s.to.slice(0, 7);
  const items = (await listTargets(q, user, { period, scope: 'USER' })).filter((t) => !s.products || t.product_code === '*' || s.products.includes(t.product_code));
  return {
    period,
    officers: items.map((t) => ({ userId: t.subject, product_code: t.product_code, targetAmount: t.target.amount, achievedAmount: t.achieved.amount, targetCount: t.target.count, achievedCount: t.achieved.count })),
  };
}

/** Straight-through processing (issue 29, domain/stp/figures.ts) of the applications submitted in the period. */
export async function straightThrough(q: Queryable, s: Scope) {
  const to = new Date(Date.parse(`${s.to}T00:00:00Z`) + 86400000);
  return stpFigures(q, { from: new Date(`${s.from}T00:00:00Z`), to, branches: s.branches, products: s.products });
}

export type Chart = 'pipeline' | 'turnaround' | 'slaByTeam' | 'slaTrend' | 'outcomes' | 'targets';
export const CHARTS: Chart[] = ['pipeline', 'turnaround', 'slaByTeam', 'slaTrend', 'outcomes', 'targets'];

/** Every chart of the dashboard for one filter (the page's one call). */
export async function dashboard(q: Queryable, user: CurrentUser, f: DashboardFilter) {
  const s = await dashboardScope(q, user, f);
  const [p, t, sb, st, o, tg, stp] = await Promise.all([pipeline(q, s), turnaround(q, s), slaByTeam(q, s), slaTrend(q, s), outcomes(q, s), targetsVsAchieved(q, user, s), straightThrough(q, s)]);
  return { filter: { from: s.from, to: s.to, branches: s.branches, products: s.products ?? [] }, branchOptions: s.options, pipeline: p, turnaround: t, slaByTeam: sb, slaTrend: st, outcomes: o, targets: tg, straightThrough: stp };
}
