import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { testAppWith } from './helpers/test-app';

/**
 * GET /notification-sw.js: the Web Push service worker of the ACTIVE mf-notifications release, at one stable root URL
 * (a worker registered under /releases/<version>/ would be a new, narrow-scoped worker at every release). Activating
 * or rolling back a release changes what this URL serves, without a restart; the browser re-checks it (no-cache).
 */
const t = testAppWith();

function release(version: string, script?: string) {
  const dir = join(t.env.releasesDir, 'mf-notifications', version);
  mkdirSync(dir, { recursive: true });
  if (script !== undefined) writeFileSync(join(dir, 'notification-sw.js'), script);
}
function activate(version: string | null) {
  const remotes = version ? [{ name: 'mf_notifications', remote: 'mf-notifications', version, manifest: `/releases/mf-notifications/${version}/mf-manifest.json` }] : [];
  writeFileSync(join(t.env.releasesDir, 'remotes.json'), JSON.stringify({ remotes, updatedAt: new Date().toISOString() }));
}
const get = () => t.app.inject({ method: 'GET', url: '/notification-sw.js' });

test('serves the active release worker, public and never stale, and follows activation and rollback', async () => {
  release('1.0.0', "self.addEventListener('push', () => 'v1');");
  release('1.1.0', "self.addEventListener('push', () => 'v2');");
  activate('1.0.0');
  const first = await get();
  expect(first.statusCode).toBe(200);
  expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(first.headers['cache-control']).toBe('no-cache');
  expect(first.body).toBe("self.addEventListener('push', () => 'v1');");

  activate('1.1.0');
  expect((await get()).body).toContain("'v2'");
  activate('1.0.0'); // rollback
  expect((await get()).body).toContain("'v1'");
});

test('404 with a §8 body while no release with a worker is active; a doctored version never leaves the releases folder', async () => {
  const refusal = { code: 1101, data: [{ label: 'serviceWorker', reason: 'No notifications release with a service worker is active' }] };
  activate(null);
  const none = await get();
  expect(none.statusCode).toBe(404);
  expect(none.json()).toMatchObject(refusal);
  release('0.9.0'); // an older release built before the worker existed
  activate('0.9.0');
  const old = await get();
  expect(old.statusCode).toBe(404);
  expect(old.json()).toMatchObject(refusal);
  activate('../../../etc');
  expect((await get()).statusCode).toBe(404);
});
