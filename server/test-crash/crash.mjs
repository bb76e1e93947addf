#!/usr/bin/env node
// Crash test (a step of `npm test`, after the production build): the built server on a file-backed PGlite is killed
// with SIGKILL while several writers save, put on hold, reactivate and create applications, then restarted on the same data.
// After each restart every write whose 2xx reply was received must be there (verNum, status, loan amount), a write
// whose reply never came must be either wholly there or wholly absent, and at the end application_counts must equal
// a recount of the applications. A second server on the same data directory must refuse to start. Usage: node server/test-crash/crash.mjs (CRASH_ROUNDS, default 3).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { createRun, login as loginAs, requireBuiltServer, killIfRunning, startServer as start, verdict, watchdog } from './harness.mjs';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3);
const WRITERS = 8;
requireBuiltServer('crash test');
const run = createRun();
const { log, fail } = run;

const tmp = mkdtempSync(join(tmpdir(), 'lendline-crash-'));
const dataDir = join(tmp, 'data');
mkdirSync(join(tmp, 'releases'));
let server = null;

const timer = watchdog('crash test', 240_000, () => server);

const startServer = () => start(tmp);
const login = (base) => loginAs(base, 'cpa1');

/** One call: { status, body } when a reply came, null when the connection died first (the server was killed). */
async function call(base, session, method, path, body) {
  try {
    const res = await fetch(base + path, {
      method,
      headers: { ...session, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  } catch {
    return null;
  }
}

/**
 * applicationId → what the server acknowledged ({ verNum, status, loanAmount }) and, when the writer was waiting for a
 * reply at the kill, what that write would have made it (`pending`).
 */
const expected = new Map();
const stateOf = (data, loanAmount) => ({ verNum: data.verNum, status: data.application_status, loanAmount });

/**
 * The lifecycle one writer takes an application through: saves, hold, reactivate (back to the same holder, issue 25),
 * save again. (An officer's reject is a recommendation for a second person since issue 25, so it moves no status here.)
 */
const CYCLE = ['save', 'save', 'inactivate', 'activate', 'save', 'save'];

async function writer(base, session, id, stats, stop) {
  let appId = null;
  let step = 0;
  while (!stop.killed) {
    if (!appId || step === CYCLE.length) {
      const r = await call(base, session, 'POST', '/v3/application/save', {
        product_code: 'PL',
        applicant: [{ type: 'primary', firstName: 'Crash', lastName: `Writer ${String(id).replace(/\d/g, (d) => 'ABCDEFGHIJ'[d])}`, mobile: '9876500000', email: `crash${id}@example.in` }],
        customFields: { loanAmount: 250000 },
      });
      if (!r) return stats.unacknowledged++;
      if (r.status !== 201) return fail(`create answered ${r.status}: ${JSON.stringify(r.body)}`);
      appId = r.body.data.application_id;
      expected.set(appId, { acked: stateOf(r.body.data, 250000), pending: null });
      stats.acknowledged++;
      step = 0;
      continue;
    }
    const entry = expected.get(appId);
    const { verNum, status, loanAmount } = entry.acked;
    const op = CYCLE[step];
    const amount = 100000 + Math.floor(Math.random() * 900000);
    let request;
    if (op === 'save') {
      request = ['/v3/application/user/save_or_update', { application_id: appId, verNum, customFields: { loanAmount: amount } }];
      entry.pending = { verNum: verNum + 1, status, loanAmount: amount };
    } else {
      request = [`/v3/application/action/${op}`, { application_id: appId, verNum, ...(op === 'inactivate' || op === 'activate' ? { reason: 'Crash test' } : {}) }];
      entry.pending = { verNum: verNum + 1, status: { inactivate: 'INACTIVE', activate: 'ACTIVE' }[op], loanAmount };
    }
    const r = await call(base, session, 'POST', ...request);
    if (!r) return stats.unacknowledged++;
    entry.pending = null;
    if (r.status !== 200) return fail(`${op} on ${appId} answered ${r.status}: ${JSON.stringify(r.body)}`);
    entry.acked = stateOf(r.body.data, op === 'save' ? amount : loanAmount);
    stats.acknowledged++;
    step++;
  }
}

const same = (a, b) => a.verNum === b.verNum && a.status === b.status && Number(a.loanAmount) === Number(b.loanAmount);

/** Every acknowledged write is there; an unanswered one is there whole or not at all. */
async function checkAcknowledged(base, session) {
  let checked = 0;
  for (const [appId, { acked, pending }] of expected) {
    const r = await call(base, session, 'GET', `/v3/application/${appId}`);
    if (!r || r.status !== 200) {
      fail(`${appId}: acknowledged, but reading it answered ${r?.status ?? 'nothing'}`);
      continue;
    }
    const found = stateOf(r.body.data, r.body.data.customFields?.loanAmount);
    if (same(found, acked)) {
      expected.get(appId).pending = null;
    } else if (pending && same(found, pending)) {
      // The reply was lost with the process but the write had committed: that is now the acknowledged state.
      expected.set(appId, { acked: found, pending: null });
    } else {
      fail(`${appId}: expected ${JSON.stringify(acked)}${pending ? ` or ${JSON.stringify(pending)}` : ''}, found ${JSON.stringify(found)}`);
    }
    checked++;
  }
  return checked;
}

const COUNT_COLUMNS = ['status', 'application_type', 'branch', 'assigned_team', 'assigned_to', 'product_code', 'task_progress', 'step_name', 'task_name', 'flow_ver_num'];

/** application_counts against a recount, straight from the data directory (the server stopped). */
async function checkCounters() {
  const db = new PGlite(dataDir);
  try {
    const key = (r) => JSON.stringify(COUNT_COLUMNS.map((c) => r[c]));
    const cols = COUNT_COLUMNS.join(', ');
    const kept = new Map((await db.query(`SELECT ${cols}, n::int AS n FROM application_counts WHERE n <> 0`)).rows.map((r) => [key(r), r.n]));
    const recount = new Map((await db.query(`SELECT ${cols}, count(*)::int AS n FROM applications GROUP BY ${cols}`)).rows.map((r) => [key(r), r.n]));
    const total = [...recount.values()].reduce((a, b) => a + b, 0);
    for (const k of new Set([...kept.keys(), ...recount.keys()])) {
      if (kept.get(k) !== recount.get(k)) fail(`application_counts ${k}: kept ${kept.get(k) ?? 0}, recount ${recount.get(k) ?? 0}`);
    }
    return { groups: recount.size, total };
  } finally {
    await db.close();
  }
}

/**
 * One process per embedded data directory: a second server started on the same DATA_DIR must exit non-zero with one
 * line naming the directory and the holding PID (it would otherwise overwrite the first one's acknowledged writes).
 */
async function secondServerRefused(holderPid) {
  const message = await startServer().then(
    async (second) => {
      second.child.kill('SIGKILL');
      await second.exited;
      return null;
    },
    (e) => e.message,
  );
  const match = message && /^server exited \((\d+)\) before answering:\n([\s\S]*)$/.exec(message);
  if (!match) return fail(`a second server on ${dataDir} started (or failed oddly): ${message ?? 'it answered /health'}`);
  const lines = match[2].trim().split('\n');
  if (match[1] === '0' || lines.length !== 1 || !lines[0].includes(dataDir) || !lines[0].includes(`PID ${holderPid}`)) {
    return fail(`a second server on ${dataDir} must exit non-zero with one line naming the directory and PID ${holderPid}; it exited ${match[1]} with:\n${match[2]}`);
  }
  log(`a second server on the same data directory refused to start: ${lines[0]}`);
}

try {
  log('starting the built server on a new data directory (migrations and demo data)');
  server = await startServer();
  await secondServerRefused(server.child.pid);
  for (let round = 1; round <= ROUNDS; round++) {
    const session = await login(server.base);
    const stop = { killed: false };
    const stats = { acknowledged: 0, unacknowledged: 0 };
    const writers = Array.from({ length: WRITERS }, (_, i) => writer(server.base, session, `${round}-${i}`, stats, stop));
    // Let the writes get going, then kill mid-flight at a random moment.
    const t0 = Date.now();
    while (stats.acknowledged < 20 && Date.now() - t0 < 15_000 && !run.failures) await sleep(20);
    await sleep(Math.random() * 400);
    stop.killed = true;
    server.child.kill('SIGKILL');
    const exit = await server.exited;
    await Promise.all(writers);
    log(`round ${round}: SIGKILL (${exit.signal}) with ${stats.acknowledged} writes acknowledged this round, ${stats.unacknowledged} in flight`);
    if (stats.unacknowledged === 0) fail(`round ${round}: no write was in flight at the kill, so nothing was tested`);
    server = await startServer();
    const checked = await checkAcknowledged(server.base, await login(server.base));
    log(`round ${round}: restarted; ${checked} applications checked against their acknowledged writes`);
  }
  server.child.kill('SIGTERM');
  await server.exited;
  server = null;
  const { groups, total } = await checkCounters();
  log(`application_counts: ${groups} groups, ${total} applications, checked against a recount`);
} catch (e) {
  fail(e instanceof Error ? e.stack ?? e.message : String(e));
} finally {
  clearTimeout(timer);
  await killIfRunning(server);
  rmSync(tmp, { recursive: true, force: true });
}

verdict(run, 'crash test', `${ROUNDS} kills during concurrent writes, nothing acknowledged was lost, counters exact`);
