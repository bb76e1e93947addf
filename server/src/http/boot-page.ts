import { readFile } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { CONFIG_NAMES_BLOCK, FALLBACK_LANGUAGE, type RemotesDocument } from '@lendline/shared/contract';
import { readRemotesDocument } from '../domain/platform/remotes-document';
import { loadDictionaries } from '../i18n/dictionaries';
import { createFirstPaint } from './first-paint';

/**
 * The shell's page as the server sends it: the built index.html (which preloads the shell's own
 * first-render chunks; on a page painted here its paint loader does, after the first frame) plus what
 * its boot would otherwise fetch one request after another:
 * - `<script type="application/json" id="ll-boot">`: the remotes document (read at request time, like
 *   GET /config/remotes, so a release or rollback still needs no rebuild of the shell) and the
 *   default language's texts (the shell's and the server's dictionaries, merged by the shell the
 *   same way it merges the two fetched files). Data only: nothing in the page executes inline.
 * - on the customer portal's paths, the portal remote's files to preload (`preload`): its manifest,
 *   remoteEntry.js, its ./spa chunks and those of the shared packages ./spa consumes that the shell
 *   does not provide (both lists written by the builds, boot-assets.json). The shell's entry asks
 *   for them as soon as it runs: late enough that the shell's own chunks (preloaded by index.html)
 *   have the bandwidth to themselves first, early enough that the remote is in by the time the
 *   shell has painted. As <link rel="preload"> in the page they would share the slow link with the
 *   shell's chunks from the start and hold back its first paint.
 */

/** What the shell reads from #ll-boot (shell/src/boot/boot-data.ts). */
export interface BootData {
  remotes: RemotesDocument | null;
  texts: { lang: string; shell: unknown; server: unknown } | null;
  preload: PreloadHint[];
}

export interface PreloadHint {
  href: string;
  /** fetch: the federation runtime reads a manifest with fetch(); script: a chunk or remoteEntry.js. */
  as: 'fetch' | 'script';
}

/**
 * The customer portal (§2): the paths it draws without any session, and its remote. Mirrors
 * isCustomerPath and AREAS in the shell. Only these get a remote hinted: a backstage path may end
 * on the login page, where a remote's chunks would be wasted bytes.
 */
const CUSTOMER_PORTAL = { remote: 'mf_portal', paths: ['/newapplication', '/payments', '/dynamic-resume'] };
/** The expose the shell mounts an area from (shell/src/areas/area-app.tsx). */
const AREA_EXPOSE = 'spa';

/** boot-assets.json of the shell's build and of a remote's (scripts/webpack/boot-assets-plugin.cjs). */
interface BootAssets {
  sharedProvided?: string[];
  exposes?: Record<string, { sharedConsumed?: string[] }>;
}
interface ManifestAssets {
  js?: { sync?: string[] };
}
interface RemoteManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: ManifestAssets }[];
  shared?: { name?: string; assets?: ManifestAssets }[];
}

const isCustomerPath = (path: string) => CUSTOMER_PORTAL.paths.some((p) => path === p || path.startsWith(p + '/'));

async function readJson<T>(file: string): Promise<T | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const escapeAttr = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A first-paint stylesheet in the page, allowed by the page's nonce (the CSP has no 'unsafe-inline'); `data-href` names its file. */
const styleElement = (href: string, css: string, nonce: string) => `<style nonce="${escapeAttr(nonce)}" data-first-paint data-href="${escapeAttr(href)}">${css}</style>`;

/** JSON inside <script type="application/json">: no "<" may reach the HTML parser ("</script>", "<!--"). */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export interface BootPageOptions {
  shellDir: string;
  releasesDir: string;
  /** The server's dictionaries (the ones GET /assets/i18n/{lang}.json serves). */
  i18nDir: string;
  /** The server-rendered first paint of the login and landing pages (http/first-paint.ts); none: the browser renders. */
  firstPaint?: ReturnType<typeof createFirstPaint>;
  /**
   * The configured names in a language (domain/config/display-names.ts), as GET /assets/i18n/{lang}.json carries them:
   * without them an English page would show a team by its id (APPROVAL), since teams are stored by id.
   */
  configNames?: (lang: string) => Promise<unknown>;
}

