import type { DashboardData } from '../../src/features/dashboard/api/dashboard-api';

/** The dashboard as the server sends it for two days of BR-NORTH, with only what a test changes spelled out. */
export function dashboardData(over: Partial<DashboardData> = {}): DashboardData {
  return {
    filter: { from: '2020-03-01', to: '2020-03-02', branches: ['BR-NORTH'], products: [] },
    branchOptions: [{ teamId: 'BR-NORTH', name: 'North Branch' }],
    pipeline: [{ stepName: 'Credit', product_code: 'PL', count: 7 }, { stepName: 'Data Entry', product_code: 'HL', count: 3 }],
    turnaround: [{ stepName: 'Credit', count: 3, medianMinutes: 120, p90Minutes: 1500 }],
    slaByTeam: [{ team: 'CREDIT', finished: 3, breached: 2, openOverdue: 4 }],
    slaTrend: [{ day: '2020-03-01', finished: 0, breached: 0 }, { day: '2020-03-02', finished: 3, breached: 2 }],
    outcomes: { approved: 3, rejected: 1, cancelled: 1, approvalRate: 75, rejectionRate: 25, products: [{ product_code: 'PL', approved: 3, rejected: 1, cancelled: 1, approvalRate: 75, rejectionRate: 25 }] },
    targets: { period: '2020-03', officers: [{ userId: 'cpa1', product_code: '*', targetAmount: 400000, achievedAmount: 300000, targetCount: 4, achievedCount: 3 }] },
    straightThrough: { submitted: 3, straightThrough: 1, running: 0, share: 0.333, p50Seconds: 4.2, p95Seconds: 9.8, referralReasons: [{ code: 'BUREAU_SCORE', count: 1 }, { code: 'AMOUNT_BAND', count: 1 }] },
    ...over,
  };
}
