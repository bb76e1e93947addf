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
