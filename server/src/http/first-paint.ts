import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join, posix } from 'node:path';
import type { RemotesDocument } from '@lendline/shared/contract';

/**
 * The first paint from HTML (issue 31; docs/ARCHITECTURE.md "First paint from the server"): the staff login and the
 * customer portal's landing page are rendered by React here, at request time, from the builds' own server-render
 * modules, and hydrated by the browser:
 * - the shell's (`<shellDir>/ssr/render.cjs`, built with the shell) renders the frame and the login page;
 * - the portal's comes from its ACTIVE release (`<releasesDir>/mf-portal/<version>/ssr/render.cjs`, built by
 *   scripts/release.mjs with the release), so a release or rollback of mf-portal changes the landing page with no
 *   shell rebuild and no restart. It renders the product cards from the same summary GET /v3/portal/products answers,
 *   read now: the first paint shows real products, and the page carries that summary so the browser hydrates the very
 *   same markup and asks for nothing again (docs: never stale, at most as old as the route's own cache time).
 * Each module comes with `ssr-manifest.json`: its stylesheets (files, linked in the head; the page has no inline style).
 * A module that is missing, fails to load or throws leaves the page as it was: the shell renders it in the browser.
 */

/** What a release's or the shell's ssr-manifest.json says (scripts/webpack/create-ssr-config.cjs). */
interface SsrManifest {
  module: string;
  css: Record<string, string>;
}

interface ShellModule {
  renderShell(input: { pathname: string; search?: string; lang: string; texts: { shell: unknown; server: unknown }; areaHtml?: Record<string, string> }): string;
}

interface PortalModule {
  /** The area's markup for this address, or null when the address is not the landing page. */
  renderLanding(input: { pathname: string; search: string; lang: string; products: unknown[]; texts: { shell: unknown; server: unknown } }): string | null;
  /** The query the landing page's products read uses (what the browser would ask GET /v3/portal/products). */
  landingProductsPath(lang: string): string;
}

interface Loaded<T> {
  mod: T;
  manifest: SsrManifest;
}

export interface FirstPaint {
  /** `#root`'s markup. */
  rootHtml: string;
  /** Stylesheet URLs to link in the head, in order. */
  css: string[];
  /** The data the client needs to hydrate the same markup (#ll-first-paint). */
  data: FirstPaintData;
}

export interface FirstPaintData {
  path: string;
  lang: string;
  /** An area painted from a remote's release: which one and the reads it was rendered from, by request path. */
  area?: { id: string; remote: string; version: string; reads: Record<string, unknown> };
}

export interface FirstPaintOptions {
  shellDir: string;
  releasesDir: string;
  /** The landing page's products in a language (the domain read behind GET /v3/portal/products). */
  products(lang: 'en' | 'hi'): Promise<unknown[]>;
  log?: { warn(obj: unknown, msg: string): void };
}

const PORTAL = { remote: 'mf-portal', name: 'mf_portal', area: 'portal', landing: '/newapplication' };
const LOGIN_PATHS = new Set(['/', '/login']);

export function createFirstPaint(opts: FirstPaintOptions) {
  const require = createRequire(__filename);
  // One module per build: keyed by the file's path and modification time, so a new build or release is picked up.
  const modules = new Map<string, Loaded<unknown>>();

  async function load<T>(dir: string): Promise<Loaded<T> | null> {
    const manifestFile = join(dir, 'ssr', 'ssr-manifest.json');
    let key: string;
    try {
      key = `${manifestFile}@${statSync(manifestFile).mtimeMs}`;
    } catch {
      return null;
    }
    const cached = modules.get(key);
    if (cached) return cached as Loaded<T>;
    try {
      const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as SsrManifest;
      const file = join(dir, 'ssr', posix.basename(manifest.module));
      delete require.cache[file];
      const loaded = { mod: require(file) as T, manifest };
      modules.set(key, loaded);
      return loaded;
    } catch (e) {
      opts.log?.warn({ err: e, dir }, 'first paint: the server-render module could not be loaded; the page renders in the browser');
      return null;
    }
  }

  /** The active release of mf-portal, from the remotes document the page carries. */
  function activePortal(doc: RemotesDocument | null): { version: string; dir: string; base: string } | null {
    const entry = Array.isArray(doc?.remotes) ? doc.remotes.find((r) => r.name === PORTAL.name) : undefined;
    if (!entry || !/^[0-9A-Za-z.+-]+$/.test(entry.version) || !entry.manifest.startsWith(`/releases/${PORTAL.remote}/${entry.version}/`)) return null;
    return { version: entry.version, dir: join(opts.releasesDir, PORTAL.remote, entry.version), base: `/releases/${PORTAL.remote}/${entry.version}/` };
  }

  /**
   * The page's first paint for a signed-out visitor at `pathname?search` in `lang`, or null when this page is not
   * painted on the server (another path, or nothing built for it).
   */
  return async function firstPaint(pathname: string, search: string, lang: string, texts: { shell: unknown; server: unknown } | null, remotes: RemotesDocument | null): Promise<FirstPaint | null> {
    const login = LOGIN_PATHS.has(pathname);
    const landing = pathname === PORTAL.landing;
    if ((!login && !landing) || !texts) return null;
    const shell = await load<ShellModule>(opts.shellDir);
    if (!shell) return null;
    const css = Object.values(shell.manifest.css).map((f) => `/${f}`);
    try {
      if (login) return { rootHtml: shell.mod.renderShell({ pathname, search, lang, texts }), css, data: { path: pathname, lang } };
      const release = activePortal(remotes);
      const portal = release && (await load<PortalModule>(release.dir));
      if (!release || !portal) return null;
      const language = lang === 'hi' ? 'hi' : 'en';
      const products = await opts.products(language);
      const areaHtml = portal.mod.renderLanding({ pathname, search, lang, products, texts });
      if (areaHtml === null) return null;
      const reads = { [portal.mod.landingProductsPath(language)]: { data: products } };
      return {
        rootHtml: shell.mod.renderShell({ pathname, search, lang, texts, areaHtml: { [PORTAL.area]: areaHtml } }),
        css: [...css, ...Object.values(portal.manifest.css).map((f) => release.base + f)],
        data: { path: pathname, lang, area: { id: PORTAL.area, remote: PORTAL.remote, version: release.version, reads } },
      };
    } catch (e) {
      opts.log?.warn({ err: e, pathname }, 'first paint: the server render failed; the page renders in the browser');
      return null;
    }
  };
}
