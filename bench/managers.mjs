#!/usr/bin/env node
// Managers' view benchmark (issue 18): on a PostgreSQL book of N applications (default 1,000,000) it measures p50/p95
// of every dashboard chart query (SQL alone, through the domain function) and of POST /backstage/dashboard (HTTP round
// trip, all charts), for a 30-day and a 365-day period, and of the NSM list page (first page and page 100 by cursor,
// by branch and narrowed by initiators). Prints a table and writes bench/results/managers.json.
//
//   npm run build -w shared && npm run build -w server
//   npm run bench:managers            (= node scripts/with-postgres.mjs -- node bench/managers.mjs)
//   options: --applications N --iterations 100
//
// PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL (with-postgres.mjs exports it). An already seeded
// database is reused. Targets: each chart <= 500 ms p95, a list page <= 20 ms p95.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => require(join(ROOT, 'server', 'dist', p));
const { buildApp } = dist('app.js');
const { loadEnv } = dist('env.js');
const dash = dist('domain/managers/dashboard.js');

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const N = Number(args.applications ?? 1000000);
const ITER = Number(args.iterations ?? 100);
const PASSWORD = 'Demo@12345';
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) throw new Error('Set BENCH_DATABASE_URL or run through scripts/with-postgres.mjs');

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const stats = (xs) => ({ p50: +pct(xs, 50).toFixed(2), p95: +pct(xs, 95).toFixed(2), max: +Math.max(...xs).toFixed(2) });
const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

function runSeed() {
  return new Promise((res, rej) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'cli', 'seed.js'), '--applications', String(N)], {
      env: { ...process.env, DATABASE_URL: pgUrl }, stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => (code === 0 ? res((Date.now() - t0) / 1000) : rej(new Error(`seed exited with ${code}`))));
  });
}

async function countApplications() {
  const pg = require(join(ROOT, 'node_modules', 'pg'));
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    return Number((await c.query('SELECT count(*)::text AS n FROM applications')).rows[0].n);
  } catch {
    return 0;
  } finally {
    await c.end();
  }
}

