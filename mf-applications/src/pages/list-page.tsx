import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { GRID_PAGE_SIZES, PAGE_SIZES, useT, type ListFilter, type ListType } from '@lendline/shared';
import { EmptyState, PageHeader, Select, Toolbar } from '@lendline/shared/ui';
import { listLabelKey, LIST_LABELS, LIST_SLUGS } from '../features/lists/api/list-types';
import { buildListInput } from '../features/lists/api/list-input';
import { fetchListPage } from './fetch-list-page';
import type { ListRow } from '../api/applications-query';
import { useTableConfig } from '../features/lists/hooks/use-table-config';
import { useApplicationsList } from '../features/lists/hooks/use-applications-list';
import { useRefreshOnWork } from '../features/lists/hooks/use-refresh-on-work';
import { effectivePageSize, useListViewPrefs, useListViewStore, type ListViewPrefs } from '../features/lists/hooks/list-view-store';
import { useListFilterStore, useListNarrowing, type ListNarrowing } from '../features/lists/hooks/list-filter-store';
import { useSelectionStore } from '../features/lists/hooks/selection-store';
import { prefsKey, useCurrentUser } from '../lib/use-current-user';
import { ListTable } from '../features/lists/components/list-table';
import { Pager } from '../features/lists/components/pager';
import { CountFilters } from '../features/lists/components/count-filters';
import { DraftsToggle } from '../features/lists/components/drafts-toggle';
import { ExportButton } from '../features/export/components/export-button';
import { LocalSearch } from '../features/search/components/local-search';

// Loaded when first needed, so the list's first paint carries only the list.
const FilterPanel = lazy(() => import(/* webpackChunkName: "filters" */ '../features/filters/components/filter-panel'));
const ListGrid = lazy(() => import(/* webpackChunkName: "list-grid" */ '../features/lists/components/list-grid'));
const AssignmentBar = lazy(() => import(/* webpackChunkName: "assignment" */ '../features/assignment/components/assignment-bar'));

export const applicationHref = (id: string) => `/backstage/application?application_id=${encodeURIComponent(id)}`;

