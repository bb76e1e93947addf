import { useSyncExternalStore } from 'react';

// single-spa fires popstate (and its routing events) on every navigation; both keep us current.
function subscribe(cb: () => void) {
  window.addEventListener('popstate', cb);
  window.addEventListener('single-spa:routing-event', cb);
  return () => {
    window.removeEventListener('popstate', cb);
    window.removeEventListener('single-spa:routing-event', cb);
  };
}
const snapshot = () => location.pathname + location.search;

/** The current path and query, re-rendering on every navigation. */
export function useLocationKey(): string {
  // The same snapshot on the server (the first paint is rendered there, issue 31: location is set for that render).
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
