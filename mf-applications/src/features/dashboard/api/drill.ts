import type { SlaSnapshot } from '@lendline/shared';
import { api } from '@lendline/shared';
import type { DashboardFilter } from './dashboard-api';

/**
 * Drill-down (issue 18): the applications behind one figure of a chart, as POST /backstage/dashboard/applications
 * lists them (server/src/routes/managers/drilldown.ts). A figure is named in the page address
 * (/backstage/dashboard/applications?…) so the list can be bookmarked and Back returns to the dashboard.
 */
export type DrillTarget =
  | { chart: 'pipeline'; stepName: string | null; product: string }
  | { chart: 'outcomes'; status: 'COMPLETED' | 'REJECTED' | 'CANCELLED'; product: string | null }
  | { chart: 'slaByTeam'; team: string };

export interface DrillQuery extends DashboardFilter {
  target: DrillTarget;
}

export const DRILL_PATH = '/backstage/dashboard/applications';

/** The page address of a figure, from the dashboard's applied filter. */
export function drillHref(filter: { from: string; to: string; branches: string[]; products: string[] }, target: DrillTarget, allBranches: boolean): string {
  const p = new URLSearchParams({ chart: target.chart, from: filter.from, to: filter.to });
  // "Every branch" stays unnamed, so the list covers what the caller sees, as the dashboard did.
  if (!allBranches) for (const b of filter.branches) p.append('branch', b);
  const product = target.chart === 'slaByTeam' ? null : target.product;
  for (const code of product ? [product] : filter.products) p.append('product', code);
  if (target.chart === 'pipeline') {
    if (target.stepName === null) p.set('noStep', '1');
    else p.set('step', target.stepName);
  }
  if (target.chart === 'outcomes') p.set('status', target.status);
  if (target.chart === 'slaByTeam') p.set('team', target.team);
  return `${DRILL_PATH}?${p.toString()}`;
}

/** The figure a page address names, or null when it names none. */
export function parseDrill(search: string): DrillQuery | null {
  const p = new URLSearchParams(search);
  const from = p.get('from');
  const to = p.get('to');
  if (!from || !to) return null;
  const base = { from, to, branch: p.getAll('branch'), product_code: p.getAll('product') };
  const chart = p.get('chart');
  if (chart === 'pipeline') {
    const step = p.get('step');
    if (step === null && p.get('noStep') !== '1') return null;
    return { ...base, target: { chart, stepName: step, product: base.product_code[0] ?? '' } };
  }
  const status = p.get('status');
  if (chart === 'outcomes' && (status === 'COMPLETED' || status === 'REJECTED' || status === 'CANCELLED')) return { ...base, target: { chart, status, product: base.product_code[0] ?? null } };
  const team = p.get('team');
  if (chart === 'slaByTeam' && team) return { ...base, target: { chart, team } };
  return null;
}

export interface DrillRow {
  application_id: string;
  applicant_name: string | null;
  product_code: string;
  application_status: string;
  stepName: string | null;
  assignedTeam: string | null;
  branch: string | null;
  loanAmount: number | null;
  slaDueAt: string | null;
  /** The SLA state by status (shared/src/sla/state.ts), as every list shows it. */
  sla?: SlaSnapshot;
}

export interface DrillPage {
  data: DrillRow[];
  count: number;
  pageInfo: { pageSize: number; hasMore: boolean; nextCursor: string | null };
}

export function fetchDrill(q: DrillQuery, pageSize: number, cursor: string | null): Promise<DrillPage> {
  const t = q.target;
  return api.post<DrillPage>(DRILL_PATH, {
    from: q.from,
    to: q.to,
    ...(q.branch.length ? { branch: q.branch } : {}),
    ...(q.product_code.length ? { product_code: q.product_code } : {}),
    chart: t.chart,
    ...(t.chart === 'pipeline' ? { stepName: t.stepName } : {}),
    ...(t.chart === 'outcomes' ? { status: t.status } : {}),
    ...(t.chart === 'slaByTeam' ? { team: t.team } : {}),
    pagination: { pageSize, cursor },
  });
}