/** One of the nine §2 lists: server-side paging, sorting and filtering over the table config's columns. */
export function ListPage({ type }: { type: ListType }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const key = prefsKey(user?.userName, type);
  const prefs = useListViewPrefs(key);
  const narrowing = useListNarrowing(key);
  const setPrefs = useListViewStore((s) => s.setPrefs);
  const setDefaultList = useListViewStore((s) => s.setDefaultList);
  const isDefault = useListViewStore((s) => (user ? s.defaultList[user.userName] === type : false));
  const setNarrowingIn = useListFilterStore((s) => s.setNarrowing);
  const selected = useSelectionStore((s) => s.selected);
  const { toggle, setMany, clear: clearSelection } = useSelectionStore.getState();
  const { config, error: configError } = useTableConfig(type);
  const [page, setPage] = useState(0);
  const [showFilters, setShowFilters] = useState(narrowing.filters.length > 0);
  // Keyset cursors the server handed back, by page index, so Next/Previous stay cheap on deep pages.
  const cursors = useRef<Record<number, string | null>>({ 0: null });

  const input = useMemo(() => buildListInput(type, config, prefs, narrowing, page, cursors.current[page] ?? null), [type, config, prefs, narrowing, page]);
  const list = useApplicationsList(config ? input : null, fetchListPage);
  useRefreshOnWork(list.reload); // work arriving (a notification on the socket) refreshes rows and counts
  const result = list.result;
  if (result?.pageInfo?.nextCursor !== undefined) cursors.current[page + 1] = result.pageInfo.nextCursor;

  // The list's name in the page's language; the server's title (English) when the language has none.
  const title = t(listLabelKey(type), undefined, config?.title ?? LIST_LABELS[type]);
  const pageSize = effectivePageSize(prefs);
  const rows = result?.data ?? [];
  const selectedRows = rows.filter((r) => selected[r.application_id]);

  /** Anything that changes which rows match starts again at page one. */
  function restart() {
    setPage(0);
    cursors.current = { 0: null };
    clearSelection();
  }
  function changePrefs(patch: Partial<ListViewPrefs>) {
    setPrefs(key, patch);
    restart();
  }
  function narrow(patch: Partial<ListNarrowing>) {
    setNarrowingIn(key, patch);
    restart();
  }
  const open = (row: ListRow) => navigate(applicationHref(row.application_id));

  // Once something was assigned the bar stays mounted, so its outcome stays on screen after the selection clears.
  const [assignedOnce, setAssignedOnce] = useState(false);
  function onAssigned(changes: { id: string; userName: string }[]) {
    setAssignedOnce(true);
    const to = new Map(changes.map((c) => [c.id, c.userName]));
    list.patchRows((r) => (to.has(r.application_id) ? { ...r, assignedTo: to.get(r.application_id), progress: 'In Progress' } : r));
    clearSelection();
    list.reload();
  }

  const sizes = prefs.view === 'grid' ? GRID_PAGE_SIZES : PAGE_SIZES;
  const selectable = !!config?.permissions;
  return (
    <section className="ll-list-page ll-density-compact" aria-labelledby={`list-${type}`} data-testid={`list-${LIST_SLUGS[type]}`}>
      <PageHeader
        level={2}
        titleId={`list-${type}`}
        title={title}
        context={
          <span className="ll-list-total" data-testid="list-count" aria-live="polite">
            {result
              ? result.countKnown === false
                ? t('areas.applications.list.countAtLeast', { count: result.count }, '{count}+ applications')
                : type === 'ALL_APPLICATIONS' && narrowing.drafts
                  ? t('listWording.draftCount', { count: result.count }, '{count} drafts')
                  : t('areas.applications.list.count', { count: result.count }, '{count} applications')
              : ''}
          </span>
        }
        actions={
          user && (
            <button type="button" className="ll-button--secondary" aria-pressed={isDefault} disabled={isDefault} onClick={() => setDefaultList(user.userName, type)}>
              {isDefault ? t('areas.applications.list.isDefault', undefined, 'Default list') : t('areas.applications.list.makeDefault', undefined, 'Make default list')}
            </button>
          )
        }
      />

      <Toolbar
        label={t('staffScreens.listTools', undefined, 'List tools')}
        end={
          <>
            <Select
              label={t('areas.applications.list.pageSize', undefined, 'Rows per page')}
              value={String(pageSize)}
              onChange={(id) => changePrefs(prefs.view === 'grid' ? { gridPageSize: Number(id) } : { pageSize: Number(id) })}
              options={sizes.map((n) => ({ id: String(n), label: String(n) }))}
              testId="list-page-size"
            />
            {config && config.exportable !== false && (
              <ExportButton input={input} columns={config.columns} listName={LIST_SLUGS[type]} sheetName={title} total={result?.count ?? 0} disabled={!result?.count} />
            )}
          </>
        }
      >
        <LocalSearch value={narrowing.searchText ?? ''} onSearch={(searchText) => narrow({ searchText })} matches={result && !list.loading && result.countKnown !== false ? result.count : null} />
        <button type="button" className="ll-button--secondary" aria-expanded={showFilters} onClick={() => setShowFilters((v) => !v)}>
          {t('areas.applications.filters.title', undefined, 'Filters')}
          {narrowing.filters.length ? ` (${narrowing.filters.length})` : ''}
        </button>
        <div role="group" aria-label={t('areas.applications.list.view', undefined, 'View')} className="ll-view-toggle">
          <button type="button" className="ll-button--secondary" aria-pressed={prefs.view === 'table'} onClick={() => changePrefs({ view: 'table' })}>
            {t('areas.applications.list.tableView', undefined, 'Table')}
          </button>
          <button type="button" className="ll-button--secondary" aria-pressed={prefs.view === 'grid'} onClick={() => changePrefs({ view: 'grid' })}>
            {t('areas.applications.list.gridView', undefined, 'Grid')}
          </button>
        </div>
        {type === 'ALL_APPLICATIONS' && <DraftsToggle on={narrowing.drafts === true} onChange={(drafts) => narrow({ drafts })} />}
      </Toolbar>
      <Suspense fallback={null}>
        {showFilters && config && (
          <FilterPanel type={type} columns={config.columns} filters={narrowing.filters} onChange={(filters: ListFilter[]) => narrow({ filters })} />
        )}
      </Suspense>
      <CountFilters result={result} narrowing={narrowing} onChange={narrow} />
      <Suspense fallback={null}>
        {selectable && (selectedRows.length > 0 || assignedOnce) && <AssignmentBar permissions={config!.permissions} user={user} selected={selectedRows} onAssigned={onAssigned} />}
      </Suspense>

      {configError && <p role="alert">{t('areas.applications.list.configFailed', undefined, 'This list could not be set up.')}</p>}
      {list.error && (
        <p role="alert">
          {t('areas.applications.list.failed', undefined, 'The applications could not be loaded.')}{' '}
          <button type="button" className="ll-button--secondary" onClick={list.reload}>
            {t('errors.retry', undefined, 'Retry')}
          </button>
        </p>
      )}
      {config && prefs.view === 'table' && (
        <ListTable
          caption={title}
          columns={config.columns}
          rows={rows}
          pageSize={pageSize}
          offset={page * pageSize}
          total={result?.count ?? 0}
          busy={list.loading}
          sort={prefs.sort}
          onSort={(sort) => changePrefs({ sort })}
          onOpen={open}
          selectable={selectable}
          selected={selected}
          onToggle={toggle}
          onToggleAll={(on) => setMany(rows.map((r) => r.application_id), on)}
          widths={prefs.widths}
          highlight={narrowing.searchText}
          onResize={(column, width) => {
            const widths = { ...prefs.widths };
            if (width === null) delete widths[column];
            else widths[column] = width;
            setPrefs(key, { widths }); // the layout alone: the page and the selection stay
          }}
        />
      )}
      {config && prefs.view === 'grid' && (
        <Suspense fallback={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}>
          <ListGrid label={title} columns={config.columns} rows={rows} pageSize={pageSize} busy={list.loading} onOpen={open} selectable={selectable} selected={selected} onToggle={toggle} />
        </Suspense>
      )}
      {result && !list.loading && rows.length === 0 && (
        <EmptyState title={t('areas.applications.list.empty', undefined, 'No applications match.')} testId="list-empty">
          {(narrowing.filters.length > 0 || !!narrowing.searchText?.trim()) && <p>{t('staffScreens.listEmptyHint', undefined, 'Change the search or the filters to see more.')}</p>}
        </EmptyState>
      )}
      <Pager
        page={page}
        pageSize={pageSize}
        total={result?.count ?? 0}
        hasMore={result?.pageInfo ? result.pageInfo.hasMore : undefined}
        onPage={(p) => {
          setPage(p);
          clearSelection();
        }}
      />
    </section>
  );
}
