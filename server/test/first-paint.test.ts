import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createBootPage } from '../src/http/boot-page';
import { createFirstPaint } from '../src/http/first-paint';
import { I18N_DIR } from '../src/i18n/dictionaries';
import { pageCsp } from '../src/plugins/app/security-headers';

/**
 * The first paint from HTML (issue 31) as the server assembles it, against a small built shell and mf-portal releases
 * written here in the shape the server-render builds emit (ssr/render.cjs + ssr/ssr-manifest.json, hashed stylesheets).
 * The modules are tiny stand-ins for the React renders; what is tested is what the server does with them: which
 * pages are painted, from which release, with which stylesheets and hydration data, and that a broken render leaves
 * the page to the browser. No database: the products come from the function the server is given.
 */
let root: string;
const write = (file: string, content: string) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
};
const INDEX = '<!doctype html><html lang=en><head><title>Lendline</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';
const remotesDoc = (version: string) => ({ remotes: [{ name: 'mf_portal', remote: 'mf-portal', version, manifest: `/releases/mf-portal/${version}/mf-manifest.json` }], history: {}, updatedAt: new Date().toISOString() });

function ssr(dir: string, source: string, css: Record<string, string>) {
  write(join(dir, 'ssr', 'render.cjs'), source);
  write(join(dir, 'ssr', 'ssr-manifest.json'), JSON.stringify({ module: 'render.cjs', css }));
}

function releasePortal(releases: string, version: string, body = `'<ul>' + i.products.map((p) => '<li>' + p.name + '</li>').join('') + '</ul><p>${version}</p>'`) {
  ssr(
    join(releases, 'mf-portal', version),
    `exports.renderLanding = (i) => (new URLSearchParams(i.search).has('product_code') ? null : ${body});
exports.landingProductsPath = (lang) => '/v3/portal/products?lang=' + lang;`,
    { landing: `landing.${version.replace(/\W/g, '')}aaaaaaa.css`.slice(0, 30) },
  );
}

let releases: string;
let shellDir: string;
const products = [{ productCode: 'PL', name: 'Personal Loan' }];
const warnings: string[] = [];
let page: ReturnType<typeof createBootPage>;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'lendline-first-paint-'));
  shellDir = join(root, 'shell');
  releases = join(root, 'releases');
  write(join(shellDir, 'index.html'), INDEX);
  write(join(shellDir, 'assets', 'i18n', 'shell', 'en.json'), JSON.stringify({ login: { title: 'Staff sign-in' } }));
  ssr(
    shellDir,
    `exports.renderShell = (i) => '<header>' + i.lang + '</header><main>' + (i.areaHtml ? '<div id="area-portal" data-first-paint="">' + i.areaHtml.portal + '</div>' : '<form><input name="password"></form>') + '</main>';`,
    { 'first-paint': 'first-paint.0123abcd.css' },
  );
  releasePortal(releases, '1.0.0');
  releasePortal(releases, '1.1.0');
  write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
  const firstPaint = createFirstPaint({ shellDir, releasesDir: releases, products: async () => products, log: { warn: (_o, msg) => warnings.push(msg) } });
  page = createBootPage({ shellDir, releasesDir: releases, i18nDir: I18N_DIR, firstPaint });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const dataOf = (html: string) => JSON.parse(/<script type="application\/json" id="ll-first-paint">(.*?)<\/script>/.exec(html)?.[1] ?? 'null');

test('the login page is painted into #root, with its stylesheet as a file (no nonce given) and what the client hydrates from', async () => {
  const html = (await page('/'))!;
  expect(html).toContain('<div id=root data-first-paint="/"><header>en</header><main><form><input name="password"></form></main></div>');
  // Linked ahead of the page's scripts: the first paint waits for it, not for them.
  expect(html).toContain('<link rel=stylesheet href="/first-paint.0123abcd.css" data-first-paint><script defer src=/main.js></script></head>');
  expect(dataOf(html)).toEqual({ path: '/', lang: 'en' });
  // The boot data is still there, after the markup.
  expect(html).toContain('id="ll-boot"');
  expect(html).not.toContain('<style');
});

