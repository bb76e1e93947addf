#!/usr/bin/env node
// Lists benchmark (issue 4): seeds N applications (default 1,000,000) into PostgreSQL and into PGlite,
// starts the real server on each, and measures p50/p95/p99 of the first page of each list type, page
// 10,000, amount filters on custom fields, global search and the counts — API time (HTTP round trip
// through auth and the route) beside the raw SQL time of the same query — plus requests per second of
// the list call at 50 connections. Prints a table and writes bench/results/lists.json.
//
//   npm run build -w shared && npm run build -w server
//   node scripts/with-postgres.mjs -- node bench/lists.mjs [--applications N] [--iterations 200] [--only postgres|pglite]
//
// PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL (with-postgres.mjs exports it);
// PGlite lives in BENCH_PGLITE_DIR (default bench/.data/pglite-<N>). An already seeded database is
// reused. The 50-connection load is autocannon (root devDependency), in a worker thread so that it
// does not share the server's event loop.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => require(join(ROOT, 'server', 'dist', p));
const { buildApp } = dist('app.js');
const { loadEnv } = dist('env.js');
const { buildListRequest, pageQuery, countsQuery, listApplications } = dist('domain/lists/list-service.js');
const { globalSearch } = dist('domain/lists/search.js');
const { searchQuery } = dist('domain/lists/search.js');
const autocannon = require('autocannon');

const args = Object.fromEntries(
  process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const N = Number(args.applications ?? 1000000);
const ITER = Number(args.iterations ?? 200);
const LOAD_SECONDS = Number(args['load-seconds'] ?? 10);
// Counts of lists narrowed only by indexed columns are summed from application_counts (014);
// filtered ones scan. --count-iterations shortens a run when they scan.
const COUNT_ITER = Number(args['count-iterations'] ?? ITER);
const PASSWORD = 'Demo@12345';
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
const pgliteDir = process.env.BENCH_PGLITE_DIR || join(ROOT, 'bench', '.data', `pglite-${N}`);

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const stats = (xs) => ({ p50: +pct(xs, 50).toFixed(2), p95: +pct(xs, 95).toFixed(2), p99: +pct(xs, 99).toFixed(2) });

function runSeed(env) {
  return new Promise((res, rej) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'cli', 'seed.js'), '--applications', String(N)], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? res((Date.now() - t0) / 1000) : rej(new Error(`seed exited with ${code}`))));
  });
}

// Migrations on an existing 1M book (indexes, counts backfill) can take minutes on PGlite: longer
// than the server's plugin start-up allows, so the bench applies them before starting the server.
async function migrateFirst(db, kind) {
  const { migrate } = dist('db/migrate.js');
  const t0 = Date.now();
  const applied = await migrate(db);
  if (applied.length) console.log(`[${kind}] migrations ${applied.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (kind === 'pglite') {
    // PGlite has no autovacuum: without one VACUUM the visibility map stays empty and index-only
    // scans (my queries / approvals, 016) read the table anyway. PostgreSQL's autovacuum does this.
    const t1 = Date.now();
    await db.exec('VACUUM (ANALYZE) applications');
    console.log(`[pglite] VACUUM (ANALYZE) applications in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  }
}

async function countApplications(db) {
  try {
    return Number((await db.query('SELECT count(*)::text AS n FROM applications')).rows[0].n);
  } catch {
    return 0;
  }
}

