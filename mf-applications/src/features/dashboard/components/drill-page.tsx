import { useEffect, useMemo, useRef, useState } from 'react';
import { EmptyState, PageHeader } from '@lendline/shared/ui';
import { Link, useLocation } from 'react-router-dom';
import { configName, formatDateTime, formatInr, formatNumber, labelOf, PAGE_SIZES, useT } from '@lendline/shared';
import { slaCellText } from '../../../lib/sla-cell';
import { fetchDrill, parseDrill, type DrillPage as Page, type DrillQuery } from '../api/drill';
import { fill, useDashboardText, type DashboardText } from '../api/texts';
import './dashboard-styles';

/**
 * /backstage/dashboard/applications?…: the applications behind one dashboard figure (a pipeline bar, an outcome, a
 * team's overdue work), newest first in keyset pages, each opening the application. The address names the figure
 * (api/drill.ts), so Back returns to the dashboard and the list can be bookmarked.
 */
const PAGE_SIZE = PAGE_SIZES[2];

function describe(q: DrillQuery, t: DashboardText): string {
  const target = q.target;
  if (target.chart === 'pipeline') return fill(t.drillPipeline, { step: target.stepName ? configName('step', target.stepName) : t.drillNoStep, product: target.product || t.allProducts });
  if (target.chart === 'outcomes') return `${fill(t.drillOutcome, { status: t[target.status] })}${target.product ? ` (${target.product})` : ''}`;
  return fill(t.drillTeam, { team: configName('team', target.team) });
}

export default function DrillPage() {
  const t = useDashboardText();
  const tr = useT();
  const { search } = useLocation();
  const query = useMemo(() => parseDrill(search), [search]);
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  // Keyset cursors by page index: Previous reuses the cursor that opened the page before.
  const cursors = useRef<(string | null)[]>([null]);

  useEffect(() => {
    cursors.current = [null];
    setPage(0);
  }, [search]);

  useEffect(() => {
    if (!query) return;
    let live = true;
    setLoading(true);
    setError(null);
    fetchDrill(query, PAGE_SIZE, cursors.current[page] ?? null).then(
      (r) => {
        if (!live) return;
        cursors.current[page + 1] = r.pageInfo.nextCursor;
        setResult(r);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setError(e instanceof Error ? e.message : String(e));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [query, page]);

  const back = <Link to="/backstage/dashboard">{t.drillBack}</Link>;
  if (!query) return <div className="ll-dashboard"><p role="alert">{t.drillBad}</p>{back}</div>;
  const rows = result?.data ?? [];
  return (
    <div className="ll-dashboard">
      <PageHeader
        title={t.drillTitle}
        context={
          <>
            <strong>{describe(query, t)}</strong> · {fill(t.drillPeriod, { from: query.from, to: query.to })}
            {query.branch.length ? ` · ${query.branch.join(', ')}` : ''}
            {' · '}
            <span data-testid="drill-count" aria-live="polite">{result ? fill(t.drillCount, { count: formatNumber(result.count) }) : ''}</span>
          </>
        }
        actions={back}
      />
      {error && <p role="alert">{t.failed} {error}</p>}
      <table className="ll-table" aria-label={describe(query, t)} aria-busy={loading}>
        <thead>
          <tr>
            {[t.application, t.applicant, t.product, t.step, t.team, t.status, t.loanAmount, t.dueAt].map((c) => <th key={c} scope="col">{c}</th>)}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.application_id}>
              <th scope="row"><Link to={`/backstage/application?application_id=${encodeURIComponent(r.application_id)}`}>{r.application_id}</Link></th>
              <td>{r.applicant_name ?? ''}</td>
              <td>{r.product_code}</td>
              <td>{configName('step', r.stepName)}</td>
              <td>{r.assignedTeam ?? ''}</td>
              <td data-status={r.application_status}>{labelOf('applicationStatus', r.application_status)}</td>
              <td>{r.loanAmount == null ? '' : formatInr(r.loanAmount)}</td>
              <td data-testid="drill-sla">{r.sla ? slaCellText(r.sla, tr) : r.slaDueAt ? formatDateTime(r.slaDueAt) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {result && !loading && rows.length === 0 && <EmptyState title={t.drillEmpty} />}
      <nav aria-label={t.drillTitle} className="ll-dash-pager">
        <button type="button" disabled={page === 0 || loading} onClick={() => setPage(page - 1)}>{t.previousPage}</button>
        <button type="button" disabled={!result?.pageInfo.hasMore || loading} onClick={() => setPage(page + 1)}>{t.nextPage}</button>
      </nav>
    </div>
  );
}
