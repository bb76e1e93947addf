import { lazy, Suspense, useEffect } from 'react';
import { useT } from '@lendline/shared';
import { AREAS, activeArea } from '../areas/areas';
import { Header } from './header';
import { useLocationKey } from './use-location';
import { useSession } from './use-session';
import { Home } from '../pages/home';
import { guardAllows, enforceGuard } from '../features/session/route-guard';
import { Toasts } from '../features/errors/toasts';
import { Spinner } from '../ui/spinner';
import { useStore } from 'zustand';
import { useUi } from '../ui/ui-store';
import { sessionModalStore } from '../features/session/session-timers';
import { loadChatBotOnce } from '../features/chatbot/chatbot';
import { useRelease } from '../features/release-notice/release-store';

// Pages nobody needs for the first render of the login page load on demand.
const NotFound = lazy(() => import('../features/status-pages/not-found').then((m) => ({ default: m.NotFound })));
const InvalidUrl = lazy(() => import('../features/status-pages/invalid-url').then((m) => ({ default: m.InvalidUrl })));
const ExpiredLink = lazy(() => import('../features/status-pages/expired-link').then((m) => ({ default: m.ExpiredLink })));
const EmailVerification = lazy(() => import('../features/status-pages/email-verification').then((m) => ({ default: m.EmailVerification })));

// The modals load the first time one opens: the login page does not pay for them.
const ErrorModal = lazy(() => import('../features/errors/error-modal').then((m) => ({ default: m.ErrorModal })));
const SessionModals = lazy(() => import('../features/session/session-modals').then((m) => ({ default: m.SessionModals })));
// The release banner and dialog load when a release arrives (issue 32).
const ReleaseNotice = lazy(() => import('../features/release-notice/release-notice').then((m) => ({ default: m.ReleaseNotice })));

function ReleaseNoticeSlot() {
  const shown = useRelease((s) => s.notices.length > 0 || !!s.urgent);
  return shown ? (
    <Suspense fallback={null}>
      <ReleaseNotice />
    </Suspense>
  ) : null;
}

function GlobalModals() {
  const errorOpen = useUi((s) => !!s.errorModal);
  const sessionOpen = useStore(sessionModalStore, (s) => !!s.modal);
  return (
    <Suspense fallback={null}>
      {errorOpen && <ErrorModal />}
      {sessionOpen && <SessionModals />}
    </Suspense>
  );
}

const STATUS_PAGES: Record<string, React.ComponentType> = {
  '/invalidURL': InvalidUrl,
  '/expired-link': ExpiredLink,
  '/email-verification': EmailVerification,
};

/** Pages the shell renders itself when no area owns the path. */
function ShellPage() {
  useLocationKey();
  useSession();
  const allowed = guardAllows(location.pathname);
  useEffect(() => {
    if (!allowed) enforceGuard();
  }, [allowed]);
  if (!allowed) return null;
  if (activeArea(location)) return null;
  const path = location.pathname;
  if (path === '/' || path === '/login') return <Home />;
  const Page = STATUS_PAGES[path] ?? NotFound;
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  );
}

/**
 * The page frame: header, one empty element per area (single-spa mounts the remote there; React
 * never touches their children), the shell's own pages and the global elements of §2. `areaHtml`: an area's
 * server-rendered markup (the first paint, issue 31), on the server and when the client hydrates that page.
 */
export function ShellApp({ bootError, areaHtml }: { bootError: string | null; areaHtml?: Record<string, string> }) {
  const t = useT();
  const { session } = useSession();
  // The chat bot's config needs a session; once started it is never started again in this page's life.
  useEffect(() => {
    if (session) void loadChatBotOnce();
  }, [session]);
  return (
    <>
      <a className="ll-skip" href="#main">
        {t('app.skipToContent')}
      </a>
      <Header />
      <ReleaseNoticeSlot />
      <Toasts />
      <main id="main" className="ll-main" tabIndex={-1}>
        {bootError && (
          <p role="alert" className="ll-banner">
            {t('shell.bootError', { detail: bootError })}
          </p>
        )}
        {AREAS.map((a) =>
          // An area painted by the server (issue 31): its markup stays as sent; the remote hydrates it, React here never
          // touches it (the same string on every render of this page, so React never rewrites it).
          areaHtml?.[a.id] !== undefined ? (
            <div key={a.id} id={`area-${a.id}`} data-area={a.id} data-first-paint="" dangerouslySetInnerHTML={{ __html: areaHtml[a.id] }} />
          ) : (
            <div key={a.id} id={`area-${a.id}`} data-area={a.id} />
          ),
        )}
        <ShellPage />
      </main>
      <Spinner />
      <GlobalModals />
    </>
  );
}
