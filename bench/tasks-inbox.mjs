#!/usr/bin/env node
// Task inbox benchmark (issue 12): on PostgreSQL with N applications (default 1,000,000, seeded like
// bench/lists.mjs) it tops the open sub-tasks up to --sub-tasks (default 100,000), a large share of them held
// by bcm1 so that bcm1's inbox is deep, then measures GET /v3/taskconfigs/inbox — page 1 and page 1,000 of
// several buckets and scopes — as the API (HTTP round trip through auth and the route, node:http keep-alive)
// and as the domain call in-process. Prints a table and writes bench/results/tasks-inbox.json.
//
//   npm run build -w shared && npm run build -w server
//   npm run bench:tasks        (= node scripts/with-postgres.mjs -- node bench/tasks-inbox.mjs)
//   … node bench/tasks-inbox.mjs [--applications N] [--sub-tasks M] [--iterations 200]
//
// Targets: page p95 ≤ 20 ms; page 1,000 / page 1 (p50) ≤ 1.2.
import { args, dist, machine, prepareBook, requirePostgres, startServer, stats, time, writeResult } from './support/server-bench.mjs';

const { inboxPage } = dist('domain/tasks/inbox.js');
const N = Number(args.applications ?? 1000000);
const SUB_TASKS = Number(args['sub-tasks'] ?? 100000);
const ITER = Number(args.iterations ?? 200);
const DEEP = Number(args.deep ?? 1000);
const pgUrl = requirePostgres('npm run bench:tasks');

/**
 * Open sub-tasks up to SUB_TASKS: queries and approvals on ACTIVE in-progress applications, 40% held by bcm1 on
 * applications of bcm1's branch (so bcm1 may open them: no filtered rows), the rest spread over the other staff
 * and teams. Inserted in one statement with the bulk flag (the holders trigger of 011 is then recomputed once,
 * set-based); the inbox columns are set by 046's BEFORE trigger, as for any insert.
 */
async function topUpSubTasks(db) {
  // Snoozed work for the Future bucket: a fifth of bcm1's open tasks get a review date 1-30 days ahead.
  await db.query(`UPDATE tasks SET active_on = now() + make_interval(days => 1 + abs(hashtext(task_id)) % 30)
                   WHERE inbox_holder = 'bcm1' AND active_on IS NULL AND abs(hashtext(task_id)) % 5 = 0`);
  const open = Number((await db.query(`SELECT count(*)::text AS n FROM sub_tasks WHERE status = 'OPEN'`)).rows[0].n);
  const missing = SUB_TASKS - open;
  if (missing <= 0) return { open, added: 0, seconds: 0 };
  const t0 = Date.now();
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL lendline.bulk = 'on'`);
    await tx.query(
      `INSERT INTO sub_tasks (application_id, task_id, kind, assigned_to, assigned_team, raised_by, body, created_at)
       SELECT a.application_id, a.cur_task_id, CASE WHEN a.n % 5 = 0 THEN 'APPROVAL' ELSE 'QUERY' END,
              CASE WHEN a.branch = 'BR-NORTH' AND a.n % 10 < 8 THEN 'bcm1'
                   WHEN a.n % 7 = 0 THEN NULL
                   ELSE (ARRAY['cpa1','cpa2','bh1','dev1'])[1 + a.n % 4] END,
              CASE WHEN a.n % 7 = 0 AND NOT (a.branch = 'BR-NORTH' AND a.n % 10 < 8) THEN 'CREDIT' END,
              'admin', jsonb_build_object('subject', 'Bench query ' || a.n), now() - make_interval(mins => (a.n % 10000)::int)
         FROM (SELECT application_id, cur_task_id, branch, row_number() OVER (ORDER BY id) AS n
                 FROM applications WHERE status = 'ACTIVE' AND task_progress = 'In Progress' AND open_queries = 0
                ORDER BY id LIMIT $1) a`,
      [missing],
    );
    await tx.query(`
      UPDATE applications a SET open_queries = s.queries, open_approvals = s.approvals, query_holders = s.qh, approval_holders = s.ah
        FROM (SELECT application_id, count(*) FILTER (WHERE kind = 'QUERY')::int AS queries, count(*) FILTER (WHERE kind = 'APPROVAL')::int AS approvals,
                     coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind = 'QUERY'), '{}') AS qh,
                     coalesce(array_agg(DISTINCT coalesce(assigned_to, 'team:' || assigned_team)) FILTER (WHERE kind IN ('APPROVAL', 'EXCEPTION')), '{}') AS ah
                FROM sub_tasks WHERE status = 'OPEN' AND raised_by = 'admin' GROUP BY application_id) s
       WHERE a.application_id = s.application_id`);
  });
  await db.query('ANALYZE sub_tasks');
  await db.query('ANALYZE tasks');
  const now = Number((await db.query(`SELECT count(*)::text AS n FROM sub_tasks WHERE status = 'OPEN'`)).rows[0].n);
  return { open: now, added: now - open, seconds: (Date.now() - t0) / 1000 };
}

const seedSeconds = await prepareBook(N, { databaseUrl: pgUrl });
if (seedSeconds != null) console.log(`seeded ${N} applications in ${seedSeconds.toFixed(0)} s`);
const server = await startServer({ DATABASE_URL: pgUrl });
const { db } = server;
const topUp = await topUpSubTasks(db);
console.log(`open sub-tasks ${topUp.open} (${topUp.added} added in ${topUp.seconds.toFixed(1)} s)`);
const book = (await db.query(`SELECT (SELECT count(*) FROM applications)::int AS applications, (SELECT count(*) FROM tasks WHERE inbox_holder IS NOT NULL)::int AS open_tasks,
  (SELECT count(*) FROM sub_tasks WHERE status = 'OPEN')::int AS open_sub_tasks, (SELECT count(*) FROM sub_tasks WHERE inbox_holder = 'bcm1')::int AS bcm1_sub_tasks,
  (SELECT count(*) FROM tasks WHERE inbox_holder = 'bcm1')::int AS bcm1_tasks`)).rows[0];
console.log('book', book);

const users = {};
for (const u of ['bcm1', 'cpa1']) users[u] = await server.login(u);
const get = (u, path) => server.request('GET', path, undefined, users[u].headers);
const post = (u, path, body) => server.request('POST', path, body, users[u].headers);
const measures = [];
const qs = (f, cursor) => `/v3/taskconfigs/inbox?bucket=${f.bucket}&kind=${f.kind}&scope=${f.scope}&limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
const input = (f, cursor) => ({ bucket: f.bucket, kinds: f.kind === 'ALL' ? [] : [f.kind], scope: f.scope, limit: 10, cursor });

