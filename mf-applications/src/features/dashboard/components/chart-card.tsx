import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useLanguage } from '@lendline/shared';
import { SectionCard } from '@lendline/shared/ui';
import { figureText, rowLabel, type ChartTable } from '../api/chart-tables';
import type { DrillTarget } from '../api/drill';
import { fill, type DashboardText } from '../api/texts';
import { BarChart, type HrefOf } from '../chart/bar-chart';
import { LineChart } from '../chart/line-chart';
import { COLOURS } from '../chart/chart-style';
import { useWidth } from '../chart/use-width';

/**
 * One chart with its numbers on demand. Plain SVG (no chart library: six simple bar and line charts do not pay for
 * one's 40-200 KB), drawn from the same table the "Show numbers" button opens and the export writes. The SVG is an
 * image with a text summary; the table is the accessible form of the figures. A figure that counts applications opens
 * their list (drill-down): its bar by pointer, its number in the table as a link (keyboard and screen readers).
 * Readable at a glance (issue 30): drawn at the card's own width so text is ≥ 12 px, a value axis titled with its unit
 * (counts, hours, ₹ lakh), and a legend naming each series.
 */

export function ChartCard({ table, t, drillHref }: { table: ChartTable; t: DashboardText; drillHref?: (target: DrillTarget) => string }) {
  const [open, setOpen] = useState(false);
  const lang = useLanguage();
  const { ref: plot, width } = useWidth<HTMLElement>();
  const tableId = useId();
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
    <SectionCard
      title={table.title}
      className="ll-dash-card"
      testId={`chart-${table.id}`}
      actions={
        <button type="button" className="ll-button--secondary ll-button--small" aria-expanded={open} aria-controls={tableId} onClick={() => setOpen(!open)}>
          {open ? t.hideTable : t.showTable}
        </button>
      }
    >
      {table.rows.length === 0 ? (
        <p>{t.noData}</p>
      ) : (
        <>
          <figure ref={plot} className="ll-dash-plot" role="img" aria-label={fill(t.chartSummary, { title: table.title, n: table.rows.length })}>
            {table.kind === 'line' ? <LineChart table={table} width={width} /> : <BarChart table={table} width={width} hrefOf={hrefOf} />}
          </figure>
          <ul className="ll-dash-legend" aria-hidden="true">
            {table.series.map((col, si) => (
              <li key={col}><span style={{ background: COLOURS[(si + (table.kind === 'line' ? 1 : 0)) % COLOURS.length] }} />{table.columns[col]}</li>
            ))}
          </ul>
          {drillHref && table.drill && <p className="ll-muted">{t.drillHint}</p>}
        </>
      )}
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
    </SectionCard>
  );
}
