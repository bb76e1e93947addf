import { request as httpRequest } from 'node:http';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { BASE_URL, E2E_RELEASES, REPO } from '../support/paths';

// Issue 16: every text asset of the build goes out brotli- or gzip-compressed (the copy the build
// wrote beside it), to the byte the file on disk once decoded, with its cache headers unchanged.
// node:http rather than Playwright's request API, which would decode the body before we see it.

const SHELL_DIST = join(REPO, 'shell', 'dist');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

/** Every .js/.css/.json file webpack emitted, with the URL it is served at. */
function builtAssets(): { file: string; url: string }[] {
  const text = (f: string) => /\.(js|css|json)$/.test(f);
  const shell = walk(SHELL_DIST).filter(text).map((file) => ({ file, url: '/' + relative(SHELL_DIST, file).split('\\').join('/') }));
  // releases/remotes.json is written by the release scripts, not by a build.
  const releases = walk(E2E_RELEASES)
    .filter((f) => text(f) && relative(E2E_RELEASES, f) !== 'remotes.json')
    .map((file) => ({ file, url: '/releases/' + relative(E2E_RELEASES, file).split('\\').join('/') }));
  return [...shell, ...releases];
}

/** The cache rule of the static files: hashed names for good, entries and manifests revalidated. */
function expectedCacheControl(url: string): string {
  if (url.startsWith('/releases/')) return /mf-manifest\.json$|remoteEntry\.js$/.test(url) ? 'no-cache' : 'public, max-age=31536000, immutable';
  return /\.[0-9a-f]{8,}\./.test(url) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function get(url: string, acceptEncoding?: string, accept = '*/*'): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(BASE_URL + url, { headers: { accept, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

test('every .js, .css and .json asset of the build is served as br and as gzip, decoding to the same bytes, cache headers unchanged', async () => {
  test.setTimeout(120_000);
  const assets = builtAssets();
  // The shell, its texts and all five remotes: a build that lost its assets must not pass by having none.
  expect(assets.filter((a) => a.url.startsWith('/releases/')).length).toBeGreaterThan(50);
  expect(assets.some((a) => a.url === '/assets/i18n/shell/en.json')).toBe(true);
  expect(assets.some((a) => /^\/main\.[0-9a-f]{8}\.js$/.test(a.url))).toBe(true);

  const problems: string[] = [];
  for (const { file, url } of assets) {
    const onDisk = readFileSync(file);
    for (const [accept, encoding, decode] of [
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      [undefined, undefined, (b: Buffer) => b],
    ] as const) {
      const res = await get(url, accept);
      const vary = String(res.headers.vary ?? '').toLowerCase();
      const seen = `${res.status} ${res.headers['content-encoding']} ${res.headers['cache-control']} vary=${vary.includes('accept-encoding')}`;
      const wanted = `200 ${encoding} ${expectedCacheControl(url)} vary=true`;
      if (seen !== wanted) problems.push(`${url} (${accept ?? 'identity'}): ${seen}, wanted ${wanted}`);
      else if (!decode(res.body).equals(onDisk)) problems.push(`${url} (${accept ?? 'identity'}): decoded bytes differ from the file`);
    }
  }
  expect(problems).toEqual([]);
});

test('the shell page is compressed as well, and the compressed copy is smaller', async () => {
  const plain = await get('/newapplication', undefined, 'text/html');
  const br = await get('/newapplication', 'gzip, deflate, br', 'text/html');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.body.length).toBeLessThan(plain.body.length / 2);
  expect(brotliDecompressSync(br.body).toString('utf8')).toContain('id="ll-boot"');
});
