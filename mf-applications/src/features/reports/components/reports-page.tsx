import { useEffect, useRef, useState, type FormEvent } from 'react';
import { configName, labelOf, useT } from '@lendline/shared';
import { DateField, PageHeader, Select, Skeleton, TextField, Toolbar } from '@lendline/shared/ui';
import { allRows, ExportCancelled, fetchReports, runReport, type ReportDefinition, type ReportPage } from '../api/reports-api';

/** A cell as a person reads it: codes by their label, configured names in the page's language, the rest as it is. */
function cellText(key: string, v: string | number | null | undefined): string {
  if (v == null) return '';
  if (key === 'status') return labelOf('applicationStatus', String(v));
  if (key === 'task_progress') return labelOf('taskProgress', String(v));
  if (key === 'step_name') return configName('step', String(v));
  return String(v);
}

/** The kit Select's key for "any value" (its keys cannot be empty). */
const ANY = '*';

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
  if (!reports) return <Skeleton label={tt('loading', 'Loading reports…')} rows={4} />;
  return (
    <div className="ll-reports">
      <PageHeader
        title={tt('title', 'Reports')}
        context={configName('report', report?.name)}
        actions={<button type="button" className="ll-button--secondary" onClick={exportAll} disabled={!page || !!progress}>{tt('export', 'Export to xlsx')}</button>}
      />
      <form onSubmit={run} aria-label={tt('filters', 'Report filters')}>
        <Toolbar label={tt('filters', 'Report filters')}>
          <Select
            label={tt('report', 'Report')}
            value={chosen || null}
            onChange={(id) => { setChosen(id); setFilters({}); setPage(null); }}
            options={reports.map((r) => ({ id: r.id, label: configName('report', r.name) }))}
            testId="report-choice"
          />
          {report?.filters.map((f) =>
            f.type === 'date' ? (
              <DateField key={f.key} label={configName('report', f.label)} isRequired={f.required} value={filters[f.key] ?? null} onChange={(v) => setFilters({ ...filters, [f.key]: v ?? '' })} />
            ) : f.options ? (
              <Select
                key={f.key}
                label={configName('report', f.label)}
                value={filters[f.key] || ANY}
                onChange={(id) => setFilters({ ...filters, [f.key]: id === ANY ? '' : id })}
                options={[{ id: ANY, label: tt('any', 'Any') }, ...f.options.map((o) => ({ id: o, label: f.key === 'status' ? labelOf('applicationStatus', o) : o }))]}
              />
            ) : (
              <TextField key={f.key} label={configName('report', f.label)} value={filters[f.key] ?? ''} onChange={(v) => setFilters({ ...filters, [f.key]: v.slice(0, 60) })} />
            ),
          )}
          <button type="submit">{tt('run', 'Run')}</button>
        </Toolbar>
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
        // A report's columns are configured: more than the screen holds scroll inside this frame, not the page.
        <div className="ll-report-scroll" role="region" aria-label={configName('report', report?.name)} tabIndex={0}>
          <table className="ll-table ll-density-compact" aria-label={configName('report', report?.name)}>
            <caption>{tt('shown', 'Showing {shown} of {total} rows', { shown: page.rows.length, total: page.total })}</caption>
            <thead><tr>{page.columns.map((c) => <th key={c.key} scope="col">{configName('report', c.label)}</th>)}</tr></thead>
            <tbody>
              {page.rows.map((r, i) => <tr key={i}>{page.columns.map((c) => <td key={c.key}>{cellText(c.key, r[c.key])}</td>)}</tr>)}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
