import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';

/**
 * The shell's page and static files as the server sends them, against a small built shell and one
 * released remote written here (the shape of what `npm run build` emits: index.html, boot-assets.json,
 * the shell's texts, hashed chunks with their .br/.gz copies, a remote's mf-manifest.json).
 */
let t: TestApp;
let root: string;
const write = (file: string, content: string | Buffer) => {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
};
const withCopies = (file: string, content: string) => {
  write(file, content);
  write(`${file}.br`, brotliCompressSync(content));
  write(`${file}.gz`, gzipSync(content));
};

const SHELL_TEXTS = { login: { title: 'Sign in (shell)' }, shellOnly: 'from the shell' };
const MAIN_JS = `console.log(${JSON.stringify('main '.repeat(400))});`;
const REMOTE_ENTRY = `var mf_portal=${JSON.stringify('entry '.repeat(400))};`;
const remotesDoc = (version: string, updatedAt = '2026-11-01T00:00:00.000Z') => ({
  remotes: [
    { name: 'mf_portal', remote: 'mf-portal', version, manifest: `/releases/mf-portal/${version}/mf-manifest.json` },
    { name: 'mf_tasks', remote: 'mf-tasks', version: '1.0.0', manifest: '/releases/mf-tasks/1.0.0/mf-manifest.json' },
  ],
  history: {},
  updatedAt,
});
const js = (sync: string[]) => ({ js: { sync, async: [] }, css: { sync: [], async: [] } });

function releasePortal(releases: string, version: string) {
  const dir = join(releases, 'mf-portal', version);
  write(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      metaData: { name: 'mf_portal', remoteEntry: { name: 'remoteEntry.js', path: '' }, publicPath: 'auto' },
      exposes: [
        { name: 'spa', path: './spa', assets: js([`__federation_expose_spa.${version.replace(/\./g, '')}aaaaaaaa.js`]) },
        { name: 'SectionForm', path: './SectionForm', assets: js(['276.bbbbbbbb.js']) },
      ],
      shared: [
        { name: 'react', assets: js(['696.cccccccc.js']) },
        { name: 'react-router-dom', assets: js(['140.dddddddd.js']) },
        { name: '@lendline/shared/form-engine', assets: js(['42.eeeeeeee.js']) },
      ],
    }),
  );
  write(join(dir, 'boot-assets.json'), JSON.stringify({ exposes: { spa: { sharedConsumed: ['react', 'react-router-dom'] } } }));
  withCopies(join(dir, 'remoteEntry.js'), REMOTE_ENTRY);
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lendline-boot-page-'));
  const shell = join(root, 'shell');
  const releases = join(root, 'releases');
  write(
    join(shell, 'index.html'),
    '<!doctype html><html lang=en><head><title>Lendline</title><script defer src=/main.0123abcd.js></script><link rel=preload as=script href=/696.cccccccc.js></head><body><div id=root></div></body></html>',
  );
  write(join(shell, 'boot-assets.json'), JSON.stringify({ initialScripts: ['/696.cccccccc.js'], sharedProvided: ['react', 'react-dom'] }));
  write(join(shell, 'assets', 'i18n', 'shell', 'en.json'), JSON.stringify(SHELL_TEXTS));
  withCopies(join(shell, 'main.0123abcd.js'), MAIN_JS);
  releasePortal(releases, '1.0.0');
  write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
  t = await createTestApp({ SHELL_DIR: shell, RELEASES_DIR: releases });
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const HTML = { accept: 'text/html,application/xhtml+xml' };
const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });

function bootData(html: string) {
  const m = /<script type="application\/json" id="ll-boot">([^<]*)<\/script>/.exec(html);
  if (!m) throw new Error('no #ll-boot in the page');
  return JSON.parse(m[1]) as { remotes: unknown; texts: { lang: string; shell: unknown; server: unknown }; preload: { href: string; as: string }[] };
}

