/**
 * Shell-side navigation. single-spa patches pushState/replaceState, so both re-route the areas;
 * `replace` is for redirects (guard, 401) so Back does not land on the refused page again.
 */
export function go(url: string, opts: { replace?: boolean } = {}): void {
  const target = new URL(url, location.href);
  if (target.origin !== location.origin) {
    location.assign(target.href);
    return;
  }
  const path = target.pathname + target.search + target.hash;
  if (opts.replace) history.replaceState(history.state, '', path);
  else history.pushState(history.state, '', path);
}

/**
 * A link's click handled in the page (what single-spa's navigateToUrl did for the shell's links): a plain left click
 * on a same-origin link becomes a history entry that single-spa re-routes; a click with a modifier (new tab, new
 * window) or on another origin is left to the browser. The shell's own, so the login page's first render does not
 * need single-spa (bootstrap.tsx loads it after the shell has hydrated; issue 31).
 */
export function followLink(event: { currentTarget: HTMLAnchorElement; button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean; defaultPrevented: boolean; preventDefault(): void }): void {
  const a = event.currentTarget;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if ((a.target && a.target !== '_self') || a.hasAttribute('download')) return;
  const target = new URL(a.href, location.href);
  if (target.origin !== location.origin) return;
  event.preventDefault();
  go(target.href);
}