export function createBootPage(opts: BootPageOptions) {
  // Read once, as the dictionaries route does: they ship with the server.
  const serverText = loadDictionaries(opts.i18nDir).get(`${FALLBACK_LANGUAGE}.json`);
  const serverTexts: unknown = serverText ? JSON.parse(serverText) : null;

  /** What the portal remote's first render loads, from its released manifest on disk. */
  async function remoteHints(doc: RemotesDocument | null, provided: Set<string>): Promise<PreloadHint[]> {
    const entry = Array.isArray(doc?.remotes) ? doc.remotes.find((r) => r.name === CUSTOMER_PORTAL.remote) : undefined;
    if (!entry || !entry.manifest.startsWith('/releases/') || entry.manifest.includes('..')) return [];
    const base = posix.dirname(entry.manifest) + '/';
    const dir = join(opts.releasesDir, base.slice('/releases/'.length));
    const [manifest, remoteAssets] = await Promise.all([
      readJson<RemoteManifest>(join(opts.releasesDir, entry.manifest.slice('/releases/'.length))),
      readJson<BootAssets>(join(dir, 'boot-assets.json')),
    ]);
    if (!manifest) return [];
    const consumed = new Set(remoteAssets?.exposes?.[AREA_EXPOSE]?.sharedConsumed ?? []);
    const at = (file: string) => posix.join(base, file);
    const remoteEntry = manifest.metaData?.remoteEntry;
    const scripts = [
      ...(remoteEntry?.name ? [at(posix.join(remoteEntry.path ?? '', remoteEntry.name))] : []),
      ...(manifest.exposes?.find((e) => e.name === AREA_EXPOSE)?.assets?.js?.sync ?? []).map(at),
      // Shared packages the shell provides come from the shell; the others ./spa needs, from here.
      ...(manifest.shared ?? []).filter((s) => s.name && consumed.has(s.name) && !provided.has(s.name)).flatMap((s) => s.assets?.js?.sync ?? []).map(at),
    ];
    return [{ href: entry.manifest, as: 'fetch' }, ...[...new Set(scripts)].map((href): PreloadHint => ({ href, as: 'script' }))];
  }

  /**
   * The text of one of the first paint's stylesheets by its address (the shell's folder, or a release's), or null when
   * it cannot be read or holds a "<" (which could end the element it goes into; the builds' CSS has none). Hashed
   * names: a file's text never changes, so it is read once (a few files per build, a few KB each).
   */
  const sheetTexts = new Map<string, Promise<string | null>>();
  function sheetText(href: string): Promise<string | null> {
    let text = sheetTexts.get(href);
    if (!text) {
      const file = href.startsWith('/releases/') ? join(opts.releasesDir, href.slice('/releases/'.length)) : join(opts.shellDir, href.slice(1));
      const safe = href.startsWith('/') && !href.includes('..') && href.endsWith('.css');
      text = safe ? readFile(file, 'utf8').then((css) => (css.includes('<') ? null : css), () => null) : Promise.resolve(null);
      // A failed read is not remembered: the next page tries the file again.
      void text.then((css) => css === null && sheetTexts.delete(href));
      sheetTexts.set(href, text);
    }
    return text;
  }

  /** The page for `pathname`, or null when there is no built shell. */
  return async function render(pathname: string, search = '', styleNonce?: string): Promise<string | null> {
    const [template, assets, shellTexts, remotes, names] = await Promise.all([
      readFile(join(opts.shellDir, 'index.html'), 'utf8').catch(() => null),
      readJson<BootAssets>(join(opts.shellDir, 'boot-assets.json')),
      readJson<unknown>(join(opts.shellDir, 'assets', 'i18n', 'shell', `${FALLBACK_LANGUAGE}.json`)),
      readRemotesDocument(opts.releasesDir),
      opts.configNames?.(FALLBACK_LANGUAGE).catch(() => null) ?? null,
    ]);
    // The server's texts as the dictionaries route serves them: with the configured names, when they could be read.
    const serverPart = serverTexts && names ? { ...(serverTexts as object), [CONFIG_NAMES_BLOCK]: names } : serverTexts;
    if (template === null) return null;
    const boot: BootData = {
      remotes: Array.isArray(remotes?.remotes) ? remotes : null,
      texts: shellTexts || serverPart ? { lang: FALLBACK_LANGUAGE, shell: shellTexts ?? {}, server: serverPart ?? {} } : null,
      preload: isCustomerPath(pathname) ? await remoteHints(remotes, new Set(assets?.sharedProvided ?? [])) : [],
    };
    let data = `<script type="application/json" id="ll-boot">${jsonForScript(boot)}</script>`;
    let page = template;
    // The page's style nonce for react-aria's own <style> elements (plugins/app/security-headers.ts), where it looks.
    if (styleNonce && page.includes('</head>')) page = page.replace('</head>', () => `<meta property="csp-nonce" content="${escapeAttr(styleNonce)}"></head>`);
    const paint = boot.texts && opts.firstPaint ? await opts.firstPaint(pathname, search, boot.texts.lang, boot.texts, boot.remotes) : null;
    if (paint && page.includes('<div id=root></div>') && page.includes('</head>')) {
      // Painted from HTML (issue 31): the stylesheets before the scripts, the markup in #root, and what the client
      // needs to hydrate exactly that markup. Replacer functions: markup may hold "$&"-like sequences.
      // With the page's nonce, each sheet goes into the page itself (`<style nonce>`): linked, the first paint waited
      // ~20 ms on loopback for the sheets' round trip ("Styles in the page", docs/ARCHITECTURE.md). Without one, or
      // for a sheet that cannot be read, the file is linked.
      const sheets = await Promise.all(paint.css.map(async (href) => ({ href, css: styleNonce ? await sheetText(href) : null })));
      const links = sheets.map(({ href, css }) => (css !== null ? styleElement(href, css, styleNonce!) : `<link rel=stylesheet href="${escapeAttr(href)}" data-first-paint>`)).join('');
      // Ahead of the page's script and preloads: the first paint waits for these stylesheets, not for the scripts, and
      // a linked one is asked for in document order (the profile in docs/ARCHITECTURE.md, "Scripts after the first
      // paint": linked last, they were the last requests out and came back after the chunks).
      let head = page.slice(0, page.indexOf('</head>'));
      // The shell's chunks are preloaded by its paint loader after the first frame (data-preload), not by the head:
      // fetched and parsed meanwhile they took the two cores the first frame needs ("Scripts after the first paint").
      if (head.includes(' data-preload=')) {
        const rest = page.slice(head.length);
        head = head.replace(/<link rel=preload as=script [^>]*>/g, '');
        page = head + rest;
      }
      // The web fonts' rules (the shell build links them first in the head) likewise.
      const fonts = styleNonce ? /<link rel=stylesheet href=(\/fonts\.[0-9a-f]+\.css)>/.exec(head) : null;
      const fontsCss = fonts ? await sheetText(fonts[1]) : null;
      if (fonts && fontsCss !== null) {
        head = head.replace(fonts[0], () => styleElement(fonts[1], fontsCss, styleNonce!));
        page = head + page.slice(page.indexOf('</head>'));
      }
      const at = head.indexOf('<script');
      page = at === -1 ? page.replace('</head>', () => `${links}</head>`) : page.slice(0, at) + links + page.slice(at);
      page = page.replace('<div id=root></div>', () => `<div id=root data-first-paint="${escapeAttr(paint.data.path)}">${paint.rootHtml}</div>`);
      data += `<script type="application/json" id="ll-first-paint">${jsonForScript(paint.data)}</script>`;
    }
    // A replacer function: the data may hold "$&"-like sequences a replacement string would expand.
    return page.includes('</body>') ? page.replace('</body>', () => `${data}</body>`) : page + data;
  };
}