test("a painted page leaves the shell's chunks to its paint loader: no script preloads in the head before the first frame", async () => {
  // The head the shell build writes (shell/webpack.config.js PaintLoaderPlugin): the loader names the chunks it preloads.
  const dir = join(root, 'shell-with-loader');
  const head = '<script defer src=/paint-loader.1.js data-main=/main.2.js data-preload="/269.3.js /747.4.js"></script><link rel=preload as=script href=/269.3.js fetchpriority=low><link rel=preload as=script href=/747.4.js fetchpriority=low><link rel=preload as=script href=/main.2.js fetchpriority=low>';
  write(join(dir, 'index.html'), INDEX.replace('<script defer src=/main.js></script>', head));
  write(join(dir, 'assets', 'i18n', 'shell', 'en.json'), JSON.stringify({ login: { title: 'Staff sign-in' } }));
  ssr(dir, `exports.renderShell = () => '<main>login</main>';`, { 'first-paint': 'first-paint.0123abcd.css' });
  const withLoader = createBootPage({ shellDir: dir, releasesDir: releases, i18nDir: I18N_DIR, firstPaint: createFirstPaint({ shellDir: dir, releasesDir: releases, products: async () => products }) });
  const painted = (await withLoader('/'))!;
  expect(painted).toContain('<div id=root data-first-paint="/"><main>login</main></div>');
  expect(painted).not.toContain('rel=preload');
  expect(painted).toContain('<link rel=stylesheet href="/first-paint.0123abcd.css" data-first-paint><script defer src=/paint-loader.1.js data-main=/main.2.js data-preload="/269.3.js /747.4.js"></script></head>');
  // A page the browser renders keeps them: its first frame is the script's anyway.
  const other = (await withLoader('/backstage/tasks'))!;
  expect(other).toContain(head);
});

test('a page that is not painted on the server is sent as before', async () => {
  const html = (await page('/backstage/tasks'))!;
  expect(html).toContain('<div id=root></div>');
  expect(html).not.toContain('ll-first-paint');
  expect(html).not.toContain('data-first-paint');
});

test('the landing page is painted by the active mf-portal release, from the products read now; activating another release changes it', async () => {
  let html = (await page('/newapplication', '?campaign_id=X'))!;
  expect(html).toContain('<div id="area-portal" data-first-paint=""><ul><li>Personal Loan</li></ul><p>1.0.0</p></div>');
  expect(html).toMatch(/<link rel=stylesheet href="\/first-paint\.0123abcd\.css" data-first-paint><link rel=stylesheet href="\/releases\/mf-portal\/1\.0\.0\/landing\.[^"]+\.css" data-first-paint>/);
  expect(dataOf(html)).toEqual({ path: '/newapplication', lang: 'en', area: { id: 'portal', remote: 'mf-portal', version: '1.0.0', reads: { '/v3/portal/products?lang=en': { data: products } } } });

  write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.1.0')));
  html = (await page('/newapplication'))!;
  expect(html).toContain('<p>1.1.0</p>');
  expect(dataOf(html).area.version).toBe('1.1.0');
  write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
  expect((await page('/newapplication'))!).toContain('<p>1.0.0</p>');
});

test('an address that is not the landing page (a product chosen) gets no painted area', async () => {
  const html = (await page('/newapplication', '?product_code=PL'))!;
  expect(html).toContain('<div id=root></div>');
  expect(dataOf(html)).toBeNull();
});

test('a release whose render throws leaves the page to the browser and is logged; the next activation paints again', async () => {
  releasePortal(releases, '1.2.0-broken', `(() => { throw new Error('broken render'); })()`);
  write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.2.0-broken')));
  const html = (await page('/newapplication'))!;
  expect(html).toContain('<div id=root></div>');
  expect(html).not.toContain('ll-first-paint');
  expect(warnings.some((w) => w.includes('server render failed'))).toBe(true);

  write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
  expect((await page('/newapplication'))!).toContain('<p>1.0.0</p>');
});

