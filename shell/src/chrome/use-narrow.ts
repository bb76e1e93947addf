import { useSyncExternalStore } from 'react';

/** Below ~720 px the staff navigation collapses into a menu button (main-nav.tsx): one row of links no longer fits. */
export const NARROW_QUERY = '(max-width: 44.99rem)';

const media = () => (typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(NARROW_QUERY) : null);

function subscribe(changed: () => void): () => void {
  const m = media();
  m?.addEventListener('change', changed);
  return () => m?.removeEventListener('change', changed);
}

/**
 * Whether the window is narrow, following it as it is resized or turned. Read from matchMedia rather than left to CSS
 * alone because the narrow navigation is a different structure (a disclosure button and its panel), not a restyle.
 * No window (server render) or no matchMedia: wide, the layout the navigation had before.
 */
export function useNarrow(): boolean {
  return useSyncExternalStore(subscribe, () => media()?.matches ?? false, () => false);
}
