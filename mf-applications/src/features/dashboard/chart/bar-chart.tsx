import { useNavigate } from 'react-router-dom';
import { useLanguage } from '@lendline/shared';
import { rowLabel, type ChartTable } from '../api/chart-tables';
import { axisScale } from './axis-scale';
import { barText, inUnit, tickText } from './chart-units';
import { COLOURS, FONT, GRID, INK, TITLE_FONT, fitLabel } from './chart-style';

/** The list address of figure (row, column), or null when it lists nothing. */
export type HrefOf = (table: ChartTable, row: number, col: number) => string | null;

const BAR = 16;
const ROW = 22;
const GAP = 8;
const AXIS = 44;
const VALUE_ROOM = 72;

/**
 * Horizontal bars, one group a row, one bar a series, drawn at `width` CSS pixels. The value axis under them has
 * ticks on round numbers and a title naming its unit; each bar carries its figure. A bar that counts applications
 * opens their list (the same address as its number in the table, which is the keyboard's way there).
 */
export function BarChart({ table, width, hrefOf }: { table: ChartTable; width: number; hrefOf: HrefOf }) {
  const navigate = useNavigate();
  const lang = useLanguage();
  const labelW = Math.min(170, Math.round(width * 0.34));
  const plotW = Math.max(40, width - labelW - VALUE_ROOM);
  const group = ROW * table.series.length + GAP;
  const plotH = Math.max(group * table.rows.length, ROW);
  const h = plotH + AXIS;
  const figure = (v: unknown) => Number(v) || 0;
  const scale = axisScale(Math.max(0, ...table.rows.flatMap((r) => table.series.map((c) => inUnit(table.unit, figure(r[c]))))));
  const x = (v: number) => labelW + (inUnit(table.unit, v) / scale.max) * plotW;
  return (
    <svg viewBox={`0 0 ${width} ${h}`} width={width} height={h} aria-hidden="true" focusable="false" data-testid="chart-svg" fontSize={FONT}>
      {scale.ticks.map((tick) => {
        const tx = labelW + (tick / scale.max) * plotW;
        return (
          <g key={tick}>
            <line x1={tx} x2={tx} y1={0} y2={plotH} stroke={GRID} />
            <text x={tx} y={plotH + 16} textAnchor="middle" fontSize={FONT} fill={INK}>{tickText(tick)}</text>
          </g>
        );
      })}
      <line x1={labelW} x2={labelW} y1={0} y2={plotH} stroke={INK} />
      <text x={labelW + plotW / 2} y={plotH + 36} textAnchor="middle" fontSize={TITLE_FONT} fontWeight={600} fill={INK} data-testid="chart-axis">
        {table.axis}
      </text>
      {table.rows.map((row, ri) => {
        const label = rowLabel(table, row);
        return (
          <g key={ri} transform={`translate(0 ${ri * group})`}>
            <text x={labelW - 6} y={(group - GAP) / 2 + 4} textAnchor="end" fontSize={FONT} fill={INK}>
              <title>{label}</title>
              {fitLabel(label, labelW - 8)}
            </text>
            {table.series.map((col, si) => {
              const v = figure(row[col]);
              const end = x(v);
              const href = hrefOf(table, ri, col);
              return (
                <g key={col}>
                  <rect
                    x={labelW} y={si * ROW + (ROW - BAR) / 2} width={Math.max(end - labelW, v ? 1 : 0)} height={BAR} fill={COLOURS[si % COLOURS.length]}
                    data-drill={href ?? undefined}
                    style={href ? { cursor: 'pointer' } : undefined}
                    onClick={href ? () => navigate(href) : undefined}
                  />
                  <text x={end + 4} y={si * ROW + ROW / 2 + 4} fontSize={FONT} fill={INK}>{barText(table.unit, v, lang)}</text>
                </g>
              );
            })}
          </g>
        );
      })}
    </svg>
  );
}
