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
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, args, dist, machine, pgUrl, prepareBook, require, startServer, stats, time, writeResult } from './support/server-bench.mjs';

const { buildListRequest, pageQuery, countsQuery, listApplications } = dist('domain/lists/list-service.js');
const { globalSearch } = dist('domain/lists/search.js');
const { searchPlan, runSearch } = dist('domain/lists/search.js');
const autocannon = require('autocannon');

const N = Number(args.applications ?? 1000000);
const ITER = Number(args.iterations ?? 200);
const LOAD_SECONDS = Number(args['load-seconds'] ?? 10);
// Counts of lists narrowed only by indexed columns are summed from application_counts (014);
// filtered ones scan. --count-iterations shortens a run when they scan.
const COUNT_ITER = Number(args['count-iterations'] ?? ITER);
const pgliteDir = process.env.BENCH_PGLITE_DIR || join(ROOT, 'bench', '.data', `pglite-${N}`);

async function bench(kind, env, seedSeconds) {
  const server = await startServer(env);
  const { base, db } = server;
  const users = {};
  for (const u of ['admin', 'bcm1', 'cpa1', 'bh1']) users[u] = await server.login(u);
  const post = (u, path, body) => server.request('POST', path, body, users[u].headers);
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
  // (A smaller book, --applications, goes as deep as it can.)
  const active = Number((await db.query(`SELECT count(*)::text AS n FROM applications WHERE status = 'ACTIVE'`)).rows[0].n);
  const deepPage = Math.min(10000, Math.floor((active - 1) / 10));
  const { rows: deep } = await db.query(`SELECT id::text AS id FROM applications WHERE status = 'ACTIVE' ORDER BY id DESC OFFSET $1 LIMIT 1`, [deepPage * 10 - 11]);
  // Cursors are signed with the server's key (domain/lists/cursor.ts): make one the way a page would.
  const { encodeCursor, cursorKey } = dist('domain/lists/cursor.js');
  const cursor = encodeCursor(await cursorKey(db), 'id', { id: deep[0].id });
  const p1 = measures.find((m) => m.name.includes('ALL_APPLICATIONS'));
  const p10k = await listCase(`page ${deepPage.toLocaleString('en')} ALL_APPLICATIONS`, 'admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 10, cursor } });
  await listCase('amount filter loanAmount > 5M', 'admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 5000000 }] });
  await listCase('amount filter monthlyIncome > 250k', 'admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.monthlyIncome', operator: 'GREATER_THAN', value: 250000 }] });
  await listCase('dropdown filter loanPurpose', 'admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanPurpose', operator: 'EQUAL', value: 'Travel' }] });

  const { rows: sample } = await db.query(`SELECT application_id, mobile, applicant_name FROM applications WHERE id = (SELECT max(id) / 2 FROM applications)`);
  for (const [label, text] of [['search by id', sample[0].application_id], ['search by mobile', sample[0].mobile], ['search by full name', sample[0].applicant_name], ['search by first name', sample[0].applicant_name.split(' ')[0]]]) {
    const plan = searchPlan(users.admin.user, { searchText: text });
    await measure(label, () => post('admin', '/backstage/globalSearch', { searchText: text }), () => runSearch(db, plan), ITER, () => globalSearch(db, users.admin.user, { searchText: text }));
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
  await server.close();
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

const results = { date: new Date().toISOString(), applications: N, iterations: ITER, machine: machine(), targets: {} };
const only = args.only;
if (pgUrl && only !== 'pglite') {
  const seedSeconds = await prepareBook(N, { databaseUrl: pgUrl });
  results.targets.postgres = await bench('postgres', { DATABASE_URL: pgUrl }, seedSeconds);
}
if (only !== 'postgres') {
  mkdirSync(pgliteDir, { recursive: true });
  const seedSeconds = await prepareBook(N, { dataDir: pgliteDir });
  results.targets.pglite = await bench('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' }, seedSeconds);
}

console.log('\n' + ['target', 'measure', 'api p50', 'api p95', 'api p99', 'svc p50', 'sql p50', 'sql p95', 'api/sql'].join('\t'));
for (const [kind, r] of Object.entries(results.targets)) {
  for (const m of r.measures) console.log([kind, m.name, m.api.p50, m.api.p95, m.api.p99, m.svc?.p50 ?? '-', m.sql.p50, m.sql.p95, m.ratioP50].join('\t'));
  console.log(`${kind}\tseed ${r.seedSeconds ?? 'reused'} s\trps@50 ${r.rps50}\tchecks ${JSON.stringify(r.checks)}`);
}
const out = join(ROOT, 'bench', 'results', 'lists.json');
// A run of one target (--only) keeps the other target's last figures.
if (only && existsSync(out)) {
  const previous = JSON.parse(readFileSync(out, 'utf8'));
  for (const [kind, r] of Object.entries(previous.targets ?? {})) if (!(kind in results.targets)) results.targets[kind] = { ...r, measuredAt: r.measuredAt ?? previous.date };
}
writeResult('lists.json', results);
