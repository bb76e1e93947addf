#!/usr/bin/env node
// Straight-through benchmark (issue 29): N eligible personal-loan submissions (default 1,000) through the portal's
// submit route and the sandbox adapters, on PostgreSQL; the server is killed (SIGKILL) half-way through the
// submissions and started again. Measures submission → decision (stp_runs.submitted_at → decided_at) p50/p95 and the
// throughput (decisions per second from the first submission to the last decision), and checks that nothing was
// decided twice (one bureau, bank-statement and decision report and at most one KFS per application) and nothing was
// lost (every submitted application has a run, and no run is left RUNNING). Writes bench/results/stp.json and .md.
//
//   npm run build -w shared && npm run build -w server
//   node scripts/with-postgres.mjs -- node bench/stp.mjs [--n 1000] [--concurrency 8] [--port 5301]
//
// Each submission: the customer account starts the application (POST /v3/application/consumer/save_or_update,
// AES-encrypted as the portal sends it); the applicant's answers of the earlier pages are written to the row and the
// consents recorded with the server's own domain code (the form pages are not what this measures); then the last page
// is saved with submit through HTTP — the real submission path, which starts the chain.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { args, dist, machine, pct, requirePostgres, require, ROOT, writeResult } from './support/server-bench.mjs';

const N = Number(args.n ?? 1000);
const CONCURRENCY = Number(args.concurrency ?? 8);
const PORT = Number(args.port ?? 5301);
const base = requirePostgres('node scripts/with-postgres.mjs -- node bench/stp.mjs');
const pg = require('pg');
const { aesEncrypt } = dist('crypto/aes.js');
const { openPostgres } = dist('db/postgres.js');
const { findApplication } = dist('domain/applications/row.js');
const { recordConsents } = dist('domain/consent/records.js');

