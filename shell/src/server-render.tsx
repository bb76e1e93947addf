// The shell's server render (issue 31): built for Node by shell/webpack.ssr.config.js into shell/dist/ssr/, loaded by
// the server (server/src/http/first-paint.ts) to paint the staff login and the customer portal's frame from HTML before
// any script runs. The client hydrates the same tree (shell/src/boot/first-paint.ts). Never part of the browser build.
import { renderToString } from 'react-dom/server';
import { i18nStore, mergeDictionaries, themeToCssVars } from '@lendline/shared';
import { ShellApp } from './chrome/shell-app';
import { BASE_CSS } from './chrome/styles';
import { DEFAULT_THEME } from './features/theme/default-theme';

export interface ShellRenderInput {
  /** The path the page is for (the router reads only pathname and search). */
  pathname: string;
  search?: string;
  /** The language of the texts, and the shell's and server's dictionaries for it (the page's #ll-boot texts). */
  lang: string;
  texts: { shell: unknown; server: unknown };
  /** Server-rendered markup of an area (an active remote's prerender), placed inside its element as is. */
  areaHtml?: Record<string, string>;
}

/**
 * `#root`'s markup for a signed-out visitor: nothing in it depends on a session, a stored choice or the time, so
 * it is the same for everyone at this path and language (the client checks that before hydrating).
 */
export function renderShell(input: ShellRenderInput): string {
  const dict = mergeDictionaries(input.texts.shell as never, input.texts.server as never);
  i18nStore.setState((s) => ({ ...s, lang: input.lang, dictionaries: { ...s.dictionaries, [input.lang]: dict } }));
  // React renders (and hydrates) a store's *server snapshot*, which zustand takes from the store's initial state: make
  // that the texts too. The browser does the same before it hydrates (boot/first-paint.ts), so both render alike.
  Object.assign(i18nStore.getInitialState(), { lang: input.lang, dictionaries: i18nStore.getState().dictionaries });
  const g = globalThis as { location?: unknown };
  const before = g.location;
  // Rendered synchronously: nothing else runs in this process between setting and restoring it.
  g.location = { pathname: input.pathname, search: input.search ?? '', hash: '', href: input.pathname + (input.search ?? '') };
  try {
    return renderToString(<ShellApp bootError={null} areaHtml={input.areaHtml} />);
  } finally {
    g.location = before;
  }
}

/**
 * The first paint's stylesheet, as a file the page links (no inline style: the CSP has no 'unsafe-inline'): the
 * default theme's variables and the shell's base styles, the same the client adds at boot.
 */
export function firstPaintCss(): string {
  const vars = Object.entries(themeToCssVars(DEFAULT_THEME))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  return `:root{${vars}}\n${BASE_CSS}`;
}

/** The stylesheets the server links in the page's head, by name (scripts/webpack/create-ssr-config.cjs writes them). */
export function stylesheets(): Record<string, string> {
  return { 'first-paint': firstPaintCss() };
}
