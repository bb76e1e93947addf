import type { ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { i18nStore, isSessionLive, sessionStore } from '@lendline/shared';

/**
 * The page the server painted (issue 31; server/src/http/first-paint.ts): `#root` holds the shell's markup for a
 * signed-out visitor at `data-first-paint` (the path) in the language of `#ll-first-paint`, and an area's element may
 * hold its remote's markup (`data-first-paint` on it). When this browser would render exactly that — same path, same
 * language, nobody signed in as staff — React hydrates it: what was painted (and typed into it) stays. Otherwise the
 * markup is dropped and the shell renders afresh, as on a page without it.
 */
export interface FirstPaintInfo {
  path: string;
  lang: string;
}

function readInfo(): FirstPaintInfo | null {
  try {
    const v = JSON.parse(document.getElementById('ll-first-paint')?.textContent ?? 'null') as Partial<FirstPaintInfo> | null;
    return v && typeof v.path === 'string' && typeof v.lang === 'string' ? { path: v.path, lang: v.lang } : null;
  } catch {
    return null;
  }
}

/** Whether this browser renders the painted page as it was painted (a staff session shows other pages at `/`). */
export function matchesFirstPaint(el: HTMLElement, info: FirstPaintInfo | null): boolean {
  if (!info || el.getAttribute('data-first-paint') !== info.path || info.path !== location.pathname) return false;
  if (i18nStore.getState().lang !== info.lang) return false;
  const { session, user } = sessionStore.getState();
  return !(isSessionLive(session) && !user?.roles?.includes('CUSTOMER'));
}

/** Each painted area's markup, kept as is inside its element while the shell hydrates around it. */
function paintedAreas(el: HTMLElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const area of el.querySelectorAll<HTMLElement>('[data-area][data-first-paint]')) if (area.dataset.area) out[area.dataset.area] = area.innerHTML;
  return out;
}

/**
 * Mounts the shell into #root: hydrates the server's markup when it matches, renders afresh otherwise. `app` is called
 * with the painted areas' markup, which every later render must pass again (ShellApp keeps it untouched).
 */
export function mountShell(app: (areaHtml: Record<string, string> | undefined) => ReactElement): { root: Root; areaHtml: Record<string, string> | undefined } {
  const el = document.getElementById('root')!;
  if (el.hasAttribute('data-first-paint') && matchesFirstPaint(el, readInfo())) {
    const areaHtml = paintedAreas(el);
    // React hydrates with each store's server snapshot, which zustand takes from the store's initial state: the server
    // rendered with the texts in its initial state (server-render.tsx), so the browser's must hold them too, or
    // every text would differ. The other stores' initial states are what the server rendered with (no session, no
    // tenants loaded, no toast); their current values render right after hydration.
    const { lang, dictionaries } = i18nStore.getState();
    Object.assign(i18nStore.getInitialState(), { lang, dictionaries });
    const root = hydrateRoot(el, app(areaHtml), {
      // A difference React still finds (a browser extension's markup, say) makes it render that part afresh: say so
      // for whoever debugs, without raising the page's error reporting.
      onRecoverableError: (error) => console.warn('The server-painted page was rendered afresh:', error),
    });
    return { root, areaHtml };
  }
  el.replaceChildren();
  const root = createRoot(el);
  // Area elements must exist before single-spa mounts anything into them.
  flushSync(() => root.render(app(undefined)));
  return { root, areaHtml: undefined };
}