const admin = async (sql) => {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
};
const dbName = `lendline_bench_stp_${randomBytes(4).toString('hex')}`;
await admin(`CREATE DATABASE ${dbName}`);
const url = (() => {
  const u = new URL(base);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
function request(method, path, body, headers = {}) {
  return new Promise((ok, fail) => {
    const req = http.request(`http://127.0.0.1:${PORT}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode >= 300) fail(new Error(`${method} ${path} ${res.statusCode} ${text.slice(0, 300)}`));
        else ok(text ? JSON.parse(text) : null);
      });
      res.on('error', fail);
    });
    req.on('error', fail);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

let child = null;
let starts = 0;
/** Starts a server process and resolves once it listens (migrating and seeding the first time). */
function startServer() {
  starts++;
  return new Promise((ok, fail) => {
    const t0 = Date.now();
    child = spawn(process.execPath, [join(ROOT, 'bench', 'support', 'stp-server.mjs')], {
      env: { ...process.env, DATABASE_URL: url, PORT: String(PORT), CREDIT_JOB_POLL_MS: '200', CREDIT_JOB_LEASE_MS: '3000' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (d) => {
      if (String(d).includes('READY')) ok(Date.now() - t0);
    });
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGKILL') fail(new Error(`server exited ${code ?? signal}`));
    });
  });
}

console.log(`[stp] database ${dbName}; starting the server (migrate + seed)`);
const firstStartMs = await startServer();
const db = await openPostgres(url);
let session = null;
async function customer() {
  const s = await request('POST', '/tokenApi/getToken');
  session = { headers: { access_token: s.access_token, sessionId: s.sessionid }, token: s.access_token };
}
await customer();
const encrypted = (body, appRefId) => ({
  body: { data: aesEncrypt(JSON.stringify(body), session.token) },
  headers: { ...session.headers, ...(appRefId ? { appRefId } : {}), 'x-lendline-encrypted': 'aes-cbc' },
});
const save = (body, appRefId) => {
  const e = encrypted(body, appRefId);
  return request('POST', '/v3/application/consumer/save_or_update', e.body, e.headers);
};

/** A distinct PAN per submission (no open application shares it): letters from the index, digits 0200–0299 (score 750–849). */
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const panOf = (i) => `${[0, 1, 2, 3, 4].map((k) => LETTERS[Math.floor(i / 26 ** k) % 26]).join('')}0${200 + (i % 100)}F`;

/** Everything but the final save: started, answered, consented. */
async function prepare(i) {
  const created = await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' });
  const id = created.data.application_id;
  const values = {
    firstName: 'Bench', lastName: `Applicant ${i}`, dateOfBirth: '15/08/1990', gender: 'Female', mobile: '9876543210', email: `bench${i}@example.com`, panNumber: panOf(i),
    employmentType: 'Salaried', employerName: 'Acme Ltd', monthlyIncome: 150000, loanAmount: 300000, tenureMonths: 36, loanPurpose: 'Travel', yearsInCurrentJob: 3,
    mobileOtp: { recipient: '9876543210', isVerified: true }, kycDocuments: { uploadedDocuments: [{ fileId: 'f1' }] }, incomeDocuments: { uploadedDocuments: [{ fileId: 'f2' }] },
    applicantSignature: { fileId: 'f3' }, accountNumber: '501234567890', ifsc: 'SBIN0004321',
  };
  await db.query(
    `UPDATE applications SET custom_fields = custom_fields || $2::jsonb, loan_amount = 300000, applicant_name = $3,
            doc = jsonb_set(doc, '{applicant,0}', (doc->'applicant'->0) || $2::jsonb) WHERE application_id = $1`,
    [id, JSON.stringify(values), `Bench Applicant ${i}`],
  );
  await recordConsents(db, await findApplication(db, id), { purposes: { BUREAU_PULL: true, BANK_STATEMENT: true }, channel: 'PORTAL', lang: 'en' }, 'portal-customer');
  return { id, appRefId: created.appRefId };
}
const submitted = async (id) => (await db.query(`SELECT (doc->>'submitted') = 'true' AS s FROM applications WHERE application_id = $1`, [id])).rows[0]?.s === true;
const submit = ({ id, appRefId }) => save({ application_id: id, section_id: 'PL_review', sub_section_id: 'PL_summary', values: { declaration: true }, submit: true }, appRefId);

// 1. Prepare every application first (not timed: it is not the chain).
console.log(`[stp] preparing ${N} applications`);
const apps = [];
for (let i = 0; i < N; i += CONCURRENCY) apps.push(...(await Promise.all(Array.from({ length: Math.min(CONCURRENCY, N - i) }, (_, k) => prepare(i + k)))));

// 2. Submit them, CONCURRENCY at a time; half-way the server is killed and started again.
let killedAt = null;
let restartMs = null;
let resubmitted = 0;
const t0 = Date.now();
let next = 0;
const half = Math.floor(N / 2);
let restarting = null;
async function worker() {
  while (next < apps.length) {
    const a = apps[next++];
    if (next === half && !killedAt) {
      killedAt = new Date().toISOString();
      console.log(`[stp] ${half} submitted: SIGKILL to the server, starting another`);
      child.kill('SIGKILL');
      restarting = startServer().then(async (ms) => {
        restartMs = ms;
        await customer(); // a fresh customer session on the new process (the old one may have lived in its cache)
      });
    }
    for (let attempt = 1; ; attempt++) {
      if (restarting) await restarting;
      try {
        await submit(a);
        break;
      } catch (e) {
        if (attempt >= 20) throw e;
        // The kill cut this request: submitted if its transaction committed, else send it again to the new server.
        await new Promise((r) => setTimeout(r, 200));
        if (restarting) await restarting;
        if (await submitted(a.id)) break;
        resubmitted++;
      }
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const submitSeconds = (Date.now() - t0) / 1000;
console.log(`[stp] ${N} submitted in ${submitSeconds.toFixed(1)} s; waiting for the decisions`);

// 3. Wait for every run to end (or 30 minutes).
const deadline = Date.now() + 30 * 60000;
for (;;) {
  const { rows } = await db.query(`SELECT count(*) FILTER (WHERE state = 'RUNNING')::int AS running, count(*)::int AS runs FROM stp_runs`);
  if (rows[0].running === 0 && rows[0].runs >= N) break;
  if (Date.now() > deadline) break;
  await new Promise((r) => setTimeout(r, 1000));
}

// 4. Figures and checks, from the database.
const ids = apps.map((a) => a.id);
const q = async (sql) => (await db.query(sql, [ids])).rows;
const runs = await q(`SELECT state, outcome, extract(epoch FROM decided_at - submitted_at)::float8 AS secs, submitted_at, decided_at FROM stp_runs WHERE application_id = ANY($1::text[])`);
const byState = {};
for (const r of runs) byState[`${r.state}${r.outcome ? `/${r.outcome}` : ''}`] = (byState[`${r.state}${r.outcome ? `/${r.outcome}` : ''}`] ?? 0) + 1;
const decided = runs.filter((r) => r.secs !== null);
const secs = decided.map((r) => r.secs);
const first = Math.min(...runs.map((r) => new Date(r.submitted_at).getTime()));
const last = Math.max(...decided.map((r) => new Date(r.decided_at).getTime()));
const twice = await q(`SELECT count(*)::int AS n FROM (SELECT application_id, kind FROM credit_reports WHERE application_id = ANY($1::text[]) GROUP BY 1, 2 HAVING count(*) > 1) x`);
const kfsTwice = await q(`SELECT count(*)::int AS n FROM (SELECT application_id FROM kfs_statements WHERE application_id = ANY($1::text[]) GROUP BY 1 HAVING count(*) > 1) x`);
const noRun = await q(`SELECT count(*)::int AS n FROM unnest($1::text[]) id WHERE NOT EXISTS (SELECT 1 FROM stp_runs r WHERE r.application_id = id)`);
const resumed = await q(`SELECT count(*)::int AS n FROM integration_calls WHERE application_id = ANY($1::text[]) AND operation LIKE 'STP%' AND attempts > 1`);
const failedJobs = await q(`SELECT count(*)::int AS n FROM integration_calls WHERE application_id = ANY($1::text[]) AND operation LIKE 'STP%' AND state = 'FAILED'`);
const result = {
  benchmark: 'straight-through decisions (issue 29)',
  at: new Date().toISOString(),
  machine: machine(),
  database: 'postgres',
  submissions: N,
  concurrency: CONCURRENCY,
  serverStarts: starts,
  firstStartMs,
  killedAt,
  restartMs,
  resubmittedAfterKill: resubmitted,
  submitSeconds: +submitSeconds.toFixed(1),
  runs: byState,
  decisionSeconds: secs.length ? { p50: +pct(secs, 50).toFixed(2), p95: +pct(secs, 95).toFixed(2), max: +Math.max(...secs).toFixed(2) } : null,
  throughputPerSecond: decided.length ? +(decided.length / ((last - first) / 1000)).toFixed(2) : 0,
  checks: {
    decidedTwice: twice[0].n,
    kfsIssuedTwice: kfsTwice[0].n,
    submittedWithoutRun: noRun[0].n,
    leftRunning: byState.RUNNING ?? 0,
    jobsResumedAfterKill: resumed[0].n,
    jobsFailed: failedJobs[0].n,
  },
};
console.log(JSON.stringify(result, null, 2));
writeResult('stp.json', result);
writeFileSync(join(ROOT, 'bench', 'results', 'stp.md'), `# Straight-through decisions — benchmark

${result.at}, ${result.machine.cpus} CPUs, load ${result.machine.loadavg.join(' / ')}, PostgreSQL, sandbox adapters.
${N} eligible personal-loan submissions through the portal's submit route, ${CONCURRENCY} at a time; the server was
killed (SIGKILL) after ${half} and started again (${restartMs} ms to listen); ${resubmitted} submission(s) cut by the kill sent again.

| Figure | Value |
| --- | --- |
| Submission → decision p50 | ${result.decisionSeconds?.p50 ?? '—'} s |
| Submission → decision p95 | ${result.decisionSeconds?.p95 ?? '—'} s |
| Throughput (decisions per second, first submission → last decision) | ${result.throughputPerSecond} |
| Runs by result | ${Object.entries(byState).map(([k, v]) => `${k}: ${v}`).join(', ')} |
| Decided twice (a second report of a kind) | ${result.checks.decidedTwice} |
| KFS issued twice | ${result.checks.kfsIssuedTwice} |
| Submitted without a run (lost) | ${result.checks.submittedWithoutRun} |
| Left RUNNING | ${result.checks.leftRunning} |
| Jobs resumed after the kill (attempt > 1) | ${result.checks.jobsResumedAfterKill} |
| Jobs FAILED | ${result.checks.jobsFailed} |

One runner per server process takes the jobs one at a time (bureau, bank statement, decision, offer with its KFS PDF),
so the throughput is that of one process; PostgreSQL lets several processes share the queue (SKIP LOCKED).
`);
console.log('wrote bench/results/stp.md');
child.kill('SIGKILL');
await db.close();
agent.destroy();
await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
