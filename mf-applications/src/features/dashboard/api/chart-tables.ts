import { configName, formatNumber, formatTurnaround } from '@lendline/shared';
import type { DashboardData } from './dashboard-api';
import type { DashboardText } from './texts';
import type { DrillTarget } from './drill';

/**
 * Each chart as a table: the numbers a chart draws, in the order it draws them. The on-demand table under a chart and
 * the xlsx export are both built from this, so what is exported is what is shown.
 */
export interface ChartTable {
  id: 'pipeline' | 'turnaround' | 'slaByTeam' | 'slaTrend' | 'outcomes' | 'targets';
  title: string;
  columns: string[];
  rows: (string | number)[][];
  /** The numeric columns the chart draws as series (indexes into columns). */
  series: number[];
  kind: 'bar' | 'line';
  /** What the value axis measures: counts, hours (from minutes) or ₹ lakh (from rupees). */
  unit: 'count' | 'hours' | 'lakh';
  /** The value axis's title, naming its unit ("Applications (count)", "Hours", "₹ lakh"). */
  axis: string;
  /** Columns whose figures are minutes: shown in days and hours ("14 d 14 h"), never "21,000". */
  minutes?: number[];
  /** The applications behind a figure (row, column), when the figure counts applications (drill-down). */
  drill?: (row: number, col: number) => DrillTarget | null;
}

const STATUS_OF_COLUMN: Record<number, 'COMPLETED' | 'REJECTED' | 'CANCELLED'> = { 1: 'COMPLETED', 2: 'REJECTED', 3: 'CANCELLED' };

const orDash = (v: number | null) => (v == null ? '—' : v);

export function chartTables(d: DashboardData, t: DashboardText): ChartTable[] {
  return [
    {
      id: 'pipeline', title: t.pipeline, kind: 'bar', series: [2], unit: 'count', axis: t.axisApplications,
      columns: [t.step, t.product, t.applications],
      rows: d.pipeline.map((p) => [configName('step', p.stepName), p.product_code, p.count]),
      // The server names a step-less bar '—'; its list is the applications without a step.
      drill: (r, c) => (c === 2 && d.pipeline[r] ? { chart: 'pipeline', stepName: d.pipeline[r].stepName === '—' ? null : d.pipeline[r].stepName, product: d.pipeline[r].product_code } : null),
    },
    {
      id: 'turnaround', title: t.turnaround, kind: 'bar', series: [2, 3], minutes: [2, 3], unit: 'hours', axis: t.axisHours,
      columns: [t.step, t.finished, t.median, t.p90],
      rows: d.turnaround.map((s) => [configName('step', s.stepName), s.count, s.medianMinutes, s.p90Minutes]),
    },
    {
      id: 'slaByTeam', title: t.slaByTeam, kind: 'bar', series: [2, 3], unit: 'count', axis: t.axisSteps,
      columns: [t.team, t.finished, t.breached, t.openOverdue],
      rows: d.slaByTeam.map((s) => [configName('team', s.team), s.finished, s.breached, s.openOverdue]),
      // Open overdue counts applications; finished and breached count steps, which have no list.
      drill: (r, c) => (c === 3 && d.slaByTeam[r]?.openOverdue ? { chart: 'slaByTeam', team: d.slaByTeam[r].team } : null),
    },
    {
      id: 'slaTrend', title: t.slaTrend, kind: 'line', series: [2], unit: 'count', axis: t.axisSteps,
      columns: [t.day, t.finished, t.breached],
      rows: d.slaTrend.map((s) => [s.day, s.finished, s.breached]),
    },
    {
      id: 'outcomes', title: t.outcomes, kind: 'bar', series: [1, 2, 3], unit: 'count', axis: t.axisApplications,
      columns: [t.product, t.approved, t.rejected, t.cancelled, t.approvalRate, t.rejectionRate],
      rows: [
        ...d.outcomes.products.map((p) => [p.product_code, p.approved, p.rejected, p.cancelled, orDash(p.approvalRate), orDash(p.rejectionRate)]),
        [t.total, d.outcomes.approved, d.outcomes.rejected, d.outcomes.cancelled, orDash(d.outcomes.approvalRate), orDash(d.outcomes.rejectionRate)],
      ],
      // Product rows name their product; the total row keeps the dashboard's product filter.
      drill: (r, c) => (STATUS_OF_COLUMN[c] ? { chart: 'outcomes', status: STATUS_OF_COLUMN[c], product: d.outcomes.products[r]?.product_code ?? null } : null),
    },
    {
      id: 'targets', title: `${t.targets} (${d.targets.period})`, kind: 'bar', series: [2, 3], unit: 'lakh', axis: t.axisLakh,
      columns: [t.officer, t.product, t.targetAmount, t.achievedAmount, t.targetCount, t.achievedCount],
      rows: d.targets.officers.map((o) => [o.userId, o.product_code, o.targetAmount, o.achievedAmount, o.targetCount, o.achievedCount]),
    },
  ];
}

/** The label of a row on the chart's axis: the non-series columns before the first series, joined. */
export function rowLabel(table: ChartTable, row: (string | number)[]): string {
  const first = Math.min(...table.series);
  return row.slice(0, first).filter((v) => typeof v === 'string').join(' · ') || String(row[0]);
}

/** A figure as the chart and its table show it: minutes as a turnaround, any other number with lakh grouping. */
export function figureText(table: Pick<ChartTable, 'minutes'>, col: number, v: string | number, lang?: string): string {
  if (typeof v !== 'number') return v;
  return table.minutes?.includes(col) ? formatTurnaround(v, lang) : formatNumber(v);
}
