import type { ChartTable } from '../api/chart-tables';
import { axisScale } from './axis-scale';
import { inUnit, tickText } from './chart-units';
import { COLOURS, FONT, GRID, INK, TITLE_FONT, fitLabel } from './chart-style';

const H = 200;
const PAD = { left: 52, right: 16, top: 30, bottom: 44 };

/**
 * One line a series over the rows (days), drawn at `width` CSS pixels: a value axis with round ticks and its unit
 * as a title above it, the first, middle and last day under the line, and the rows' own name (Day) as the x title.
 */
export function LineChart({ table, width }: { table: ChartTable; width: number }) {
  const n = table.rows.length;
  const plotW = width - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const scale = axisScale(Math.max(0, ...table.rows.flatMap((r) => table.series.map((c) => inUnit(table.unit, Number(r[c]) || 0)))));
  const x = (i: number) => PAD.left + (n <= 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const y = (v: number) => PAD.top + plotH - (v / scale.max) * plotH;
  const days = [...new Set([0, Math.floor((n - 1) / 2), n - 1])].filter((i) => i >= 0 && i < n);
  return (
    <svg viewBox={`0 0 ${width} ${H}`} width={width} height={H} aria-hidden="true" focusable="false" data-testid="chart-svg" fontSize={FONT}>
      <text x={4} y={16} fontSize={TITLE_FONT} fontWeight={600} fill={INK} data-testid="chart-axis">{table.axis}</text>
      {scale.ticks.map((tick) => (
        <g key={tick}>
          <line x1={PAD.left} x2={width - PAD.right} y1={y(tick)} y2={y(tick)} stroke={GRID} />
          <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize={FONT} fill={INK}>{tickText(tick)}</text>
        </g>
      ))}
      <line x1={PAD.left} x2={width - PAD.right} y1={PAD.top + plotH} y2={PAD.top + plotH} stroke={INK} />
      {days.map((i) => (
        <text key={i} x={x(i)} y={PAD.top + plotH + 16} fontSize={FONT} fill={INK} textAnchor={n > 1 && i === 0 ? 'start' : n > 1 && i === n - 1 ? 'end' : 'middle'}>
          {fitLabel(String(table.rows[i][0]), plotW / days.length)}
        </text>
      ))}
      <text x={PAD.left + plotW / 2} y={H - 6} textAnchor="middle" fontSize={TITLE_FONT} fontWeight={600} fill={INK}>{table.columns[0]}</text>
      {table.series.map((col, si) => (
        <polyline
          key={col}
          fill="none"
          stroke={COLOURS[(si + 1) % COLOURS.length]}
          strokeWidth="2"
          points={table.rows.map((r, i) => `${x(i)},${y(inUnit(table.unit, Number(r[col]) || 0))}`).join(' ')}
        />
      ))}
      {table.series.map((col, si) =>
        table.rows.map((r, i) => <circle key={`${col}-${i}`} cx={x(i)} cy={y(inUnit(table.unit, Number(r[col]) || 0))} r={3} fill={COLOURS[(si + 1) % COLOURS.length]} />),
      )}
    </svg>
  );
}
