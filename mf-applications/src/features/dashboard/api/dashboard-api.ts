import { api } from '@lendline/shared';

/** POST /backstage/dashboard (server/src/routes/managers/dashboard.ts): every chart for one filter. */
export interface DashboardFilter {
  from: string;
  to: string;
  branch: string[];
  product_code: string[];
}

export interface DashboardData {
  filter: { from: string; to: string; branches: string[]; products: string[] };
  branchOptions: { teamId: string; name: string }[];
  pipeline: { stepName: string; product_code: string; count: number }[];
  turnaround: { stepName: string; count: number; medianMinutes: number; p90Minutes: number }[];
  slaByTeam: { team: string; finished: number; breached: number; openOverdue: number }[];
  slaTrend: { day: string; finished: number; breached: number }[];
  outcomes: {
    approved: number; rejected: number; cancelled: number; approvalRate: number | null; rejectionRate: number | null;
    products: { product_code: string; approved: number; rejected: number; cancelled: number; approvalRate: number | null; rejectionRate: number | null }[];
  };
  targets: { period: string; officers: { userId: string; product_code: string; targetAmount: number; achievedAmount: number; targetCount: number; achievedCount: number }[] };
  /** Straight-through processing of the applications submitted in the period (issue 29). */
  straightThrough: { submitted: number; straightThrough: number; running: number; share: number; p50Seconds: number | null; p95Seconds: number | null; referralReasons: { code: string; count: number }[] };
}

export const DASHBOARD_PATH = '/backstage/dashboard';

export async function fetchDashboard(filter: DashboardFilter): Promise<DashboardData> {
  const body = {
    from: filter.from,
    to: filter.to,
    ...(filter.branch.length ? { branch: filter.branch } : {}),
    ...(filter.product_code.length ? { product_code: filter.product_code } : {}),
  };
  const reply = await api.post<{ data: DashboardData }>(DASHBOARD_PATH, body);
  return reply.data;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The default period: the last 30 days up to today (UTC, as the server counts days). */
export function defaultPeriod(now = new Date()): { from: string; to: string } {
  return { from: day(new Date(now.getTime() - 29 * 86400000)), to: day(now) };
}
