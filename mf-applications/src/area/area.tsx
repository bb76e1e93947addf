import { lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, NavLink, Outlet, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { StatusSummary } from '../features/summary/status-summary';
import { ListNav } from '../features/lists/components/list-nav';
import { ListPage } from '../pages/list-page';
import { listTypeOfSlug } from '../features/lists/api/list-types';
import { defaultListFor } from '../features/lists/api/default-list';
import { useListViewStore } from '../features/lists/hooks/list-view-store';
import { useCurrentUser } from '../lib/use-current-user';
import { GlobalSearch } from '../features/search/components/global-search';
import { ensureAreaStyles } from './area-styles';
import { CreateLinks } from '../features/leads/components/create-links';
import { ReportsOnly, useReportsAccess } from '../features/dashboard/access/reports-access';

// The detail page (and the Module Federation loads of the form and the tab bodies) is its own chunk.
const DetailPage = lazy(() => import(/* webpackChunkName: "application-detail" */ '../features/detail/components/detail-page'));
// The managers' dashboard (issue 18) is its own chunk too.
const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/components/dashboard-page'));
const DashboardDrillPage = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/components/drill-page'));
// §2 lead creation is a lazy area of its own.
const NewLeadPage = lazy(() => import(/* webpackChunkName: "lead-creation" */ '../features/leads/components/new-lead-page'));
const ReportsPage = lazy(() => import(/* webpackChunkName: "reports" */ '../features/reports/components/reports-page'));

function Layout() {
  const t = useT();
  const navigate = useNavigate();
  const reports = useReportsAccess();
  return (
    <AreaPage title={t('areas.applications.title')} remote="mf-applications" version={__REMOTE_VERSION__} comingLater={[]}>
      <div className="ll-apps-layout">
        <div className="ll-apps-top">
          <ListNav />
          <CreateLinks />
          {/* Only for those who may open them (issue 26: cpa1 does not see them). */}
          {reports && (
            <nav className="ll-list-nav" aria-label={t('areas.applications.dashboard.nav', undefined, 'Managers')}>
              <ul>
                <li><NavLink to="/backstage/dashboard">{t('areas.applications.dashboard.link', undefined, 'Dashboard')}</NavLink></li>
                <li><NavLink to="/backstage/reports">{t('areas.applications.reports.link', undefined, 'Reports')}</NavLink></li>
              </ul>
            </nav>
          )}
          <GlobalSearch onOpen={(id) => navigate(`/backstage/application?application_id=${encodeURIComponent(id)}`)} />
        </div>
        <Outlet />
      </div>
    </AreaPage>
  );
}

/** /backstage: the user's default list in place (the address stays /backstage), then the status summary. */
function Landing() {
  const user = useCurrentUser();
  const chosen = useListViewStore((s) => (user ? s.defaultList[user.userName] : undefined));
  const type = defaultListFor(user?.roles, chosen);
  return (
    <>
      <ListPage key={type} type={type} />
      <StatusSummary />
    </>
  );
}

function ListRoute() {
  const t = useT();
  const { slug } = useParams();
  const type = listTypeOfSlug(slug);
  if (!type) return <p role="alert">{t('areas.applications.lists.unknown', undefined, 'There is no such list.')}</p>;
  return <ListPage key={type} type={type} />;
}

/** A page of its own chunk, with the area's loading text while it arrives. */
function Lazy({ page: Page }: { page: typeof DashboardPage }) {
  const t = useT();
  return (
    <Suspense fallback={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}>
      <Page />
    </Suspense>
  );
}

function Detail() {
  const t = useT();
  return (
    <Suspense fallback={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}>
      <DetailPage />
    </Suspense>
  );
}

export function AreaRoutes() {
  return (
    <Routes>
      <Route path="/backstage" element={<Layout />}>
        <Route index element={<Landing />} />
        <Route path="lists/:slug" element={<ListRoute />} />
        <Route path="application" element={<Detail />} />
        <Route path="dashboard" element={<ReportsOnly><Lazy page={DashboardPage} /></ReportsOnly>} />
        <Route path="dashboard/applications" element={<ReportsOnly><Lazy page={DashboardDrillPage} /></ReportsOnly>} />
        <Route path="reports" element={<ReportsOnly><Lazy page={ReportsPage} /></ReportsOnly>} />
        <Route path="newlead" element={<Lazy page={NewLeadPage} />} />
        <Route path="*" element={<ListRoute />} />
      </Route>
    </Routes>
  );
}

/** The backstage lists and /backstage/application. */
export function Area(_props: AreaProps) {
  useEffect(ensureAreaStyles, []);
  return (
    <BrowserRouter>
      <AreaRoutes />
    </BrowserRouter>
  );
}