/** The cursor of page `n` (walked page by page through the domain call; each page checked to continue the last). */
async function cursorOfPage(u, f, n) {
  let cursor;
  const seen = new Set();
  for (let p = 1; p < n; p++) {
    const r = await inboxPage(db, users[u].user, input(f, cursor));
    for (const i of r.data) {
      const k = `${i.kind}:${i.id}`;
      if (seen.has(k)) throw new Error(`page ${p} repeats ${k}`);
      seen.add(k);
    }
    if (!r.pageInfo.nextCursor) return { cursor: null, pages: p };
    cursor = r.pageInfo.nextCursor;
  }
  return { cursor, pages: n };
}

/**
 * One case: page 1 and page DEEP of the same inbox, measured interleaved (p1, deep, p1, deep…) with the
 * reference list call beside them, so the three see the same machine load and their ratio means something.
 */
async function measureCase(label, u, f) {
  const deep = await cursorOfPage(u, f, DEEP);
  if (!deep.cursor) console.log(`  (${label}: ${deep.pages} pages only, no page ${DEEP})`);
  const runs = [[`page 1 ${label}`, undefined], ...(deep.cursor ? [[`page ${DEEP} ${label}`, deep.cursor]] : [])];
  for (let i = 0; i < 5; i++) for (const [, c] of runs) await get(u, qs(f, c));
  const a = runs.map(() => []), s = runs.map(() => []), ref = [];
  const rows = runs.map(() => 0);
  for (let i = 0; i < ITER; i++) {
    ref.push(await time(() => post('bcm1', '/backstage/getApplications', { queryType: 'MY_QUERIES', counts: false })));
    for (const [k, [, c]] of runs.entries()) {
      a[k].push(await time(async () => (rows[k] = (await get(u, qs(f, c))).data.length)));
      s[k].push(await time(() => inboxPage(db, users[u].user, input(f, c))));
    }
  }
  const out = runs.map(([name], k) => ({ name, rows: rows[k], api: stats(a[k]), svc: stats(s[k]), referenceApi: stats(ref) }));
  for (const m of out) {
    measures.push(m);
    console.log(`${m.name.padEnd(44)} rows ${String(m.rows).padStart(3)} | api p50 ${m.api.p50} p95 ${m.api.p95} p99 ${m.api.p99} ms | svc p50 ${m.svc.p50} p95 ${m.svc.p95} | reference list p50 ${m.referenceApi.p50} p95 ${m.referenceApi.p95} ms`);
  }
  return out;
}

const CASES = [
  ['bcm1 Today, all kinds, mine', 'bcm1', { bucket: 'Today', kind: 'ALL', scope: 'mine' }],
  ['bcm1 All, queries, mine', 'bcm1', { bucket: 'All', kind: 'query', scope: 'mine' }],
  ['bcm1 Today, all kinds, mine + teams', 'bcm1', { bucket: 'Today', kind: 'ALL', scope: 'all' }],
  ['cpa1 Today, all kinds, mine', 'cpa1', { bucket: 'Today', kind: 'ALL', scope: 'mine' }],
  ['bcm1 Future, tasks, mine', 'bcm1', { bucket: 'Future', kind: 'task', scope: 'mine' }],
];
const ratios = {};
for (const [label, u, f] of CASES) {
  const [p1, pd] = await measureCase(label, u, f);
  if (pd) ratios[label] = +(pd.api.p50 / p1.api.p50).toFixed(2);
}
await server.close();

const results = {
  date: new Date().toISOString(),
  applications: book.applications,
  book,
  seedSeconds,
  subTaskTopUp: topUp,
  iterations: ITER,
  machine: machine(),
  measures,
  checks: {
    referenceListP95Max: Math.max(...measures.map((m) => m.referenceApi.p95)),
    pageApiP95Max: Math.max(...measures.map((m) => m.api.p95)),
    deepOverPage1P50: ratios,
    deepOverPage1P50Max: Object.values(ratios).length ? Math.max(...Object.values(ratios)) : null,
  },
  targets: { pageApiP95Max: 20, deepOverPage1P50Max: 1.2 },
};
console.log('checks', JSON.stringify(results.checks));
writeResult('tasks-inbox.json', results);
