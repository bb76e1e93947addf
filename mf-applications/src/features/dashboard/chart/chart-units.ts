import { formatNumber, formatTurnaround } from '@lendline/shared';
import type { ChartTable } from '../api/chart-tables';

/**
 * What a chart's value axis measures. The charts draw figures in a unit a person reads at a glance — counts as they
 * are, rupees in lakh, minutes in hours — while the table under the chart and the export keep the exact figures.
 */
export type ChartUnit = ChartTable['unit'];

const LAKH = 100_000;

/** A figure in the axis's unit (rupees → lakh, minutes → hours; counts unchanged). */
export function inUnit(unit: ChartUnit, v: number): number {
  if (unit === 'lakh') return v / LAKH;
  if (unit === 'hours') return v / 60;
  return v;
}

/** A tick of the axis, already in the axis's unit: lakh grouping, decimals only when it has some. */
export const tickText = (v: number): string => formatNumber(v);

/** A bar's own label: turnarounds as "1 d 1 h", lakh with two decimals at most, counts with lakh grouping. */
export function barText(unit: ChartUnit, v: number, lang?: string): string {
  if (unit === 'hours') return formatTurnaround(v, lang);
  if (unit === 'lakh') return formatNumber(Math.round((v / LAKH) * 100) / 100);
  return formatNumber(v);
}
