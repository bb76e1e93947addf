#!/usr/bin/env node
// Notification fan-out benchmark (issue 13): one server process (the built server's app, in-memory PGlite) holding
// SOCKETS connected sockets (default 10,000, opened by client child processes so that they do not share the server's
// event loop), then notifications written and published the way an action does (stored, committed, pushed):
//   - to a team of TEAM (default 1,000) sockets: a TEAM notification for CPA-NORTH, whose member cpa1 holds them;
//   - to all: TEAM notifications for BR-NORTH and BR-SOUTH, the branches every socket's user is in.
// It reports, per case, p50/p99 of delivery (publish after commit → NOTIFICATION received by the client; one clock,
// one machine), deliveries per second (deliveries / time to the last one), and the server's memory per connection
// (RSS and heap growth from before the first socket to all connected, after a GC). Targets: p99 ≤ 100 ms,
// ≤ 30 KB per connection. Prints a table and writes bench/results/notifications.json.
// The team's sockets are spread over every client process, like the others: a thousand browsers do not read their
// messages one after another in one event loop, and the bench must not make them.
//
// Two processes with Redis (`npm run bench:notifications:redis`, REDIS=1): one throwaway PostgreSQL
// (scripts/with-postgres.mjs) and a redis-server on loopback; process A is this one (the app, REDIS_URL), process B
// the built server (server/dist/index.js) on the same database and Redis. Half of every group of sockets connects to
// A, half to B; the notifications are written and published in A, so B's half receives them through the socket.io
// Redis adapter. Memory per connection is A's. Writes bench/results/notifications-redis.json.
//
//   npm run build -w shared && npm run build -w server
//   npm run bench:notifications            (SOCKETS=10000 TEAM=1000 ROUNDS=10 CLIENT_PROCS=4)
//   npm run bench:notifications:redis      (the same through two processes with Redis)
import { createRequire } from 'node:module';
import { fork, spawn, spawnSync } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../scripts/free-port.mjs';

const require = createRequire(import.meta.url);
const HERE = fileURLToPath(import.meta.url);
const ROOT = resolve(dirname(HERE), '..');

if (process.argv[2] === '--client') await runClients();
else await runServer();

/** A client process: groups of sockets {url, auth, count}; reports receipts (notificationId, time) on request. */
async function runClients() {
  const { io } = require(join(ROOT, 'node_modules', 'socket.io-client'));
  const groups = JSON.parse(process.env.BENCH_CLIENT);
  const receipts = [];
  const sockets = [];
  // A handshake that times out on a loaded machine is tried again (up to 5 times), not counted as a failure.
  const connectOne = (url, auth, tries = 5) =>
    new Promise((resolveOne, reject) => {
      const s = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, timeout: 60_000, auth });
      s.once('connect', () => resolveOne(s));
      s.once('connect_error', (e) => {
        s.close();
        if (tries > 1) setTimeout(() => connectOne(url, auth, tries - 1).then(resolveOne, reject), 500);
        else reject(e);
      });
      s.on('NOTIFICATION', (n) => receipts.push([n.notificationId, Date.now()]));
    });
  for (const { url, auth, count } of groups) {
    for (let i = 0; i < count; i += 50) {
      sockets.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => connectOne(url, auth)))));
    }
  }
  process.send({ ready: sockets.length });
  process.on('message', (m) => {
    if (m === 'flush') process.send({ receipts: receipts.splice(0) });
    if (m === 'close') {
      for (const s of sockets) s.close();
      process.exit(0);
    }
  });
}

function pct(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : null;
}

