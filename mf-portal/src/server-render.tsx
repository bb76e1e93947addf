// The portal's server render (issue 31): built for Node into the release (releases/mf-portal/<version>/ssr/, by
// mf-portal/webpack.ssr.config.js through scripts/release.mjs), so the server paints the landing page with the ACTIVE
// release's own components: a release or rollback changes the first paint with no shell rebuild. The browser hydrates
// the same tree (spa.tsx: AreaErrorBoundary > BrowserRouter > AreaFrame). Never part of the browser build.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AreaErrorBoundary, i18nStore, mergeDictionaries, serverStyleSheets } from '@lendline/shared';
import { AreaFrame } from './area/area';
import { setFirstPaintReads } from './lib/first-paint';
import { productsSummaryPath } from './features/products/products-api';

/** Only the product chooser is painted on the server: an address that opens a product, a flow or a link is not it. */
const NOT_LANDING = ['product_code', 'application_id', 'transactionToken', 'tenant'];

/** The summary path the landing page reads in `lang` (as the browser would ask it, with no tenant chosen). */
export function landingProductsPath(lang: string): string {
  return productsSummaryPath(lang, null);
}

/**
 * The area's markup for /newapplication?search in `lang`, from `products` (GET /v3/portal/products' data), or null
 * when the address is not the landing page. `texts`: the shell's and the server's dictionaries in `lang`, merged as the
 * browser merges them (this bundle has its own i18n store, apart from the shell's render).
 */
export function renderLanding(input: { pathname: string; search: string; lang: string; products: unknown[]; texts?: { shell: unknown; server: unknown } }): string | null {
  const query = new URLSearchParams(input.search);
  if (input.pathname !== '/newapplication' || NOT_LANDING.some((k) => query.has(k))) return null;
  if (input.texts) {
    const dict = mergeDictionaries(input.texts.shell as never, input.texts.server as never);
    i18nStore.setState((s) => ({ ...s, lang: input.lang, dictionaries: { ...s.dictionaries, [input.lang]: dict } }));
    // React renders a store's server snapshot, zustand's initial state: the texts there too (as the shell's render does).
    Object.assign(i18nStore.getInitialState(), { lang: input.lang, dictionaries: i18nStore.getState().dictionaries });
  }
  setFirstPaintReads({ [landingProductsPath(input.lang)]: { data: input.products } });
  return renderToString(
    <AreaErrorBoundary area="portal">
      <StaticRouter location={input.pathname + input.search}>
        <AreaFrame />
      </StaticRouter>
    </AreaErrorBoundary>,
  );
}

/** The landing page's stylesheet (a file in the release, linked by the server): what its render asks for. */
export function stylesheets(): Record<string, string> {
  renderLanding({ pathname: '/newapplication', search: '', lang: 'en', products: [] });
  return { landing: serverStyleSheets() };
}
