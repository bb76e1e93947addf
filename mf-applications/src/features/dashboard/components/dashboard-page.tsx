import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { api, configName, LISTS } from '@lendline/shared';
import { useDashboardStore } from '../hooks/dashboard-store';
import { chartTables } from '../api/chart-tables';
import { useDashboardText } from '../api/texts';
import { ChartCard } from './chart-card';
import { StraightThroughCard } from './straight-through-card';
import { drillHref, type DrillTarget } from '../api/drill';
import './dashboard-styles';

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
      <h1>{t.title}</h1>
      <form className="ll-dash-filters" aria-label={t.filters} onSubmit={submit}>
        <label>
          {t.from} <input type="date" value={filter.from} max={filter.to} onChange={(e) => setFilter({ from: e.target.value })} required />
        </label>
        <label>
          {t.to} <input type="date" value={filter.to} min={filter.from} onChange={(e) => setFilter({ to: e.target.value })} required />
        </label>
        <label>
          {t.branch}{' '}
          <select value={filter.branch[0] ?? ''} onChange={(e) => setFilter({ branch: e.target.value ? [e.target.value] : [] })}>
            <option value="">{t.allBranches}</option>
            {(data?.branchOptions ?? []).map((b) => <option key={b.teamId} value={b.teamId}>{configName('branch', b.name)}</option>)}
          </select>
        </label>
        <label>
          {t.product}{' '}
          <select value={filter.product_code[0] ?? ''} onChange={(e) => setFilter({ product_code: e.target.value ? [e.target.value] : [] })}>
            <option value="">{t.allProducts}</option>
            {products.map((p) => <option key={p.product_code} value={p.product_code}>{configName('product', p.product_name)}</option>)}
          </select>
        </label>
        <button type="submit">{t.apply}</button>
        <button type="button" onClick={exportXlsx} disabled={!data || exporting} aria-busy={exporting}>
          {exporting ? t.exporting : t.export}
        </button>
      </form>
      {loading && <p aria-busy="true">{t.loading}</p>}
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
