import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from './helpers/test-app';
import { loginAs } from './helpers/login';
import { socketClient } from './helpers/socket-client';
import { readOpsToken } from '../src/ops/ops-token';

/**
 * Running shells told live (issue 32): `npm run activate` / `rollback` rewrite releases/remotes.json; the server pushes
 * RELEASE to every connected socket, and the release scripts list connected shells with the versions they reported.
 */
let t: TestApp;
let client: ReturnType<typeof socketClient>;

/** What scripts/remotes-doc.mjs writes: the document, renamed into place, with the change that made it. */
function writeDoc(version: string, lastChange?: object) {
  mkdirSync(t.env.releasesDir, { recursive: true });
  const tmp = join(t.env.releasesDir, 'remotes.json.tmp');
  const remotes = [{ name: 'mf_tasks', remote: 'mf-tasks', version, manifest: `/releases/mf-tasks/${version}/mf-manifest.json` }];
  writeFileSync(tmp, JSON.stringify({ remotes, history: {}, lastChange, updatedAt: new Date().toISOString() }));
  renameSync(tmp, join(t.env.releasesDir, 'remotes.json'));
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  client = socketClient(t.app);
}, 180_000);
afterAll(async () => {
  client.closeAll();
  await t.close();
});

test('activate, then an urgent rollback: each connected shell gets RELEASE with what changed and how', async () => {
  const { headers } = await loginAs(t.app, 'cpa1');
  const socket = await client.connected({ access_token: headers.access_token, sessionId: headers.sessionId, remotes: { mf_tasks: '1.0.0', mf_evil: '<script>', bad: '1' } });
  const first = client.next<unknown[]>(socket, 'RELEASE', 5000);
  writeDoc('1.1.0', { remote: 'mf-tasks', version: '1.1.0', kind: 'activate', urgent: false });
  expect(await first).toEqual({ name: 'mf_tasks', remote: 'mf-tasks', version: '1.1.0', previous: null, kind: 'activate', urgent: false });

  const args: unknown[] = [];
  const second = new Promise<void>((resolve) => socket.once('RELEASE', (...a: unknown[]) => (args.push(...a), resolve())));
  writeDoc('1.0.0', { remote: 'mf-tasks', version: '1.0.0', kind: 'rollback', urgent: true });
  await second;
  expect(args[0]).toEqual({ name: 'mf_tasks', remote: 'mf-tasks', version: '1.0.0', previous: '1.1.0', kind: 'rollback', urgent: true });
  expect((args[1] as { traceparent: string }).traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);

  // The release scripts' list: who is connected, on which versions (only well-formed names and versions kept).
  const token = readOpsToken(t.env.dataDir);
  const res = await t.app.inject({ method: 'GET', url: '/ops/shells', remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${token}` } });
  expect(res.statusCode).toBe(200);
  expect(res.json().shells).toEqual([{ user: 'cpa1', connectedAt: expect.any(String), remotes: { mf_tasks: '1.0.0' } }]);
  // A shell that connects still running a version no longer active is told at once (it missed the push).
  const late = client.open({ access_token: headers.access_token, sessionId: headers.sessionId, remotes: { mf_tasks: '1.1.0' } });
  expect(await client.next(late, 'RELEASE', 5000)).toEqual({ name: 'mf_tasks', remote: 'mf-tasks', version: '1.0.0', previous: '1.1.0', kind: 'rollback', urgent: true });
  for (const [remoteAddress, h] of [['127.0.0.1', {}], ['203.0.113.5', { authorization: `Bearer ${token}` }]] as const) {
    const refused = await t.app.inject({ method: 'GET', url: '/ops/shells', remoteAddress, headers: h });
    expect(refused.statusCode).toBe(404);
  }
}, 30_000);
