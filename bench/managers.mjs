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
import { args, dist, machine, pct, prepareBook, requirePostgres, startServer, time, writeResult } from './support/server-bench.mjs';

const dash = dist('domain/managers/dashboard.js');
const N = Number(args.applications ?? 1000000);
const ITER = Number(args.iterations ?? 100);
const pgUrl = requirePostgres('npm run bench:managers');

async function main() {
  const seedSeconds = await prepareBook(N, { databaseUrl: pgUrl });
  const server = await startServer({ DATABASE_URL: pgUrl });
  const { app, request } = server;
  const v0 = Date.now();
  await app.db.exec('VACUUM (ANALYZE) applications');
  await app.db.exec('VACUUM (ANALYZE)');
  console.log(`VACUUM (ANALYZE) in ${((Date.now() - v0) / 1000).toFixed(1)} s`);
  const sessions = {};
  for (const u of ['bh1', 'nsm1']) sessions[u] = await server.login(u);
  const post = (u, path, body) => request('POST', path, body, sessions[u].headers);
  const measures = [];
  async function measure(name, fn, target) {
    for (let i = 0; i < 3; i++) await fn();
    const xs = [];
    for (let i = 0; i < ITER; i++) xs.push(await time(fn));
    const m = { name, p50: +pct(xs, 50).toFixed(2), p95: +pct(xs, 95).toFixed(2), max: +Math.max(...xs).toFixed(2), target, met: pct(xs, 95) <= target };
    measures.push(m);
    console.log(`${name.padEnd(58)} p50 ${String(m.p50).padStart(8)} ms  p95 ${String(m.p95).padStart(8)} ms  ${m.met ? 'ok' : `> ${target} ms`}`);
  }

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
    applications: Number((await app.db.query('SELECT count(*)::text AS n FROM applications')).rows[0].n),
    iterations: ITER,
    seedSeconds,
    machine: machine(),
    targets: { chartP95Ms: 500, listPageP95Ms: 20 },
    notes: ['Chart rows: the domain function alone (SQL + shaping), in-process. API rows: node:http keep-alive round trip through auth, route and JSON.', ...(process.env.BENCH_NOTE ? [process.env.BENCH_NOTE] : [])],
    measures,
  };
  writeResult('managers.json', out);
  await server.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
