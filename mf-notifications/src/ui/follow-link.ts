import type React from 'react';

/**
 * In-page navigation without importing single-spa (8 KB gzip in the bell's expose): the shell's single-spa patches
 * history.pushState and reroutes on it, as navigateToUrl does. Modified clicks open a tab as links do.
 */
export function followLink(e: React.MouseEvent<HTMLAnchorElement>): void {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  history.pushState(null, '', e.currentTarget.href);
}
