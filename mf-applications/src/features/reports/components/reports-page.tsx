import { useEffect, useRef, useState, type FormEvent } from 'react';
import { configName, labelOf, useT } from '@lendline/shared';
import { allRows, ExportCancelled, fetchReports, runReport, type ReportDefinition, type ReportPage } from '../api/reports-api';

/** A cell as a person reads it: codes by their label, configured names in the page's language, the rest as it is. */
function cellText(key: string, v: string | number | null | undefined): string {
  if (v == null) return '';
  if (key === 'status') return labelOf('applicationStatus', String(v));
  if (key === 'task_progress') return labelOf('taskProgress', String(v));
  if (key === 'step_name') return configName('step', String(v));
  return String(v);
}

/**
 * /backstage/reports: the configured report lists (Analytics/Reports), run on demand with their filters; the first
 * 100 rows are shown, and the export fetches every page into an xlsx with a progress bar and Cancel.
 */
export default function ReportsPage() {
  const t = useT();
  const tt = (k: string, d: string, p?: Record<string, string | number>) => t(`areas.applications.reports.${k}`, p, d);
  const [reports, setReports] = useState<ReportDefinition[] | null>(null);
  const [chosen, setChosen] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>({});
  const [page, setPage] = useState<ReportPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => {
    fetchReports().then((r) => { setReports(r); setChosen(r[0]?.id ?? ''); }, (e: Error) => setError(e.message));
  }, []);
  const report = reports?.find((r) => r.id === chosen);

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (!report) return;
    setError(null);
    try {
      setPage(await runReport(report.id, filters, 100));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  const exportAll = async () => {
    if (!report) return;
    abort.current = new AbortController();
    setProgress({ done: 0, total: 0 });
    try {
      const all = await allRows(report.id, filters, (done, total) => setProgress({ done, total }), abort.current.signal);
      const { reportWorkbook, download } = await import(/* webpackChunkName: "report-xlsx" */ '../api/report-xlsx');
      download(reportWorkbook(report.name, all.columns, all.rows), `${report.id.toLowerCase()}.xlsx`);
    } catch (err) {
      if (!(err instanceof ExportCancelled)) setError((err as Error).message);
    } finally {
      setProgress(null);
    }
  };

  if (error && !reports) return <p role="alert">{error}</p>;
  if (!reports) return <p aria-busy="true">{tt('loading', 'Loading reports…')}</p>;
  return (
    <div className="ll-reports">
      <h1>{tt('title', 'Reports')}</h1>
      <form className="ll-dash-filters" onSubmit={run} aria-label={tt('filters', 'Report filters')}>
        <label>
          {tt('report', 'Report')}{' '}
          <select value={chosen} onChange={(e) => { setChosen(e.target.value); setFilters({}); setPage(null); }}>
            {reports.map((r) => <option key={r.id} value={r.id}>{configName('report', r.name)}</option>)}
          </select>
        </label>
        {report?.filters.map((f) => (
          <label key={f.key}>
            {configName('report', f.label)}{' '}
            {f.type === 'date' ? (
              <input type="date" required={f.required} value={filters[f.key] ?? ''} onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })} />
            ) : f.options ? (
              <select value={filters[f.key] ?? ''} onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })}>
                <option value="">{tt('any', 'Any')}</option>
                {f.options.map((o) => <option key={o} value={o}>{f.key === 'status' ? labelOf('applicationStatus', o) : o}</option>)}
              </select>
            ) : (
              <input value={filters[f.key] ?? ''} maxLength={60} onChange={(e) => setFilters({ ...filters, [f.key]: e.target.value })} />
            )}
          </label>
        ))}
        <button type="submit">{tt('run', 'Run')}</button>
        <button type="button" onClick={exportAll} disabled={!page || !!progress}>{tt('export', 'Export to xlsx')}</button>
      </form>
      {progress && (
        <div role="status">
          <progress value={progress.done} max={Math.max(progress.total, 1)} aria-label={tt('exporting', 'Exporting')} />{' '}
          {tt('progress', '{done} of {total} rows', { done: progress.done, total: progress.total })}{' '}
          <button type="button" onClick={() => abort.current?.abort()}>{tt('cancel', 'Cancel')}</button>
        </div>
      )}
      {error && <p role="alert">{error}</p>}
      {page && (
        <table className="ll-table" aria-label={configName('report', report?.name)}>
          <caption>{tt('shown', 'Showing {shown} of {total} rows', { shown: page.rows.length, total: page.total })}</caption>
          <thead><tr>{page.columns.map((c) => <th key={c.key} scope="col">{configName('report', c.label)}</th>)}</tr></thead>
          <tbody>
            {page.rows.map((r, i) => <tr key={i}>{page.columns.map((c) => <td key={c.key}>{cellText(c.key, r[c.key])}</td>)}</tr>)}
          </tbody>
        </table>
      )}
    </div>
  );
}
