import { useEffect } from 'react';
import { addStyleOnce, i18nStore, mergeDictionaries, setLanguage, storedLanguage } from '@lendline/shared';
import { AREAS, activeArea } from './areas/areas';
import { createAreaApp } from './areas/area-app';
import { loadRemotes, warmRemote } from './remotes/load-remotes';
import { readBootData, type BootData } from './boot/boot-data';
import { mountShell } from './boot/first-paint';
import { ShellApp } from './chrome/shell-app';
import { BASE_CSS } from './chrome/styles';
import { applyTheme, refreshTheme } from './features/theme/apply-theme';
import { DEFAULT_THEME } from './features/theme/default-theme';
import { loadTenants } from './features/theme/theme-api';
import { persistSessionChanges, restoreSession } from './lib/session-persistence';
import { loadSessionTiming, startSessionTimers } from './features/session/session-timers';
import { startSessionDrafts } from './features/session/session-drafts';
import { enforceGuard, guardAllows, installRouteGuard } from './features/session/route-guard';
import { installHttpHooks } from './features/errors/http-hooks';
import { installRemoteToasts } from './features/errors/remote-toasts';
import { installReleaseNotices } from './features/release-notice/release-store';
import { installBackCapture } from './features/history/back-capture';
import { ensureCustomerSession } from './features/auth/customer-login';

/** Calls `done` once its siblings before it have committed and run their effects (it renders nothing, so no markup). */
function AfterCommit({ done }: { done: () => void }) {
  useEffect(done, [done]);
  return null;
}

/** The default language's texts from the page: that language then needs no request. */
function seedTexts(texts: BootData['texts']) {
  if (!texts) return;
  const dict = mergeDictionaries(texts.shell, texts.server); // as loadDictionary merges the two files
  i18nStore.setState((s) => ({ dictionaries: { ...s.dictionaries, [texts.lang]: dict } }));
}

/**
 * Boot (docs/ARCHITECTURE.md, Boot and compression): the first paint waits only for the texts,
 * which come with the page for the default language. The remotes document comes with the page too;
 * the active area's remote starts loading at once, and areas mount once the remotes are registered
 * and the customer portal has its session. Theme, tenants and session timings were asked for by
 * the entry (boot/early-requests.ts) and apply whenever they are back.
 */
async function boot() {
  // A constructable stylesheet: the page's CSP allows no inline style (issue 31).
  addStyleOnce('ll-base-css', BASE_CSS);
  applyTheme(DEFAULT_THEME);

  restoreSession();
  persistSessionChanges();
  installHttpHooks();
  installRemoteToasts();
  startSessionDrafts();
  installReleaseNotices(); // a remote activated or rolled back while this page is open (issue 32)
  void refreshTheme();
  void loadTenants();
  void loadSessionTiming().then(() => startSessionTimers());

  const bootData = readBootData();
  seedTexts(bootData.texts);
  let bootError: string | null = null;
  const remotes = loadRemotes(bootData.remotes).then(
    () => {
      // The area this URL shows (if the guard lets it): its code downloads while the shell paints.
      const area = activeArea(location);
      if (area && guardAllows(location.pathname)) warmRemote(area.remote);
    },
    (e: unknown) => {
      // The shell still comes up: each area shows its fallback with Retry.
      bootError = e instanceof Error ? e.message : String(e);
    },
  );
  const customerSession = ensureCustomerSession();
  await setLanguage(storedLanguage());
  enforceGuard();

  // Hydrates the page the server painted (issue 31) or renders it afresh (boot/first-paint.ts).
  // The shell's first commit (hydrated or rendered, its effects run: the login's Sign in enabled) is what the page
  // waits for before loading what the first render does not need (single-spa, below).
  // Marked for whoever profiles the page (and the budget journey, which counts the scripts run by then).
  let committed!: () => void;
  const firstCommit = new Promise<void>((resolve) => {
    committed = () => {
      performance.mark('lendline:shell-first-commit');
      resolve();
    };
  });
  const shell = (error: string | null, painted: Record<string, string> | undefined) => (
    <>
      <ShellApp bootError={error} areaHtml={painted} />
      <AfterCommit done={committed} />
    </>
  );
  const { root, areaHtml } = mountShell((painted) => shell(null, painted));

  installRouteGuard();
  installBackCapture();
  window.addEventListener('single-spa:before-routing-event', () => void ensureCustomerSession());
  // single-spa in its own chunk, after the shell has hydrated: the login page's first render does not need it (issue
  // 31). Its import patches pushState, so links followed before it (lib/navigate.ts) are re-routed by start().
  await Promise.all([remotes, customerSession, firstCommit]);
  const { registerApplication, start } = await import('single-spa');
  if (bootError) root.render(shell(bootError, areaHtml));
  for (const area of AREAS) {
    // §4: a backstage area never mounts without a live session, whatever the URL says.
    registerApplication({ name: area.id, app: createAreaApp(area), activeWhen: (loc) => area.activeWhen(loc) && guardAllows(loc.pathname) });
  }
  start({ urlRerouteOnly: true });
}

void boot();
