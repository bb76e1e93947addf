import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { formatNumber, useLanguage } from '@lendline/shared';
import { figureText, rowLabel, type ChartTable } from '../api/chart-tables';
import type { DrillTarget } from '../api/drill';
import { fill, type DashboardText } from '../api/texts';

/**
 * One chart with its numbers on demand. Plain SVG (no chart library: six simple bar and line charts do not pay for
 * one's 40-200 KB), drawn from the same table the "Show numbers" button opens and the export writes. The SVG is an
 * image with a text summary; the table is the accessible form of the figures. A figure that counts applications opens
 * their list (drill-down): its bar by pointer, its number in the table as a link (keyboard and screen readers).
 */

/** The list address of figure (row, column), or null when it lists nothing (a zero, or steps rather than applications). */
type HrefOf = (table: ChartTable, row: number, col: number) => string | null;
const COLOURS = ['var(--ll-primary, #1d4ed8)', '#d97706', '#059669', '#9333ea'];
const W = 480;
const ROW_H = 22;

function Bars({ table, hrefOf }: { table: ChartTable; hrefOf: HrefOf }) {
  const navigate = useNavigate();
  const lang = useLanguage();
  const max = Math.max(1, ...table.rows.flatMap((r) => table.series.map((i) => Number(r[i]) || 0)));
  const labelW = 150;
  const barW = W - labelW - 50;
  const group = ROW_H * table.series.length + 6;
  const h = Math.max(group * table.rows.length, ROW_H);
  return (
    <svg viewBox={`0 0 ${W} ${h}`} width="100%" aria-hidden="true" focusable="false">
      {table.rows.map((row, ri) => (
        <g key={ri} transform={`translate(0 ${ri * group})`}>
          <text x={labelW - 6} y={(group - 6) / 2 + 4} textAnchor="end" fontSize="11">{rowLabel(table, row).slice(0, 24)}</text>
          {table.series.map((col, si) => {
            const v = Number(row[col]) || 0;
            const w = (v / max) * barW;
            const href = hrefOf(table, ri, col);
            return (
              <g key={col}>
                <rect
                  x={labelW} y={si * ROW_H + 2} width={Math.max(w, v ? 1 : 0)} height={ROW_H - 6} fill={COLOURS[si % COLOURS.length]}
                  data-drill={href ?? undefined}
                  style={href ? { cursor: 'pointer' } : undefined}
                  onClick={href ? () => navigate(href) : undefined}
                />
                <text x={labelW + w + 4} y={si * ROW_H + ROW_H / 2 + 2} fontSize="10">{figureText(table, col, v, lang)}</text>
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}

function Line({ table }: { table: ChartTable }) {
  const h = 140;
  const pad = 24;
  const n = table.rows.length;
  const max = Math.max(1, ...table.rows.flatMap((r) => table.series.map((i) => Number(r[i]) || 0)));
  const x = (i: number) => pad + (n <= 1 ? 0 : (i / (n - 1)) * (W - 2 * pad));
  const y = (v: number) => h - pad - (v / max) * (h - 2 * pad);
  return (
    <svg viewBox={`0 0 ${W} ${h}`} width="100%" aria-hidden="true" focusable="false">
      <line x1={pad} y1={h - pad} x2={W - pad} y2={h - pad} stroke="#999" />
      <text x={pad} y={h - 6} fontSize="10">{table.rows[0]?.[0]}</text>
      <text x={W - pad} y={h - 6} fontSize="10" textAnchor="end">{table.rows[n - 1]?.[0]}</text>
      <text x={pad} y={pad - 8} fontSize="10">{formatNumber(max)}</text>
      {table.series.map((col, si) => (
        <polyline
          key={col}
          fill="none"
          stroke={COLOURS[(si + 1) % COLOURS.length]}
          strokeWidth="2"
          points={table.rows.map((r, i) => `${x(i)},${y(Number(r[col]) || 0)}`).join(' ')}
        />
      ))}
    </svg>
  );
}

export function ChartCard({ table, t, drillHref }: { table: ChartTable; t: DashboardText; drillHref?: (target: DrillTarget) => string }) {
  const [open, setOpen] = useState(false);
  const lang = useLanguage();
  const tableId = useId();
  const headingId = useId();
  const hrefOf: HrefOf = (tb, row, col) => {
    const target = drillHref && Number(tb.rows[row]?.[col]) > 0 ? tb.drill?.(row, col) : null;
    return target ? drillHref!(target) : null;
  };
  const cell = (v: string | number, row: number, col: number) => {
    const shown = figureText(table, col, v, lang);
    const href = hrefOf(table, row, col);
    if (!href) return shown;
    const label = fill(t.drillLink, { column: table.columns[col], row: rowLabel(table, table.rows[row]), n: shown });
    return <Link to={href} aria-label={label} title={label}>{shown}</Link>;
  };
  return (
    <section className="ll-dash-card" aria-labelledby={headingId} data-testid={`chart-${table.id}`}>
      <h2 id={headingId}>{table.title}</h2>
      {table.rows.length === 0 ? (
        <p>{t.noData}</p>
      ) : (
        <>
          <figure role="img" aria-label={fill(t.chartSummary, { title: table.title, n: table.rows.length })}>
            {table.kind === 'line' ? <Line table={table} /> : <Bars table={table} hrefOf={hrefOf} />}
          </figure>
          <ul className="ll-dash-legend" aria-hidden="true">
            {table.series.map((col, si) => (
              <li key={col}><span style={{ background: COLOURS[(si + (table.kind === 'line' ? 1 : 0)) % COLOURS.length] }} />{table.columns[col]}</li>
            ))}
          </ul>
          {drillHref && table.drill && <p className="ll-muted">{t.drillHint}</p>}
        </>
      )}
      <button type="button" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
        {open ? t.hideTable : t.showTable}
      </button>
      <div id={tableId} hidden={!open}>
        {open && (
          <table className="ll-table" aria-label={table.title}>
            <thead>
              <tr>{table.columns.map((c) => <th key={c} scope="col">{c}</th>)}</tr>
            </thead>
            <tbody>
              {table.rows.map((r, i) => (
                <tr key={i}>{r.map((v, j) => (j === 0 ? <th key={j} scope="row">{v}</th> : <td key={j}>{cell(v, i, j)}</td>))}</tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
