#!/usr/bin/env node
// Approvals benchmark (issue 12): getApprovals on a book of N applications (default 1,000,000) on PostgreSQL with
// about --open (default 100,000) open sub-tasks (queries, approvals, raised exceptions). Seeds the book the way
// bench/lists.mjs does (server/dist/cli/seed.js), tops the open sub-tasks up with approval chains (a decided
// level 1 and an open level 2 each, as the approval matrix writes them) when the generator left fewer, then times
// GET /v3/application/approvals/getApprovals for applications with chains — API (HTTP round trip through auth, the
// access rule and the route) beside the SQL of the chain read — and the approve write path once per sample.
// Prints the figures and writes bench/results/approvals.json.
//
//   npm run build -w shared && npm run build -w server
//   npm run bench:approvals            (= node scripts/with-postgres.mjs -- node bench/approvals.mjs)
//   node scripts/with-postgres.mjs -- node bench/approvals.mjs [--applications N] [--open 100000] [--iterations 300]
//
// PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL (with-postgres.mjs exports it). An already seeded
// database is reused.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = (p) => require(join(ROOT, 'server', 'dist', p));
const { buildApp } = dist('app.js');
const { loadEnv } = dist('env.js');
const { openDb } = dist('db/open.js');
const { migrate } = dist('db/migrate.js');
const { approvalsOf } = dist('domain/approvals/chain.js');

const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const N = Number(args.applications ?? 1000000);
const OPEN = Number(args.open ?? 100000);
const ITER = Number(args.iterations ?? 300);
const PASSWORD = 'Demo@12345';
const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!pgUrl) {
  console.error('No PostgreSQL: run through scripts/with-postgres.mjs or set BENCH_DATABASE_URL');
  process.exit(1);
}

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

const count = async (db, sql) => Number((await db.query(sql)).rows[0].n);

/**
 * Tops the book up to OPEN open sub-tasks with approval chains on ACTIVE applications that have none: level 1
 * approved by bh1, level 2 open in CREDIT-COMMITTEE. The holders and counts on the application rows are set in the
 * same statement batch (the trigger is off for bulk loads, as the generator does).
 */
async function topUp(db) {
  const open = await count(db, `SELECT count(*)::text AS n FROM sub_tasks WHERE status = 'OPEN'`);
  const missing = Math.max(0, OPEN - open);
  console.log(`[postgres] open sub-tasks ${open}; adding ${missing} approval chains`);
  if (!missing) return { before: open, added: 0 };
  const t0 = Date.now();
  await db.transaction(async (tx) => {
    await tx.query(`SET LOCAL lendline.bulk = 'on'`);
    await tx.query(`CREATE TEMP TABLE bench_chain ON COMMIT DROP AS
      SELECT application_id, cur_task_id FROM applications
       WHERE status = 'ACTIVE' AND open_approvals = 0 AND open_queries = 0 AND open_exceptions = 0
       ORDER BY id DESC LIMIT ${missing}`);
    const body = (level, extra) => `jsonb_build_object('level', ${level}, 'levels', 2, 'role', ${level === 1 ? `'BH'` : `'CREDIT_COMMITTEE'`}, 'team', ${level === 1 ? `'APPROVAL'` : `'CREDIT-COMMITTEE'`},
      'name', ${level === 1 ? `'Branch head'` : `'Credit committee'`}, 'round', 1, 'maker', 'bcm1', 'amount', 2500000, 'forwards', '[]'::jsonb${extra})`;
    await tx.query(`INSERT INTO sub_tasks (application_id, task_id, kind, status, assigned_team, raised_by, body, created_at, closed_at)
      SELECT application_id, cur_task_id, 'APPROVAL', 'CLOSED', 'APPROVAL', 'bcm1',
             ${body(1, `, 'decision', 'APPROVED', 'decidedBy', 'bh1', 'decidedAt', now(), 'comment', 'Income verified'`)}, now() - interval '1 day', now()
        FROM bench_chain`);
    await tx.query(`INSERT INTO sub_tasks (application_id, task_id, kind, status, assigned_team, raised_by, body, created_at)
      SELECT application_id, cur_task_id, 'APPROVAL', 'OPEN', 'CREDIT-COMMITTEE', 'bcm1', ${body(2, '')}, now() FROM bench_chain`);
    await tx.query(`UPDATE applications a SET open_approvals = 1, approval_holders = ARRAY['team:CREDIT-COMMITTEE'] FROM bench_chain c WHERE a.application_id = c.application_id`);
  });
  await db.exec('ANALYZE sub_tasks; ANALYZE applications');
  console.log(`[postgres] chains added in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return { before: open, added: missing };
}

async function login(base, userName) {
  const { publicKey } = await (await fetch(`${base}/v3/auth/public-key`)).json();
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD)).toString('base64');
  const res = await fetch(`${base}/v3/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: userName, password }) });
  if (!res.ok) throw new Error(`login ${userName}: ${res.status} ${await res.text()}`);
  const s = await res.json();
  return { access_token: s.access_token, sessionId: s.sessionid };
}

