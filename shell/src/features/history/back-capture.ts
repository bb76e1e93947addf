import { CONFIG, api, sessionStore } from '@lendline/shared';

/**
 * Browser back is intercepted and reported to the backstage service (§2): each history entry the
 * shell creates is numbered, so a popstate to a lower number is a Back (a higher one is Forward).
 */
const INDEX_KEY = '__llHistoryIndex';

function indexOf(state: unknown): number {
  const v = (state as Record<string, unknown> | null)?.[INDEX_KEY];
  return typeof v === 'number' ? v : 0;
}

export function installBackCapture(): () => void {
  let current = indexOf(history.state);
  const stamp = (state: unknown, index: number) => ({ ...((state as object | null) ?? {}), [INDEX_KEY]: index });
  history.replaceState(stamp(history.state, current), '');

  const push = history.pushState.bind(history);
  history.pushState = (state: unknown, unused: string, url?: string | URL | null) => {
    current += 1;
    push(stamp(state, current), unused, url);
  };
  const replace = history.replaceState.bind(history);
  history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => replace(stamp(state, current), unused, url);

  let previousUrl = location.pathname + location.search;
  const onPop = (e: PopStateEvent) => {
    const index = indexOf(e.state);
    const back = index < current;
    current = index;
    const url = location.pathname + location.search;
    if (back && sessionStore.getState().session) {
      void api.post(CONFIG.captureAction, { action: 'BROWSER_BACK', from: previousUrl, to: url, at: new Date().toISOString() }, { silent: true }).catch(() => undefined);
    }
    previousUrl = url;
  };
  const onRoute = () => {
    previousUrl = location.pathname + location.search;
  };
  window.addEventListener('popstate', onPop);
  window.addEventListener('single-spa:routing-event', onRoute);
  return () => {
    window.removeEventListener('popstate', onPop);
    window.removeEventListener('single-spa:routing-event', onRoute);
  };
}
