import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import { setLanguage, storedLanguage } from '@lendline/shared';
import { AREAS } from './areas/areas';
import { createAreaApp } from './areas/area-app';
import { loadRemotes } from './remotes/load-remotes';
import { ShellApp } from './chrome/shell-app';
import { BASE_CSS } from './chrome/styles';
import { applyTheme, refreshTheme } from './features/theme/apply-theme';
import { DEFAULT_THEME } from './features/theme/default-theme';
import { loadTenants } from './features/theme/theme-api';
import { persistSessionChanges, restoreSession } from './features/session/session-persistence';
import { loadSessionTiming, startSessionTimers } from './features/session/session-timers';
import { enforceGuard, guardAllows, installRouteGuard } from './features/session/route-guard';
import { installHttpHooks } from './features/errors/http-hooks';
import { installBackCapture } from './features/history/back-capture';
import { ensureCustomerSession } from './features/auth/customer-login';

async function boot() {
  const style = document.createElement('style');
  style.textContent = BASE_CSS;
  document.head.appendChild(style);
  applyTheme(DEFAULT_THEME);

  restoreSession();
  persistSessionChanges();
  installHttpHooks();
  void refreshTheme();
  void loadTenants();

  let bootError: string | null = null;
  const remotes = loadRemotes().catch((e: unknown) => {
    // The shell still comes up: each area shows its fallback with Retry.
    bootError = e instanceof Error ? e.message : String(e);
  });
  // Texts, session timings and the customer session are read side by side with the remotes.
  await Promise.all([remotes, setLanguage(storedLanguage()), loadSessionTiming(), ensureCustomerSession()]);
  startSessionTimers();
  enforceGuard();

  const root = createRoot(document.getElementById('root')!);
  // Area elements must exist before single-spa mounts anything into them.
  flushSync(() => root.render(<ShellApp bootError={bootError} />));

  installRouteGuard();
  installBackCapture();
  window.addEventListener('single-spa:before-routing-event', () => void ensureCustomerSession());
  for (const area of AREAS) {
    // §4: a backstage area never mounts without a live session, whatever the URL says.
    registerApplication({ name: area.id, app: createAreaApp(area), activeWhen: (loc) => area.activeWhen(loc) && guardAllows(loc.pathname) });
  }
  start({ urlRerouteOnly: true });
}

void boot();