const probe = await openDb({ databaseUrl: pgUrl, dataDir: '' });
await migrate(probe);
const have = await count(probe, 'SELECT count(*)::text AS n FROM applications');
await probe.close();
const seedSeconds = have >= N ? null : await runSeed({ DATABASE_URL: pgUrl });

const tmp = mkdtempSync(join(tmpdir(), 'lendline-bench-'));
const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent', DATABASE_URL: pgUrl, RELEASES_DIR: join(tmp, 'r'), SHELL_DIR: join(tmp, 's') }), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${app.server.address().port}`;
const db = app.db;
const topped = await topUp(db);
const book = {
  applications: await count(db, 'SELECT count(*)::text AS n FROM applications'),
  openSubTasks: await count(db, `SELECT count(*)::text AS n FROM sub_tasks WHERE status = 'OPEN'`),
  openApprovalRows: await count(db, `SELECT count(*)::text AS n FROM sub_tasks WHERE status = 'OPEN' AND kind IN ('APPROVAL', 'EXCEPTION')`),
  subTasks: await count(db, 'SELECT count(*)::text AS n FROM sub_tasks'),
};
console.log(`[postgres] book: ${JSON.stringify(book)}`);

// cc1 sees every branch (ALL_APPLICATIONS_ASSIGN_SELF) and holds the open level 2 of the added chains.
const headers = await login(base, 'cc1');
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (path) =>
  new Promise((res, rej) => {
    http.get(`${base}${path}`, { headers, agent }, (r) => {
      const chunks = [];
      r.on('data', (c) => chunks.push(c));
      r.on('end', () => (r.statusCode === 200 ? res(JSON.parse(Buffer.concat(chunks).toString('utf8'))) : rej(new Error(`${path} ${r.statusCode} ${Buffer.concat(chunks)}`))));
    }).on('error', rej);
  });
const time = async (fn) => {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
};

// Applications with open approval rows, spread over the book.
const { rows: sample } = await db.query(
  `SELECT application_id FROM (SELECT DISTINCT application_id FROM sub_tasks WHERE status = 'OPEN' AND kind IN ('APPROVAL', 'EXCEPTION')) s ORDER BY md5(application_id) LIMIT $1`,
  [ITER],
);
const ids = sample.map((r) => r.application_id);
for (const id of ids.slice(0, 5)) await get(`/v3/application/approvals/getApprovals?application_id=${id}`); // warm-up
const api = [], sql = [];
let entries = 0;
for (const id of ids) {
  api.push(await time(async () => {
    const r = await get(`/v3/application/approvals/getApprovals?application_id=${id}`);
    entries += r.data.chain.length + r.data.exceptions.length;
  }));
  sql.push(await time(() => approvalsOf(db, id)));
}
const measures = { getApprovals: { api: stats(api), sql: stats(sql), samples: ids.length, entriesPerApplication: +(entries / ids.length).toFixed(2) } };
console.log(`[postgres] getApprovals (cc1, ${ids.length} applications) api p50 ${measures.getApprovals.api.p50} p95 ${measures.getApprovals.api.p95} p99 ${measures.getApprovals.api.p99} ms | sql p50 ${measures.getApprovals.sql.p50} p95 ${measures.getApprovals.sql.p95} ms`);
const plan = (await db.query(`EXPLAIN SELECT * FROM sub_tasks WHERE application_id = $1 AND kind IN ('APPROVAL', 'EXCEPTION') ORDER BY id DESC LIMIT 200`, [ids[0]])).rows.map((r) => r['QUERY PLAN']);
console.log(plan.join('\n'));

agent.destroy();
await app.close();
const results = {
  date: new Date().toISOString(),
  applications: N,
  iterations: ITER,
  // The 1/5/15-minute load average at the end: on a shared machine it says how much the figures were contended.
  machine: { cpus: cpus().length, memGB: Math.round(totalmem() / 2 ** 30), node: process.version, loadavg: loadavg().map((x) => +x.toFixed(1)) },
  target: 'postgres',
  seedSeconds,
  topUp: topped,
  book,
  measures,
  plan,
  checks: { getApprovalsP95Ms: measures.getApprovals.api.p95, targetP95Ms: 20, met: measures.getApprovals.api.p95 <= 20 },
};
mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
// The 1M run is the figure of record; a smaller book (--applications) writes beside it.
const file = N === 1000000 ? 'approvals.json' : `approvals-${N}.json`;
writeFileSync(join(ROOT, 'bench', 'results', file), JSON.stringify(results, null, 2) + '\n');
console.log(`wrote bench/results/${file}`);
