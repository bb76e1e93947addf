#!/usr/bin/env node
// Two API processes, one PostgreSQL, one Redis (REDIS_URL): the built server (server/dist) started twice on one
// throwaway database with a real redis-server between them. A notification created through process A reaches a socket
// held by process B; B is then killed (SIGKILL) and, while it is gone, another notification is created through A; the
// client, given both URLs, reconnects to A with the last id it saw and catches up: every notification once, none
// missing. About 80 s on a loaded 2-core machine (mostly A migrating and seeding PostgreSQL), so it is a separate step,
// not part of `npm test`. Run: npm run test:cluster (builds nothing: run `npm run build -w shared -w server` first). It needs
// redis-server (apt-get install -y redis-server) and the PostgreSQL binaries (scripts/with-postgres.mjs starts them).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { io } from 'socket.io-client';
import { freePort } from '../../scripts/free-port.mjs';
import { login, startServer as startBuiltServer } from '../test-crash/harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const SERVER = join(here, '..', 'dist', 'index.js');
const t0 = Date.now();
const log = (msg) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${msg}`);
const children = [];
const tmp = mkdtempSync(join(tmpdir(), 'lendline-cluster-'));
let failures = 0;
const check = (ok, msg) => {
  if (ok) console.log(`  ✓ ${msg}`);
  else {
    failures++;
    console.error(`  ✗ ${msg}`);
  }
};

function cleanup() {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  rmSync(tmp, { recursive: true, force: true });
}
const watchdog = setTimeout(() => {
  console.error('cluster test: no result after 180 s');
  cleanup();
  process.exit(1);
}, 180_000);


async function startRedis() {
  if (spawnSync('redis-server', ['--version']).error) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = await freePort();
  const dir = join(tmp, 'redis');
  mkdirSync(dir);
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  children.push(child);
  return `redis://127.0.0.1:${port}`;
}

/** The built server as `npm run serve` starts it (the crash tests' starter); resolves once /health answers. */
async function startServer(name, env) {
  const server = await startBuiltServer(tmp, env, (child) => children.push(child)).catch((e) => {
    throw new Error(`server ${name}: ${e.message}`);
  });
  return { name, ...server, health: await (await fetch(`${server.base}/health`)).json() };
}

async function post(base, session, path, body) {
  const res = await fetch(base + path, { method: 'POST', headers: { ...session, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** cpa1 creates an application and releases it to CPA-NORTH; bcm1 assigns it to cpa2 (an ASSIGNED notification). */
async function assignToCpa2(base, s) {
  const created = await post(base, s.cpa1, '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Two', lastName: 'Process', mobile: '9876543210', email: 'two@example.in' }],
    customFields: { loanAmount: 200000 },
  });
  const id = created.data.application_id;
  await post(base, s.cpa1, '/v3/application/action/release', { application_id: id, verNum: 1 });
  await post(base, s.bcm1, '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' });
  return id;
}

/**
 * A client given several server URLs, like a browser behind a load balancer: when its connection drops it connects
 * to the next URL, sending the last notification id it saw; it keeps each notification once.
 */
function failoverClient(urls, auth) {
  const seen = new Map(); // notificationId → times received
  const kept = []; // each notification once, in arrival order
  const connects = [];
  let lastId = null;
  let i = 0;
  let socket = null;
  let closed = false;
  const open = () => {
    const url = urls[i % urls.length];
    socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: (cb) => cb({ ...auth, ...(lastId ? { lastId } : {}) }) });
    socket.on('connect', () => connects.push(url));
    socket.on('NOTIFICATION', (n) => {
      if (!seen.has(n.notificationId)) kept.push(n);
      seen.set(n.notificationId, (seen.get(n.notificationId) ?? 0) + 1);
      if (!lastId || BigInt(n.notificationId) > BigInt(lastId)) lastId = n.notificationId;
    });
    socket.on('UPDATE_COUNT_RESULT', (r) => {
      if (r.data?.lastId && (!lastId || BigInt(r.data.lastId) > BigInt(lastId))) lastId = r.data.lastId;
    });
    socket.on('connect', () => socket.emit('UPDATE_COUNT', {}));
    const next = () => {
      if (closed) return;
      i++;
      setTimeout(open, 200);
    };
    socket.on('disconnect', next);
    socket.on('connect_error', next);
  };
  open();
  return {
    seen,
    kept,
    connects,
    close() {
      closed = true;
      socket?.close();
    },
  };
}

