import { api } from '@lendline/shared';

/**
 * What counts as the officer being active (docs/identity.md "A session that follows activity"): keys, pointer and
 * wheel input, navigation, and API calls that change something. Reading calls (GET) do not count: the credit tab and
 * other screens poll, and a screen left open must still run out. Each signal only calls `onActive`; throttling is the
 * caller's (session-timers.ts).
 */
const INPUT_EVENTS = ['keydown', 'pointerdown', 'wheel', 'input', 'touchstart'] as const;

export function watchActivity(onActive: () => void): () => void {
  const opts: AddEventListenerOptions = { capture: true, passive: true };
  for (const name of INPUT_EVENTS) window.addEventListener(name, onActive, opts);
  window.addEventListener('popstate', onActive);
  window.addEventListener('single-spa:routing-event', onActive);
  api.setHooks({ onRequest: (method) => method !== 'GET' && onActive() });
  return () => {
    for (const name of INPUT_EVENTS) window.removeEventListener(name, onActive, opts);
    window.removeEventListener('popstate', onActive);
    window.removeEventListener('single-spa:routing-event', onActive);
    api.setHooks({ onRequest: undefined });
  };
}
