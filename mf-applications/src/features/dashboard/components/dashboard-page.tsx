import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { api, configName, formatDate, LISTS } from '@lendline/shared';
import { DateField, PageHeader, Select, Skeleton, Toolbar } from '@lendline/shared/ui';
import { useDashboardStore } from '../hooks/dashboard-store';
import { chartTables } from '../api/chart-tables';
import { fill, useDashboardText } from '../api/texts';
import { ChartCard } from './chart-card';
import { StraightThroughCard } from './straight-through-card';
import { drillHref, type DrillTarget } from '../api/drill';
import './dashboard-styles';

/** The kit Select's key for "no branch / no product chosen" (its keys cannot be empty). */
const ALL = '*';

/**
 * /backstage/dashboard: the managers' charts for a period, branch and product (POST /backstage/dashboard), each with
 * its numbers on demand, exported to one xlsx workbook (a sheet per chart).
 */
export default function DashboardPage() {
  const t = useDashboardText();
  const { filter, data, loading, error, setFilter, load } = useDashboardStore();
  const [products, setProducts] = useState<{ product_code: string; product_name: string }[]>([]);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    void load();
    api.get<{ data: { product_code: string; product_name: string }[] }>(LISTS.products).then((r) => setProducts(r.data), () => setProducts([]));
  }, [load]);

  const tables = useMemo(() => (data ? chartTables(data, t) : []), [data, t]);
  // Drill-down addresses come from the applied filter (data.filter), not from choices not yet applied.
  const hrefOf = useMemo(
    () => (data ? (target: DrillTarget) => drillHref(data.filter, target, data.filter.branches.length === data.branchOptions.length) : undefined),
    [data],
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void load();
  };
  const exportXlsx = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const { dashboardWorkbook, download } = await import(/* webpackChunkName: "dashboard-xlsx" */ '../api/dashboard-xlsx');
      const line = `${data.filter.from} – ${data.filter.to}; ${data.filter.branches.join(', ')}; ${data.filter.products.join(', ') || t.allProducts}`;
      download(dashboardWorkbook(tables, line), `dashboard_${data.filter.from}_${data.filter.to}.xlsx`);
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="ll-dashboard">
      <PageHeader
        title={t.title}
        context={data ? fill(t.period, { from: formatDate(data.filter.from), to: formatDate(data.filter.to) }) : null}
        actions={
          <button type="button" className="ll-button--secondary" onClick={exportXlsx} disabled={!data || exporting} aria-busy={exporting}>
            {exporting ? t.exporting : t.export}
          </button>
        }
      />
      <form aria-label={t.filters} onSubmit={submit}>
        <Toolbar label={t.filters}>
          <DateField label={t.from} value={filter.from} max={filter.to} onChange={(v) => v && setFilter({ from: v })} isRequired testId="dashboard-from" />
          <DateField label={t.to} value={filter.to} min={filter.from} onChange={(v) => v && setFilter({ to: v })} isRequired testId="dashboard-to" />
          <Select
            label={t.branch}
            value={filter.branch[0] ?? ALL}
            onChange={(id) => setFilter({ branch: id === ALL ? [] : [id] })}
            options={[{ id: ALL, label: t.allBranches }, ...(data?.branchOptions ?? []).map((b) => ({ id: b.teamId, label: configName('branch', b.name) }))]}
            testId="dashboard-branch"
          />
          <Select
            label={t.product}
            value={filter.product_code[0] ?? ALL}
            onChange={(id) => setFilter({ product_code: id === ALL ? [] : [id] })}
            options={[{ id: ALL, label: t.allProducts }, ...products.map((p) => ({ id: p.product_code, label: configName('product', p.product_name) }))]}
            testId="dashboard-product"
          />
          <button type="submit">{t.apply}</button>
        </Toolbar>
      </form>
      {loading && !data && <Skeleton label={t.loading} variant="block" size="lg" testId="dashboard-loading" />}
      {error && <p role="alert">{t.failed} {error}</p>}
      {data && (
        <div className="ll-dash-grid" aria-busy={loading}>
          {tables.map((table) => <ChartCard key={table.id} table={table} t={t} drillHref={hrefOf} />)}
          <StraightThroughCard figures={data.straightThrough} t={t} />
        </div>
      )}
    </div>
  );
}