async function until(check, what, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

try {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: build the server first (npm run build -w shared -w server)`);
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error('TEST_DATABASE_URL is not set: run through scripts/with-postgres.mjs (npm run test:cluster)');
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  await c.query('CREATE DATABASE lendline_cluster');
  await c.end();
  const u = new URL(admin);
  u.pathname = '/lendline_cluster';
  mkdirSync(join(tmp, 'releases'));
  const redisUrl = await startRedis();
  // One DATA_DIR for both, as a deployment shares it: the VAPID keys and uploads are the same for every process.
  const env = { DATABASE_URL: u.toString(), REDIS_URL: redisUrl, DATA_DIR: join(tmp, 'data'), RATE_LIMIT: 'off' };
  const a = await startServer('A', env); // migrates and seeds
  const b = await startServer('B', env);
  log(`A ${a.base} (${a.health.realtime}), B ${b.base} (${b.health.realtime}), Redis ${redisUrl}`);
  check(a.health.realtime === 'redis:ok' && b.health.realtime === 'redis:ok', 'both processes report realtime redis:ok');

  const s = { cpa1: await login(a.base, 'cpa1'), bcm1: await login(a.base, 'bcm1'), cpa2: await login(a.base, 'cpa2') };
  const client = failoverClient([b.base, a.base], s.cpa2);
  await until(() => client.connects.length === 1, 'the socket on B');
  check(client.connects[0] === b.base, 'cpa2\'s socket is held by process B');

  const first = await assignToCpa2(a.base, s);
  const idsOf = async (appId) => (await (await fetch(`${a.base}/v3/notification/list?limit=100`, { headers: s.cpa2 })).json()).data.filter((n) => n.metadata.applicationId === appId).map((n) => n.notificationId);
  const firstIds = await idsOf(first);
  await until(() => firstIds.every((id) => client.seen.has(id)), 'the notifications written through A on the socket on B');
  check(true, `notifications written through A (${firstIds.length}: team queue + assignment) reached the socket on B`);

  b.child.kill('SIGKILL');
  await b.exited;
  log('B killed');
  const second = await assignToCpa2(a.base, s); // while the client is away from B
  const secondIds = await idsOf(second);
  await until(() => client.connects.length === 2, 'the reconnect to A');
  check(client.connects[1] === a.base, 'the client reconnected to A');
  await until(() => secondIds.every((id) => client.seen.has(id)), 'the catch-up of what was written while B was gone');
  check(true, `the ${secondIds.length} notifications written meanwhile were caught up on A`);
  await sleep(300);
  // What the client keeps (mf-notifications drops ids it has: the replay repeats the last 30 s on purpose, for
  // transactions that commit out of id order) is exactly the four, each once.
  const kept = client.kept.filter((n) => [first, second].includes(n.metadata.applicationId)).map((n) => n.notificationId);
  const expected = [...firstIds, ...secondIds].sort();
  check(JSON.stringify([...kept].sort()) === JSON.stringify(expected) && new Set(kept).size === kept.length, `the client keeps each of the ${expected.length} once, none missing (${[...client.seen.values()].reduce((x, y) => x + y, 0) - client.seen.size} repeats on the wire dropped)`);
  client.close();
} catch (err) {
  failures++;
  console.error(`cluster test: ${err.message}`);
} finally {
  clearTimeout(watchdog);
  cleanup();
}
log(failures ? `${failures} failure(s)` : 'two processes: ok');
process.exit(failures ? 1 : 0);
