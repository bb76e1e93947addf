import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useSearchParams } from 'react-router-dom';
import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { ProductChooser } from '../features/products/product-chooser';
import { GrievanceFooter } from '../features/consent/grievance-footer';
import { addPortalLook } from '../ui/portal-look';

// The flow pulls in react-final-form, final-form and the form engine: loaded on demand, so the './spa' chunk
// (what every visit to the customer area costs) stays small.
const FlowPage = lazy(() => import('../pages/flow-page'));
const StartApplication = lazy(() => import('../features/start/start-application').then((m) => ({ default: m.StartApplication })));
const ResumePage = lazy(() => import('../features/resume/resume-page'));
const StaffResumePage = lazy(() => import('../pages/staff-resume-page'));
// §2 application creation (staff on a customer's behalf): its own chunk.
const StaffCreatePage = lazy(() => import('../pages/staff-create-page'));
const PaymentsPage = lazy(() => import('../features/payments/payments-page'));
// Issue 27: the Key Fact Statement the applicant reads and accepts, once the lender issues it.
const KfsPage = lazy(() => import('../features/kfs/kfs-page'));
const ExternalEntry = lazy(() => import('../features/external/external-entry'));
const RequestInfoPage = lazy(() => import('../pages/request-info-page'));
// Consents and decline reasons (issue 27): the e-mails' withdrawal link and the application's status page.
const ConsentLinkPage = lazy(() => import('../features/consent/consent-link-page'));
const StatusPage = lazy(() => import('../features/consent/status-page'));

/** /newapplication: the product chooser, then new/existing and single/joint, then the flow. */
function NewApplication() {
  const [query] = useSearchParams();
  const product = query.get('product_code');
  const transactionToken = query.get('transactionToken');
  if (query.get('application_id')) return <FlowPage />;
  if (transactionToken) return <ExternalEntry transactionToken={transactionToken} />;
  if (product) return <StartApplication productCode={product} query={query} />;
  return <ProductChooser />;
}

/** The customer area: newapplication, payments, dynamic-resume, and staff resume under /backstage. */
export function Area(_props: AreaProps) {
  return (
    <BrowserRouter>
      <AreaFrame />
    </BrowserRouter>
  );
}

/** The area's page inside a router: the browser's (Area) or the server render's (server-render.tsx). */
export function AreaFrame() {
  const t = useT();
  addPortalLook();
  const { pathname } = useLocation();
  const loading = <p aria-busy="true">{t('portal.flow.loadingPage', undefined, 'Loading…')}</p>;
  return (
    <AreaPage
      title={t('areas.portal.title')}
      remote="mf-portal"
      version={__REMOTE_VERSION__}
      // Applicants see nothing internal (issue 28): the version shows only to staff under /backstage.
      showVersion={pathname.startsWith('/backstage/')}
      // Applicants are never shown what is not built (a staff concern): nothing listed here.
      comingLater={[]}
    >
      <Suspense fallback={loading}>
        <Routes>
          <Route path="/payments" element={<PaymentsPage />} />
          <Route path="/dynamic-resume/kfs" element={<KfsPage />} />
          <Route path="/dynamic-resume" element={<ResumePage />} />
          <Route path="/dynamic-resume/request-info" element={<RequestInfoPage />} />
          <Route path="/dynamic-resume/consent" element={<ConsentLinkPage />} />
          <Route path="/dynamic-resume/status" element={<StatusPage />} />
          <Route path="/backstage/newapplication/*" element={<StaffNewApplication />} />
          <Route path="/newapplication/*" element={<NewApplicationRoutes />} />
          <Route path="*" element={<NewApplication />} />
        </Routes>
      </Suspense>
      <GrievanceFooter />
    </AreaPage>
  );
}

function NewApplicationRoutes() {
  const [query] = useSearchParams();
  return query.get('application_id') ? <FlowPage /> : <NewApplication />;
}

/** /backstage/newapplication: resuming an application's customer flow (§2 ?resume), or starting one (§2 application creation). */
function StaffNewApplication() {
  const [query] = useSearchParams();
  return query.has('resume') || query.has('application_id') ? <StaffResumePage /> : <StaffCreatePage />;
}