async function runServer() {
  const SOCKETS = Number(process.env.SOCKETS ?? 10_000);
  const TEAM = Number(process.env.TEAM ?? 1_000);
  const ROUNDS = Number(process.env.ROUNDS ?? 10);
  const PROCS = Number(process.env.CLIENT_PROCS ?? 4);
  const dist = (p) => require(join(ROOT, 'server', 'dist', p));
  const { buildApp } = dist('app.js');
  const { loadEnv } = dist('config/env.js');
  const { openPglite } = dist('db/pglite.js');
  const { notify } = dist('domain/applications/notify.js');
  const { publishNotifications } = dist('domain/notifications/bus.js');
  const gc = globalThis.gc ?? (() => undefined);
  const loadavgAtStart = loadavg();
  const log = (m) => console.log(`[bench:notifications] ${m}`);

  const REDIS = process.env.REDIS === '1';
  const tmp = mkdtempSync(join(tmpdir(), 'lendline-bench-notify-'));
  mkdirSync(join(tmp, 'releases'));
  const children = [];
  process.on('exit', () => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));
  const shared = { RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'shell'), RATE_LIMIT: 'off' };
  let redisUrl;
  if (REDIS) {
    if (!process.env.TEST_DATABASE_URL) throw new Error('REDIS=1 needs PostgreSQL: run it as npm run bench:notifications:redis');
    redisUrl = await startRedis(tmp, children);
  }
  const env = loadEnv({ ...shared, DATA_DIR: join(tmp, 'data'), LOG_LEVEL: 'silent', ...(REDIS ? { DATABASE_URL: process.env.TEST_DATABASE_URL, REDIS_URL: redisUrl } : {}) });
  const db = REDIS ? undefined : await openPglite('memory://');
  log(REDIS ? 'process A: migrating and seeding PostgreSQL…' : 'seeding an in-memory database…');
  const app = await buildApp({ env, db, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${app.server.address().port}`;
  // Process B: the built server on the same database and Redis (started after A seeded, so it only migrates-checks).
  const urlB = REDIS ? await startServerB({ ...shared, DATA_DIR: join(tmp, 'data'), DATABASE_URL: process.env.TEST_DATABASE_URL, REDIS_URL: redisUrl }, children) : null;
  if (urlB) log(`process B at ${urlB}`);
  const bus = app.db;

  const login = async (username) => {
    const { publicKey } = (await app.inject({ method: 'GET', url: '/v3/auth/public-key' })).json();
    const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo@12345')).toString('base64');
    const s = (await app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password } })).json();
    return { access_token: s.access_token, sessionId: s.sessionid };
  };
  // cpa1 is in CPA-NORTH and BR-NORTH; dev1 in CPA-SOUTH and BR-SOUTH.
  const team = await login('cpa1');
  const others = await login('dev1');

  gc();
  await sleep(200);
  gc();
  const before = process.memoryUsage();
  // Every client process holds its share of the team and of the others; with Redis, half of each share is on B.
  const share = (n, parts) => Array.from({ length: parts }, (_, i) => Math.floor(n / parts) + (i < n % parts ? 1 : 0));
  const urls = urlB ? [url, urlB] : [url];
  const plan = Array.from({ length: PROCS }, () => []);
  for (const [auth, total] of [[team, TEAM], [others, SOCKETS - TEAM]]) {
    share(total, PROCS).forEach((n, p) => share(n, urls.length).forEach((count, u) => count && plan[p].push({ url: urls[u], auth, count })));
  }
  const t0 = Date.now();
  const clients = plan.filter((groups) => groups.length).map((groups) => {
    const child = fork(HERE, ['--client'], { env: { ...process.env, BENCH_CLIENT: JSON.stringify(groups) }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ready = new Promise((res, rej) => {
      child.once('message', (m) => res(m.ready));
      child.once('exit', (code) => rej(new Error(`client exited ${code}`)));
    });
    return { child, ready };
  });
  const connected = (await Promise.all(clients.map((c) => c.ready))).reduce((a, b) => a + b, 0);
  const connectSeconds = (Date.now() - t0) / 1000;
  log(`${connected} sockets connected in ${connectSeconds.toFixed(1)} s`);
  if (urlB) log(`(process A holds ${connected / 2} of them; memory below is A's)`);
  const onA = urlB ? connected / 2 : connected;
  await sleep(1000);
  gc();
  await sleep(200);
  gc();
  const after = process.memoryUsage();
  const perConnection = { rssKB: (after.rss - before.rss) / onA / 1024, heapKB: (after.heapUsed - before.heapUsed) / onA / 1024 };
  log(`memory per connection: RSS ${perConnection.rssKB.toFixed(1)} KB, heap ${perConnection.heapKB.toFixed(1)} KB`);

  const flush = () =>
    Promise.all(clients.map(({ child }) => new Promise((res) => {
      child.once('message', (m) => res(m.receipts));
      child.send('flush');
    }))).then((all) => all.flat());

  /** One round: write the rows in a transaction, publish after the commit, collect every receipt. */
  async function round(teams, expected) {
    const rows = await app.db.transaction((tx) =>
      notify(tx, 'APP-BENCH', 'bench', teams.map((t) => ({ team: t, type: 'TEAM', event: 'TeamApplication', message: `bench to ${t}` })), new Date()),
    );
    const published = Date.now();
    publishNotifications(bus, rows);
    const ids = new Set(rows.map((r) => r.id));
    const got = [];
    const deadline = Date.now() + 30_000;
    while (got.length < expected && Date.now() < deadline) {
      await sleep(50);
      got.push(...(await flush()).filter(([id]) => ids.has(id)));
    }
    const lat = got.map(([, t]) => t - published);
    return { delivered: got.length, expected, latencies: lat, seconds: Math.max(1, ...lat) / 1000 };
  }

  async function run(name, teams, expected) {
    const lat = [];
    const rates = [];
    let delivered = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const r = await round(teams, expected);
      lat.push(...r.latencies);
      rates.push(r.delivered / r.seconds);
      delivered += r.delivered;
      await sleep(300);
    }
    lat.sort((a, b) => a - b);
    rates.sort((a, b) => a - b);
    const out = { recipients: expected, rounds: ROUNDS, delivered, lost: expected * ROUNDS - delivered, p50Ms: pct(lat, 50), p99Ms: pct(lat, 99), maxMs: lat.at(-1) ?? null, deliveriesPerSecond: Math.round(pct(rates, 50)) };
    log(`${name}: ${JSON.stringify(out)}`);
    return out;
  }

  const teamCase = await run(`team of ${TEAM}`, ['CPA-NORTH'], TEAM);
  const allCase = await run(`all ${connected}`, ['BR-NORTH', 'BR-SOUTH'], connected);

  for (const { child } of clients) child.send('close');
  for (const c of children) c.kill('SIGTERM');
  await app.close();
  rmSync(tmp, { recursive: true, force: true });

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, memoryGB: Math.round(totalmem() / 2 ** 30), node: process.version, loadavgAtStart, loadavg: loadavg() },
    setup: {
      sockets: connected, clientProcesses: clients.length, rounds: ROUNDS, connectSeconds,
      ...(REDIS ? { database: 'PostgreSQL', redis: true, serverProcesses: 2, socketsPerProcess: connected / 2 } : { database: 'PGlite (in-memory)', redis: false, serverProcesses: 1 }),
    },
    memoryPerConnection: { rssKB: Number(perConnection.rssKB.toFixed(1)), heapKB: Number(perConnection.heapKB.toFixed(1)) },
    team: teamCase,
    all: allCase,
    targets: { p99Ms: 100, perConnectionKB: 30 },
    meets: { teamP99: teamCase.p99Ms <= 100, allP99: allCase.p99Ms <= 100, memory: Math.max(perConnection.rssKB, perConnection.heapKB) <= 30 },
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  const outFile = REDIS ? 'notifications-redis.json' : 'notifications.json';
  writeFileSync(join(ROOT, 'bench', 'results', outFile), JSON.stringify(result, null, 2) + '\n');
  console.table({
    [`team of ${TEAM}`]: { p50Ms: teamCase.p50Ms, p99Ms: teamCase.p99Ms, 'deliveries/s': teamCase.deliveriesPerSecond, lost: teamCase.lost },
    [`all ${connected}`]: { p50Ms: allCase.p50Ms, p99Ms: allCase.p99Ms, 'deliveries/s': allCase.deliveriesPerSecond, lost: allCase.lost },
  });
  log(`memory per connection ${result.memoryPerConnection.rssKB} KB RSS (${result.memoryPerConnection.heapKB} KB heap); wrote bench/results/${outFile}; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  process.exit(0);
}


/** A throwaway redis-server on loopback (Debian's package), persistence off. */
async function startRedis(tmp, children) {
  if (spawnSync('redis-server', ['--version']).error) throw new Error('redis-server is not installed (apt-get install -y redis-server)');
  const port = await freePort();
  mkdirSync(join(tmp, 'redis'));
  children.push(spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', join(tmp, 'redis')], { stdio: 'ignore' }));
  return `redis://127.0.0.1:${port}`;
}

/** Process B: the built server as `npm run serve` starts it; resolves with its URL once /health answers. */
async function startServerB(env, children) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'index.js')], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', JANUS_AUTOSTART: 'off' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    if (child.exitCode !== null) throw new Error(`process B exited (${child.exitCode})`);
    const ok = await fetch(`${base}/health`).then((r) => r.ok, () => false);
    if (ok) return base;
    await sleep(250);
  }
  throw new Error('process B did not answer /health within 300 s');
}