describe(`the shell's page on ${dbKind()}`, () => {
  test('carries the remotes document and the default texts as data, the same as their own routes answer', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const boot = bootData(res.body);
    expect(boot.remotes).toEqual((await t.app.inject({ method: 'GET', url: '/config/remotes' })).json());
    expect(boot.texts).toEqual({ lang: 'en', shell: SHELL_TEXTS, server: (await t.app.inject({ method: 'GET', url: '/assets/i18n/en.json' })).json() });
    // Data only: the one inline <script> is type="application/json"; the template's tags are kept.
    expect(res.body.match(/<script\b[^>]*>/g)).toEqual(['<script defer src=/main.0123abcd.js>', '<script type="application/json" id="ll-boot">']);
    expect(res.body).toContain('<link rel=preload as=script href=/696.cccccccc.js>');
    // The staff login shows no remote: nothing of one is named.
    expect(boot.preload).toEqual([]);
  });

  test('on the customer portal, names the portal remote’s first-render files: no shared package the shell provides, no lazy route', async () => {
    for (const url of ['/newapplication', '/newapplication?product_code=PL', '/payments/x', '/dynamic-resume?appDetails=1']) {
      const boot = bootData((await page(url)).body);
      expect([url, boot.preload]).toEqual([
        url,
        [
          { href: '/releases/mf-portal/1.0.0/mf-manifest.json', as: 'fetch' },
          { href: '/releases/mf-portal/1.0.0/remoteEntry.js', as: 'script' },
          { href: '/releases/mf-portal/1.0.0/__federation_expose_spa.100aaaaaaaa.js', as: 'script' },
          { href: '/releases/mf-portal/1.0.0/140.dddddddd.js', as: 'script' },
        ],
      ]);
    }
    for (const url of ['/backstage', '/backstage/newapplication/x', '/newapplicationx']) expect([url, bootData((await page(url)).body).preload]).toEqual([url, []]);
  });

  test('reads releases/remotes.json at request time: an activation reaches the next page without a restart', async () => {
    const releases = join(root, 'releases');
    releasePortal(releases, '1.1.0');
    write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.1.0')));
    try {
      const boot = bootData((await page('/newapplication')).body);
      expect(boot.remotes).toMatchObject({ remotes: [{ name: 'mf_portal', version: '1.1.0' }, { name: 'mf_tasks' }] });
      expect(boot.preload[0]).toEqual({ href: '/releases/mf-portal/1.1.0/mf-manifest.json', as: 'fetch' });
    } finally {
      write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
    }
  });

  test('data that looks like markup cannot end the data block', async () => {
    const releases = join(root, 'releases');
    const hostile = '</script><script>alert(1)</script><!-- $& $1';
    write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0', hostile)));
    try {
      const res = await page('/');
      expect(res.body).not.toContain('<script>alert(1)');
      expect((bootData(res.body).remotes as { updatedAt: string }).updatedAt).toBe(hostile);
    } finally {
      write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
    }
  });

  test('without a remotes document the page still comes, and the shell fetches it later', async () => {
    const releases = join(root, 'releases');
    rmSync(join(releases, 'remotes.json'));
    try {
      const res = await page('/newapplication');
      expect(res.statusCode).toBe(200);
      expect(bootData(res.body)).toMatchObject({ remotes: null, preload: [] });
    } finally {
      write(join(releases, 'remotes.json'), JSON.stringify(remotesDoc('1.0.0')));
    }
  });

  test('is compressed when the browser accepts it, and decodes to the same page', async () => {
    const plain = await page('/newapplication');
    const br = await page('/newapplication', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    // Each page carries its own style nonce (issue 31): the same page otherwise.
    const noNonce = (html: string) => html.replace(/<meta property="csp-nonce" content="[^"]+">/, '');
    expect(noNonce(brotliDecompressSync(br.rawPayload).toString('utf8'))).toBe(noNonce(plain.body));
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});

describe('static files', () => {
  test('go out as the precompressed copy the build wrote, with the cache headers of the file itself', async () => {
    const cases: [string, string, string][] = [
      ['/main.0123abcd.js', MAIN_JS, 'public, max-age=31536000, immutable'],
      ['/releases/mf-portal/1.0.0/remoteEntry.js', REMOTE_ENTRY, 'no-cache'],
    ];
    for (const [url, content, cacheControl] of cases) {
      for (const [accept, encoding] of [
        ['br', 'br'],
        ['gzip', 'gzip'],
        ['', undefined],
      ]) {
        const res = await t.app.inject({ method: 'GET', url, headers: accept ? { 'accept-encoding': accept } : {} });
        expect([url, accept, res.statusCode, res.headers['content-encoding'], res.headers['cache-control']]).toEqual([url, accept, 200, encoding, cacheControl]);
        expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
        expect(res.headers['content-type']).toMatch(/javascript/);
        const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? (await import('node:zlib')).gunzipSync(res.rawPayload) : res.rawPayload;
        expect(body.toString('utf8')).toBe(content);
      }
    }
  });
});