test("with the response's nonce, the first paint's stylesheets go into the page: no round trip before the first frame", async () => {
  // The fonts' rules (linked by the shell build) and the first paint's sheets, each as a <style> with the nonce.
  const dir = join(root, 'shell-inline');
  write(join(dir, 'index.html'), INDEX.replace('<title>', '<link rel=stylesheet href=/fonts.00aa11bb.css><title>'));
  write(join(dir, 'assets', 'i18n', 'shell', 'en.json'), JSON.stringify({ login: { title: 'Staff sign-in' } }));
  write(join(dir, 'fonts.00aa11bb.css'), '@font-face{font-family:"Noto Sans";src:url(/fonts/a.woff2)}');
  write(join(dir, 'first-paint.0123abcd.css'), ':root{--ll-primary:#1f4e8c}');
  ssr(dir, `exports.renderShell = () => '<main>login</main>';`, { 'first-paint': 'first-paint.0123abcd.css' });
  write(join(releases, 'mf-portal', '1.0.0', 'landing.100aaaaaaa.css'), '.ll-card{display:flex}');
  const inline = createBootPage({ shellDir: dir, releasesDir: releases, i18nDir: I18N_DIR, firstPaint: createFirstPaint({ shellDir: dir, releasesDir: releases, products: async () => products }) });

  const login = (await inline('/', '', 'bm9uY2U='))!;
  expect(login).toContain(
    '<style nonce="bm9uY2U=" data-first-paint data-href="/fonts.00aa11bb.css">@font-face{font-family:"Noto Sans";src:url(/fonts/a.woff2)}</style><title>Lendline</title>' +
      '<style nonce="bm9uY2U=" data-first-paint data-href="/first-paint.0123abcd.css">:root{--ll-primary:#1f4e8c}</style><script defer src=/main.js></script>',
  );
  expect(login).not.toContain('rel=stylesheet');
  const landing = (await inline('/newapplication', '', 'bm9uY2U='))!;
  expect(landing).toContain('<style nonce="bm9uY2U=" data-first-paint data-href="/releases/mf-portal/1.0.0/landing.100aaaaaaa.css">.ll-card{display:flex}</style>');
  // Without a nonce (no policy to allow them) the files are linked, as before.
  expect((await inline('/'))!).toContain('<link rel=stylesheet href=/fonts.00aa11bb.css><title>');
  // A page the browser renders keeps its links: nothing of it is painted.
  expect((await inline('/backstage/tasks', '', 'bm9uY2U='))!).toContain('<link rel=stylesheet href=/fonts.00aa11bb.css>');

  // A sheet that cannot be read, or whose text could end the element ("</style>"), stays a file the page links.
  // (A server reads each file once: hashed names never change their text. Hence a fresh one here.)
  write(join(dir, 'first-paint.0123abcd.css'), 'a::after{content:"</style><script>"}');
  rmSync(join(dir, 'fonts.00aa11bb.css'));
  const fresh = createBootPage({ shellDir: dir, releasesDir: releases, i18nDir: I18N_DIR, firstPaint: createFirstPaint({ shellDir: dir, releasesDir: releases, products: async () => products }) });
  const guarded = (await fresh('/', '', 'bm9uY2U='))!;
  expect(guarded).toContain('<link rel=stylesheet href="/first-paint.0123abcd.css" data-first-paint>');
  expect(guarded).not.toContain('</style><script>');
  expect(guarded).toContain('<link rel=stylesheet href=/fonts.00aa11bb.css>');
  expect(guarded).not.toContain('<style');
  // A file that could not be read is tried again by the next page.
  write(join(dir, 'fonts.00aa11bb.css'), '@font-face{font-family:"Noto Sans";src:url(/fonts/a.woff2)}');
  expect((await fresh('/', '', 'bm9uY2U='))!).toContain('<style nonce="bm9uY2U=" data-first-paint data-href="/fonts.00aa11bb.css">');
});

test("the page's policy allows styles from files and, by the page's own nonce, react-aria's two style elements; never 'unsafe-inline'", async () => {
  expect(pageCsp('h:1', ['main.js'], 'bm9uY2U=')).toContain("style-src 'self' 'nonce-bm9uY2U='; ");
  expect(pageCsp('h:1', ['main.js'])).toContain("style-src 'self'; ");
  expect(pageCsp('h:1', ['main.js'], 'bm9uY2U=')).not.toContain('unsafe-inline');
  // The page names the same nonce where react-aria reads it.
  expect((await page('/', '', 'bm9uY2U='))!).toContain('<meta property="csp-nonce" content="bm9uY2U=">');
});