async function main() {
  let seedSeconds = null;
  const have = await countApplications();
  if (have < N) {
    console.log(`seeding ${N} applications (found ${have})…`);
    seedSeconds = await runSeed();
  }
  const tmp = mkdtempSync(join(tmpdir(), 'lendline-bench-managers-'));
  const app = await buildApp({ env: loadEnv({ DATABASE_URL: pgUrl, DATA_DIR: join(tmp, 'd'), LOG_LEVEL: 'silent', RELEASES_DIR: join(tmp, 'r'), SHELL_DIR: join(tmp, 's') }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${app.server.address().port}`;
  // A freshly seeded book has no visibility map yet (autovacuum would make one later): index-only scans need it.
  const v0 = Date.now();
  await app.db.exec('VACUUM (ANALYZE) applications');
  await app.db.exec('VACUUM (ANALYZE)');
  console.log(`VACUUM (ANALYZE) in ${((Date.now() - v0) / 1000).toFixed(1)} s`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const sessions = {};
  const request = (method, path, body, headers = {}) =>
    new Promise((ok, fail) => {
      const req = http.request(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode !== 200) fail(new Error(`${path} ${res.statusCode} ${JSON.stringify(json)}`));
          else ok(json);
        });
      });
      req.on('error', fail);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  for (const u of ['bh1', 'nsm1']) {
    const { publicKey } = await request('GET', '/v3/auth/public-key');
    const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD)).toString('base64');
    const s = await request('POST', '/v3/auth/login', { username: u, password });
    sessions[u] = { headers: { access_token: s.access_token, sessionId: s.sessionid }, user: s.user };
  }
  const post = (u, path, body) => request('POST', path, body, sessions[u].headers);
  const measures = [];
  async function measure(name, fn, target) {
    for (let i = 0; i < 3; i++) await fn();
    const xs = [];
    for (let i = 0; i < ITER; i++) xs.push(await time(fn));
    const m = { name, ...stats(xs), target, met: pct(xs, 95) <= target };
    measures.push(m);
    console.log(`${name.padEnd(58)} p50 ${String(m.p50).padStart(8)} ms  p95 ${String(m.p95).padStart(8)} ms  ${m.met ? 'ok' : `> ${target} ms`}`);
  }

  // References on the same machine at the same moment: a trivial authenticated call and the lists' own first page
  // (bench/lists.mjs: ~2 ms on a quiet machine), so figures taken under load can be read against them.
  await measure('reference: GET /v3/users/roles (auth only)', () => request('GET', '/v3/users/roles', undefined, sessions.bh1.headers), 20);
  await measure('reference: POST /backstage/getApplications ALL page 1 (bh1)', () => post('bh1', '/backstage/getApplications', { queryType: 'ALL_APPLICATIONS', counts: false }), 20);

  const today = new Date().toISOString().slice(0, 10);
  const ago = (d) => new Date(Date.now() - d * 86400000).toISOString().slice(0, 10);
  // The domain functions take the caller as the auth hook builds it; bh1 (ALL_APPLICATIONS_*) reaches every branch.
  const bh1 = { ...sessions.bh1.user, userName: 'bh1', kind: 'STAFF' };
  for (const [label, from] of [['30 days', ago(29)], ['365 days', ago(364)]]) {
    for (const [fl, extra] of [['all branches', {}], ['BR-NORTH, PL', { branch: ['BR-NORTH'], product_code: ['PL'] }]]) {
      const scope = await dash.dashboardScope(app.db, bh1, { from, to: today, ...extra });
      const tag = `${label}, ${fl}`;
      await measure(`chart pipeline (${tag})`, () => dash.pipeline(app.db, scope), 500);
      await measure(`chart turnaround median/p90 (${tag})`, () => dash.turnaround(app.db, scope), 500);
      await measure(`chart SLA by team (${tag})`, () => dash.slaByTeam(app.db, scope), 500);
      await measure(`chart SLA trend (${tag})`, () => dash.slaTrend(app.db, scope), 500);
      await measure(`chart approval/rejection (${tag})`, () => dash.outcomes(app.db, scope), 500);
      await measure(`chart targets vs achieved (${tag})`, () => dash.targetsVsAchieved(app.db, bh1, scope), 500);
      await measure(`API POST /backstage/dashboard, all charts (${tag})`, () => post('bh1', '/backstage/dashboard', { from, to: today, ...extra }), 500);
    }
  }
  // NSM list: first page, and page 100 reached by cursor (the cursor is taken once, then that page is timed).
  await measure('API getNsmApplications page 1 (nsm1, zone)', () => post('nsm1', '/backstage/getNsmApplications', { pagination: { pageSize: 10 } }), 20);
  let cursor = null;
  for (let i = 0; i < 99; i++) cursor = (await post('nsm1', '/backstage/getNsmApplications', { pagination: { pageSize: 10, cursor } })).pageInfo.nextCursor;
  await measure('API getNsmApplications page 100 (nsm1, by cursor)', () => post('nsm1', '/backstage/getNsmApplications', { pagination: { pageSize: 10, cursor } }), 20);
  await measure('API getfilteredNsm (branch NORTH, HL, 2 initiators)', () => post('nsm1', '/backstage/getfilteredNsm', { branchList: ['NORTH'], product_code: ['HL'], userIds: ['cpa1', 'cpa2'], pagination: { pageSize: 10 } }), 20);
  await measure('API getNsmZoneGroup (nsm1)', () => post('nsm1', '/backstage/getNsmZoneGroup', {}), 20);

  // Drill-down: the list behind a figure (a list page, so the list target), for the biggest pipeline bar, approved in
  // 30 days, and the team with the most open overdue work.
  {
    const from = ago(29);
    const d = (await post('bh1', '/backstage/dashboard', { from, to: today })).data;
    const bar = [...d.pipeline].sort((a, b) => b.count - a.count)[0];
    const team = [...d.slaByTeam].sort((a, b) => b.openOverdue - a.openOverdue)[0];
    const drill = (body) => post('bh1', '/backstage/dashboard/applications', { from, to: today, pagination: { pageSize: 25 }, ...body });
    await measure(`API drill-down pipeline bar (${bar.stepName}, ${bar.product_code}), 25 rows`, () => drill({ chart: 'pipeline', stepName: bar.stepName, product_code: [bar.product_code] }), 20);
    await measure('API drill-down approved in 30 days, 25 rows', () => drill({ chart: 'outcomes', status: 'COMPLETED' }), 20);
    if (team?.openOverdue) await measure(`API drill-down open overdue of ${team.team}, 25 rows`, () => drill({ chart: 'slaByTeam', team: team.team }), 20);
  }

  const out = {
    date: new Date().toISOString(),
    applications: await countApplications(),
    iterations: ITER,
    seedSeconds,
    machine: { cpus: cpus().length, memGB: Math.round(totalmem() / 2 ** 30), node: process.version, loadavg: loadavg().map((x) => +x.toFixed(1)) },
    targets: { chartP95Ms: 500, listPageP95Ms: 20 },
    notes: ['Chart rows: the domain function alone (SQL + shaping), in-process. API rows: node:http keep-alive round trip through auth, route and JSON.', ...(process.env.BENCH_NOTE ? [process.env.BENCH_NOTE] : [])],
    measures,
  };
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', 'managers.json'), JSON.stringify(out, null, 2) + '\n');
  console.log('wrote bench/results/managers.json');
  await app.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
