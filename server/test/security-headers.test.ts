import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { API_CSP } from '../src/plugins/app/security-headers';

// Every answer carries the security headers; the page gets a policy under which only the shell's own bundles and the
// remotes under /releases/ run, and nothing may frame it. (The browser side is e2e/tests/security-headers.spec.ts.)

let t: TestApp;
let files: string;
const HOST = 'loans.example.test:8443';

beforeAll(async () => {
  files = mkdtempSync(join(tmpdir(), 'lendline-headers-'));
  const shell = join(files, 'shell');
  mkdirSync(shell);
  writeFileSync(join(shell, 'index.html'), '<!doctype html><html><head><script defer src="/main.0123abcd.js"></script></head><body></body></html>');
  writeFileSync(join(shell, 'main.0123abcd.js'), 'console.log("shell")');
  writeFileSync(join(shell, '455.89abcdef.js'), 'console.log("chunk")');
  writeFileSync(join(shell, 'main.0123abcd.js.map'), '{}');
  const release = join(files, 'releases', 'mf_portal', '1.0.0');
  mkdirSync(release, { recursive: true });
  writeFileSync(join(release, 'remoteEntry.js'), 'var mf_portal;');
  t = await createTestApp({ SHELL_DIR: shell, RELEASES_DIR: join(files, 'releases') });
});
afterAll(async () => {
  await t.close();
  rmSync(files, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { host: HOST, ...headers } });

/** The directives of a CSP header as name → sources. */
function csp(res: LightMyRequestResponse): Record<string, string[]> {
  const header = String(res.headers['content-security-policy'] ?? '');
  return Object.fromEntries(header.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([name, ...values]) => [name, values]));
}

function expectBaseHeaders(res: LightMyRequestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['strict-transport-security']).toMatch(/^max-age=31536000/);
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['x-powered-by']).toBeUndefined();
  expect(csp(res)['frame-ancestors']).toEqual(["'none'"]);
}

describe(`security headers on ${dbKind()}`, () => {
  test('the page: scripts only from the shell bundles and /releases/, no eval, no framing, socket and blobs allowed', async () => {
    for (const url of ['/', '/backstage/applications?x=1', '/debugger/portal']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expectBaseHeaders(res);
      const p = csp(res);
      expect(p['script-src'].sort()).toEqual([`${HOST}/455.89abcdef.js`, `${HOST}/main.0123abcd.js`, `${HOST}/releases/`]);
      expect(p['script-src-attr']).toEqual(["'none'"]);
      expect(res.headers['content-security-policy']).not.toMatch(/unsafe-eval|\*/);
      expect(p['default-src']).toEqual(["'self'"]);
      expect(p['object-src']).toEqual(["'none'"]);
      expect(p['base-uri']).toEqual(["'self'"]);
      expect(p['connect-src']).toEqual(["'self'", `ws://${HOST}`, `wss://${HOST}`]);
      expect(p['img-src']).toEqual(["'self'", 'data:', 'blob:']);
      expect(p['media-src']).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  test('a new shell build is allowed without a restart', async () => {
    writeFileSync(join(files, 'shell', 'main.fedcba98.js'), 'console.log("rebuilt")');
    const res = await get('/', { accept: 'text/html' });
    expect(csp(res)['script-src']).toContain(`${HOST}/main.fedcba98.js`);
  });

  test('a Host header unfit for a policy falls back to self', async () => {
    const res = await get('/', { accept: 'text/html', host: "evil.test; script-src *" });
    expect(csp(res)['script-src']).toEqual(["'self'"]);
    expect(csp(res)['connect-src']).toEqual(["'self'"]);
  });

  test('API answers, errors, static scripts and releases carry the closed policy and nosniff', async () => {
    const cases: [string, number][] = [
      ['/health', 200],
      ['/v3/users', 401], // refused by the auth hook before any route
      ['/v3/no-such-route', 404],
      ['/main.0123abcd.js', 200],
      ['/releases/mf_portal/1.0.0/remoteEntry.js', 200],
    ];
    for (const [url, status] of cases) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, status]);
      expectBaseHeaders(res);
      expect(res.headers['content-security-policy']).toBe(API_CSP);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/v3/auth/login', headers: { host: HOST, 'content-type': 'application/json' }, payload: '{"username":' });
    expect(bad.statusCode).toBe(400);
    expectBaseHeaders(bad);
  });
});
