#!/usr/bin/env node
// Search benchmark (issue 26): seeds N applications (default 1,000,000) into PostgreSQL and into PGlite, starts the
// real server on each and measures p50/p95 of global search for a 3-letter name prefix, 3 digits of an id, a PAN, a
// 3-letter fragment inside names (the substring tier) and a full id — API time (HTTP round trip through auth and the
// route) beside the SQL of the same search (domain/lists/search.ts searchPlan + runSearch) — as an admin (every
// branch) and as cpa1 (the visibility rule of domain/access/visibility.ts in the WHERE). Target: p95 ≤ 50 ms.
// Writes bench/results/search.json and bench/results/search.md.
//
//   npm run build -w shared && npm run build -w server
//   node scripts/with-postgres.mjs -- node bench/search.mjs [--applications N] [--iterations 100] [--only postgres|pglite]
//   (npm run bench:search)
//
// The book is seeded as bench/lists.mjs seeds it (support/server-bench.mjs prepareBook, reused when already there).
// The generator gives applicants no PAN: the bench gives one to 1 application in 1,000 (an UPDATE; search_text is a
// generated column, migration 090, so it follows) and searches one of them.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, args, dist, machine, pgUrl, prepareBook, startServer, stats, time, writeResult } from './support/server-bench.mjs';

const { searchPlan, runSearch } = dist('domain/lists/search.js');

const N = Number(args.applications ?? 1000000);
const ITER = Number(args.iterations ?? 100);
const pgliteDir = process.env.BENCH_PGLITE_DIR || join(ROOT, 'bench', '.data', `pglite-${N}`);

const PAN_EVERY = 1000;
const panOf = (id) => `AB${String.fromCharCode(65 + (id % 26))}P${String.fromCharCode(65 + ((id >> 5) % 26))}${String(id % 10000).padStart(4, '0')}K`;

async function givePans(db) {
  const { rows } = await db.query(`SELECT count(*)::int AS n FROM applications WHERE custom_fields ? 'panNumber'`);
  if (rows[0].n > 0) return;
  const t0 = Date.now();
  await db.query(`UPDATE applications SET custom_fields = custom_fields || jsonb_build_object('panNumber',
      'AB' || chr(65 + (id % 26)::int) || 'P' || chr(65 + ((id >> 5) % 26)::int) || lpad((id % 10000)::text, 4, '0') || 'K')
    WHERE id % ${PAN_EVERY} = 0`);
  console.log(`PANs for 1 in ${PAN_EVERY} applications in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

async function bench(kind, env) {
  const server = await startServer(env);
  const { db } = server;
  if (kind === 'pglite') await db.exec('VACUUM (ANALYZE) applications');
  else await db.exec('ANALYZE applications');
  const users = {};
  for (const u of ['admin', 'cpa1']) users[u] = await server.login(u);
  // A row in the middle of the book, a few past a round number so that its last three digits are not "000".
  const { rows: [mid] } = await db.query(`SELECT id::text AS id, application_id, applicant_name FROM applications WHERE id >= (SELECT max(id) / 2 FROM applications) AND right(application_id, 3) !~ $$0$$ ORDER BY id LIMIT 1`);
  const { rows: [panRow] } = await db.query(`SELECT custom_fields ->> 'panNumber' AS pan FROM applications WHERE id % ${PAN_EVERY} = 0 AND custom_fields ? 'panNumber' ORDER BY id DESC OFFSET 7 LIMIT 1`);
  const first = mid.applicant_name.split(' ')[0];
  const cases = [
    ['3-letter name prefix', first.slice(0, 3)],
    ['3 digits of an id', mid.application_id.slice(-3)],
    ['a PAN', panRow?.pan ?? panOf(Number(mid.id))],
    ['3 letters inside a name', first.slice(1, 4)],
    ['a full id', mid.application_id],
  ];
  const measures = [];
  for (const u of ['admin', 'cpa1']) {
    for (const [label, text] of cases) {
      const plan = searchPlan(users[u].user, { searchText: text });
      const api = () => server.request('POST', '/backstage/globalSearch', { searchText: text }, users[u].headers);
      const sql = () => runSearch(db, plan);
      for (let i = 0; i < 3; i++) { await api(); await sql(); }
      const a = [], s = [];
      for (let i = 0; i < ITER; i++) {
        a.push(await time(api));
        s.push(await time(sql));
      }
      const found = (await api()).data.length;
      const m = { name: `${label} (${u})`, text, found, api: stats(a), sql: stats(s) };
      measures.push(m);
      console.log(`[${kind}] ${m.name.padEnd(36)} "${text}" ${found} found | api p50 ${m.api.p50} p95 ${m.api.p95} ms | sql p50 ${m.sql.p50} p95 ${m.sql.p95} ms`);
    }
  }
  await server.close();
  return { measures, p95Max: Math.max(...measures.map((m) => m.api.p95)) };
}

const results = { date: new Date().toISOString(), applications: N, iterations: ITER, machine: machine(), targets: {} };
const only = args.only;
const { openDb } = dist('db/open.js');
async function prepare(opts) {
  const seedSeconds = await prepareBook(N, opts);
  const db = await openDb(opts);
  await givePans(db);
  await db.close();
  return seedSeconds;
}
if (pgUrl && only !== 'pglite') {
  const seedSeconds = await prepare({ databaseUrl: pgUrl });
  results.targets.postgres = { seedSeconds, ...(await bench('postgres', { DATABASE_URL: pgUrl })) };
}
if (only !== 'postgres') {
  mkdirSync(pgliteDir, { recursive: true });
  const seedSeconds = await prepare({ dataDir: pgliteDir });
  results.targets.pglite = { seedSeconds, ...(await bench('pglite', { DATA_DIR: pgliteDir, DATABASE_URL: '' })) };
}
// --only keeps the other database's figures of an earlier run of the same size.
const earlier = join(ROOT, 'bench', 'results', 'search.json');
if (only && existsSync(earlier)) {
  const before = JSON.parse(readFileSync(earlier, 'utf8'));
  if (before.applications === N) for (const [kind, r] of Object.entries(before.targets)) if (!results.targets[kind]) results.targets[kind] = { ...r, date: before.date, machine: before.machine };
}
writeResult('search.json', results);

const lines = [
  '# Global search benchmark',
  '',
  `${N.toLocaleString('en')} applications, ${ITER} iterations per case, ${results.date}; machine ${JSON.stringify(results.machine)}.`,
  'Target: p95 ≤ 50 ms (API: HTTP round trip through auth and the route; SQL: the ranked tiers alone). `npm run bench:search`.',
  '',
];
for (const [kind, r] of Object.entries(results.targets)) {
  lines.push(`## ${kind}${r.seedSeconds ? ` (seeded in ${r.seedSeconds.toFixed(0)} s)` : ''}${r.date ? ` — run of ${r.date}, load ${r.machine.loadavg.join(' / ')}` : ''}`, '', '| case | text | found | API p50 | API p95 | SQL p50 | SQL p95 |', '|---|---|---|---|---|---|---|');
  for (const m of r.measures) lines.push(`| ${m.name} | \`${m.text}\` | ${m.found} | ${m.api.p50} | ${m.api.p95} | ${m.sql.p50} | ${m.sql.p95} |`);
  lines.push('', `Worst API p95: ${r.p95Max} ms.`, '');
}
writeFileSync(join(ROOT, 'bench', 'results', 'search.md'), lines.join('\n'));
console.log('wrote bench/results/search.md');