async function login(base, userName) {
  const { publicKey } = await (await fetch(`${base}/v3/auth/public-key`)).json();
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD)).toString('base64');
  const res = await fetch(`${base}/v3/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: userName, password }) });
  if (!res.ok) throw new Error(`login ${userName}: ${res.status} ${await res.text()}`);
  const s = await res.json();
  return { headers: { access_token: s.access_token, sessionId: s.sessionid, 'content-type': 'application/json' }, user: s.user };
}

async function bench(kind, env, seedSeconds) {
  const tmp = mkdtempSync(join(tmpdir(), 'lendline-bench-'));
  const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent', RELEASES_DIR: join(tmp, 'r'), SHELL_DIR: join(tmp, 's'), ...env }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Full-scan measures keep PGlite busy for seconds: idle keep-alive sockets must outlive them.
  app.server.keepAliveTimeout = 600000;
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const db = app.db;
  const users = {};
  for (const u of ['admin', 'bcm1', 'cpa1', 'bh1']) users[u] = await login(base, u);

  // The API is timed with node:http over one keep-alive socket, as a service client or a load tool
  // (autocannon) talks to it. Node's fetch (undici) costs about 1.5-3 ms more per call on this machine
  // (measured: admin page p50 3.2 ms by fetch, 1.4-1.7 ms by node:http, same server and query), and
  // that is the client library's time, not the API's.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const post = (u, path, body) =>
    new Promise((resolvePost, reject) => {
      const req = http.request(`${base}${path}`, { method: 'POST', headers: users[u].headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          if (res.statusCode !== 200) reject(new Error(`${path} ${res.statusCode} ${JSON.stringify(json)}`));
          else resolvePost(json);
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(JSON.stringify(body));
    });
  const time = async (fn) => {
    const t = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
  const measures = [];
  // api: HTTP round trip (auth, route, JSON); svc: the domain call in-process; sql: the query alone.
  async function measure(name, api, sql, iterations = ITER, svc = null, warmups = 3) {
    for (let i = 0; i < warmups; i++) { await api(); await sql(); }
    const a = [], s = [], v = [];
    for (let i = 0; i < iterations; i++) {
      a.push(await time(api));
      s.push(await time(sql));
      if (svc) v.push(await time(svc));
    }
    const m = { name, api: stats(a), sql: stats(s), ...(svc ? { svc: stats(v) } : {}) };
    m.ratioP50 = +(m.api.p50 / m.sql.p50).toFixed(2);
    measures.push(m);
    console.log(`[${kind}] ${name.padEnd(34)} api p50 ${m.api.p50} p95 ${m.api.p95} p99 ${m.api.p99} ms | svc p50 ${m.svc?.p50 ?? '-'} | sql p50 ${m.sql.p50} p95 ${m.sql.p95} ms`);
    return m;
  }
  const listCase = async (name, u, input) => {
    const req = await buildListRequest(db, users[u].user, input);
    const q = pageQuery(req);
    return measure(name, () => post(u, '/backstage/getApplications', { ...input, counts: false }), () => db.query(q.text, q.params), ITER,
      () => listApplications(db, users[u].user, input, { counts: false }));
  };

  const LISTS = [
    ['TEAM_APPLICATIONS', 'bcm1'], ['TEAM_LEADS', 'cpa1'], ['MY_APPLICATIONS', 'bcm1'], ['MY_LEADS', 'cpa1'], ['MY_QUERIES', 'cpa1'],
    ['MY_APPROVALS', 'bh1'], ['ALL_APPLICATIONS', 'admin'], ['REJECTED', 'cpa1'], ['CANCELLED', 'admin'],
  ];
  for (const [type, u] of LISTS) await listCase(`page 1 ${type} (${u})`, u, { queryType: type });
  // Page 10,000 at 10 a page: the cursor after row 99,990 of the list.
  const { rows: deep } = await db.query(`SELECT id::text AS id FROM applications WHERE status = 'ACTIVE' ORDER BY id DESC OFFSET 99989 LIMIT 1`);
  // Cursors are signed with the server's key (domain/lists/cursor.ts): make one the way a page would.
  const { encodeCursor, cursorKey } = dist('domain/lists/cursor.js');
  const cursor = encodeCursor(await cursorKey(db), 'id', { id: deep[0].id });
  const p1 = measures.find((m) => m.name.includes('ALL_APPLICATIONS'));
  const p10k = await listCase('page 10,000 ALL_APPLICATIONS', 'admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 10, cursor } });
  await listCase('amount filter loanAmount > 5M', 'admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 5000000 }] });
  await listCase('amount filter monthlyIncome > 250k', 'admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.monthlyIncome', operator: 'GREATER_THAN', value: 250000 }] });
  await listCase('dropdown filter loanPurpose', 'admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanPurpose', operator: 'EQUAL', value: 'Travel' }] });

  const { rows: sample } = await db.query(`SELECT application_id, mobile, applicant_name FROM applications WHERE id = (SELECT max(id) / 2 FROM applications)`);
  for (const [label, text] of [['search by id', sample[0].application_id], ['search by mobile', sample[0].mobile], ['search by full name', sample[0].applicant_name], ['search by first name', sample[0].applicant_name.split(' ')[0]]]) {
    const q = searchQuery(users.admin.user, { searchText: text });
    await measure(label, () => post('admin', '/backstage/globalSearch', { searchText: text }), () => db.query(q.text, q.params), ITER, () => globalSearch(db, users.admin.user, { searchText: text }));
  }
  const countReq = await buildListRequest(db, users.admin.user, { queryType: 'ALL_APPLICATIONS' });
  const cq = countsQuery(countReq);
  await measure('counts ALL_APPLICATIONS (admin)', () => post('admin', '/backstage/getApplications', { queryType: 'ALL_APPLICATIONS' }), () => db.query(cq.text, cq.params), COUNT_ITER);
  const teamCounts = countsQuery(await buildListRequest(db, users.bcm1.user, { queryType: 'TEAM_APPLICATIONS' }));
  await measure('counts TEAM_APPLICATIONS (bcm1)', () => post('bcm1', '/backstage/getApplications', { queryType: 'TEAM_APPLICATIONS' }), () => db.query(teamCounts.text, teamCounts.params), COUNT_ITER);
  // The scan these replaced, and lists that still scan (holders, §5 filters), for comparison.
  const scanIter = Math.min(COUNT_ITER, 5);
  const scanAll = countsQuery(countReq, true);
  await measure('counts ALL_APPLICATIONS by scan (sql only)', () => db.query(scanAll.text, scanAll.params), () => db.query(scanAll.text, scanAll.params), scanIter, null, 0);
  const queryCounts = countsQuery(await buildListRequest(db, users.cpa1.user, { queryType: 'MY_QUERIES' }));
  await measure('counts MY_QUERIES (cpa1, scan)', () => post('cpa1', '/backstage/getApplications', { queryType: 'MY_QUERIES' }), () => db.query(queryCounts.text, queryCounts.params), COUNT_ITER);
  const amountInput = { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 5000000 }] };
  const filteredCounts = countsQuery(await buildListRequest(db, users.admin.user, amountInput));
  await measure('counts amount filter (admin, scan)', () => post('admin', '/backstage/getApplications', amountInput), () => db.query(filteredCounts.text, filteredCounts.params), scanIter, null, 1);

  // Requests per second of the list call at 50 connections (autocannon): the page alone, and the
  // page with its counts as the list screen asks for it.
  const load = async (label, body) => {
    const r = await autocannon({
      url: `${base}/backstage/getApplications`, method: 'POST', connections: 50, duration: LOAD_SECONDS, workers: 1,
      headers: users.admin.headers, body: JSON.stringify(body),
    });
    const out = { rps: +r.requests.average.toFixed(1), latencyP50: r.latency.p50, latencyP99: r.latency.p99, requests: r.requests.total, failed: r.errors + r.timeouts + r.non2xx };
    console.log(`[${kind}] ${label} at 50 connections: ${out.rps} req/s, latency p50 ${out.latencyP50} ms p99 ${out.latencyP99} ms (${out.failed} failed)`);
    return out;
  };
  const loadPage = await load('list call (page)', { queryType: 'ALL_APPLICATIONS', counts: false });
  const loadCounts = await load('list call (page + counts)', { queryType: 'ALL_APPLICATIONS' });
  agent.destroy();
  await app.close();
  const pages = measures.filter((m) => m.name.startsWith('page') || m.name.startsWith('search'));
  return {
    seedSeconds,
    measures,
    rps50: loadPage.rps,
    failedUnderLoad: loadPage.failed,
    load50: { page: loadPage, pageWithCounts: loadCounts },
    checks: {
      pageAndSearchP95Max: Math.max(...pages.map((m) => m.api.p95)),
      apiOverSqlP50Max: Math.max(...pages.map((m) => m.ratioP50)),
      page10kOverPage1P50: +(p10k.api.p50 / p1.api.p50).toFixed(2),
    },
  };
}

const results = { date: new Date().toISOString(), applications: N, iterations: ITER, machine: { cpus: cpus().length, memGB: Math.round(totalmem() / 2 ** 30), node: process.version }, targets: {} };
const only = args.only;
if (pgUrl && only !== 'pglite') {
  const { openDb } = dist('db/open.js');
  const probe = await openDb({ databaseUrl: pgUrl, dataDir: '' });
  await migrateFirst(probe, 'postgres');
  const have = await countApplications(probe);
  await probe.close();
  const seedSeconds = have >= N ? null : await runSeed({ DATABASE_URL: pgUrl });
  results.targets.postgres = await bench('postgres', { DATABASE_URL: pgUrl }, seedSeconds);
}
if (only !== 'postgres') {
  mkdirSync(pgliteDir, { recursive: true });
  const { openDb } = dist('db/open.js');
  const probe = await openDb({ dataDir: pgliteDir });
  await migrateFirst(probe, 'pglite');
  const have = await countApplications(probe);
  await probe.close();
  const seedSeconds = have >= N ? null : await runSeed({ DATA_DIR: pgliteDir, DATABASE_URL: '' });
  results.targets.pglite = await bench('pglite', { DATA_DIR: pgliteDir }, seedSeconds);
}

console.log('\n' + ['target', 'measure', 'api p50', 'api p95', 'api p99', 'svc p50', 'sql p50', 'sql p95', 'api/sql'].join('\t'));
for (const [kind, r] of Object.entries(results.targets)) {
  for (const m of r.measures) console.log([kind, m.name, m.api.p50, m.api.p95, m.api.p99, m.svc?.p50 ?? '-', m.sql.p50, m.sql.p95, m.ratioP50].join('\t'));
  console.log(`${kind}\tseed ${r.seedSeconds ?? 'reused'} s\trps@50 ${r.rps50}\tchecks ${JSON.stringify(r.checks)}`);
}
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
const out = join(ROOT, 'bench', 'results', 'lists.json');
// A run of one target (--only) keeps the other target's last figures.
if (only && existsSync(out)) {
  const previous = JSON.parse(readFileSync(out, 'utf8'));
  for (const [kind, r] of Object.entries(previous.targets ?? {})) if (!(kind in results.targets)) results.targets[kind] = { ...r, measuredAt: r.measuredAt ?? previous.date };
}
writeFileSync(out, JSON.stringify(results, null, 2) + '\n');
console.log('wrote bench/results/lists.json');
