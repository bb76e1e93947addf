#!/usr/bin/env node
// Disbursement crash test (a step of `npm test` after the build, beside crash.mjs): the built server on a file-backed
// PGlite sends a disbursement tranche to a core-banking double; the double applies it and, before it answers, the
// server is killed with SIGKILL — the call reached the bank but its outcome was never committed. After a restart the job
// runner must resume the call (RESUMED), find the tranche applied by its idempotency key, and confirm it without
// sending it again: the double must count ONE tranche applied and ONE tranche request. A click on the same tranche
// after the restart must answer the existing call. Usage: node server/test-crash/credit-crash.mjs
import { createServer as createHttpServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createRun, login, requireBuiltServer, killIfRunning, startServer as start, verdict, watchdog } from './harness.mjs';

requireBuiltServer('credit crash test');
const run = createRun();
const { log, fail } = run;
const tmp = mkdtempSync(join(tmpdir(), 'lendline-credit-crash-'));
mkdirSync(join(tmp, 'releases'));
let server = null;
const timer = watchdog('credit crash test', 180_000, () => server);

// ── the core-banking double: applies each idempotency key once, counts requests, can hold its reply ──
const applied = new Map();
const hits = { tranchePosts: 0, lookups: 0 };
let onTranche = null;
const held = [];
const double = createHttpServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    const send = (status, obj) => {
      if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(obj));
    };
    const key = req.headers['idempotency-key'];
    if (req.method === 'GET' && req.url.startsWith('/operations/')) {
      hits.lookups++;
      const a = applied.get(decodeURIComponent(req.url.slice('/operations/'.length)));
      return a ? send(200, { reference: a, status: 'CONFIRMED' }) : send(404, { message: 'not found' });
    }
    if (req.method === 'POST' && key) {
      if (!applied.has(key)) applied.set(key, `CBS-${applied.size + 1}`);
      if (req.url === '/loans/tranches') {
        hits.tranchePosts++;
        if (onTranche) {
          // Applied, but the answer is held: the server dies before it can commit the outcome.
          held.push(res);
          const f = onTranche;
          onTranche = null;
          return f();
        }
      }
      return send(200, { reference: applied.get(key), status: 'CONFIRMED' });
    }
    send(404, { message: 'unknown' });
  });
});
await new Promise((resolve) => double.listen(0, '127.0.0.1', resolve));
const doubleUrl = `http://127.0.0.1:${double.address().port}`;

// The job runner polls often so the resumed call settles quickly after the restart.
// The core-banking double listens on loopback, which the outbound guard refuses unless the operator opts it in.
const startServer = () => start(tmp, { CREDIT_JOB_POLL_MS: '200', OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${double.address().port}` });

async function call(base, session, method, path, body) {
  const res = await fetch(base + path, { method, headers: { ...session, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (res.status !== 200 && res.status !== 201) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}
const review = (base, s, id) => call(base, s, 'GET', `/integration/review/${id}`);
async function settle(base, s, id, callId) {
  for (let i = 0; i < 150; i++) {
    const c = (await review(base, s, id)).data.calls.find((x) => x.callId === callId);
    if (c && (c.state === 'CONFIRMED' || c.state === 'FAILED')) return c;
    await sleep(100);
  }
  throw new Error(`${callId} never settled`);
}

try {
  log('starting the built server on a new data directory');
  server = await startServer();
  const admin = await login(server.base, 'admin');
  await call(server.base, admin, 'POST', '/externalAPI/configs', { system: 'CORE_BANKING', config: { mode: 'http', baseUrl: doubleUrl, timeoutMs: 30000, retries: 0 } });
  let cpa = await login(server.base, 'cpa1');
  const created = await call(server.base, cpa, 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Crash', lastName: 'Tranche' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60, email: 'crash@example.com' },
  });
  const id = created.data.application_id;
  // The applicant's own bureau consent (staff cannot give it): the officer sends their link, they open it and consent.
  const sent = await call(server.base, cpa, 'POST', '/v3/portal/applicants/send-link', { application_id: id, applicantId: `${id}-P` });
  // The customer portal's shared session comes from POST /tokenApi/getToken (no password).
  const token = await (await fetch(`${server.base}/tokenApi/getToken`, { method: 'POST' })).json();
  const customer = { access_token: token.access_token, sessionId: token.sessionid };
  const details = new URL(sent.data.sandboxLink).searchParams.get('appDetails');
  const verificationId = (await call(server.base, customer, 'POST', '/api/decryption', { decryptMsg: details })).data.split('|')[1];
  const { appRefId } = await call(server.base, customer, 'POST', '/v3/application/verify', { application_id: id, emailVerificationId: verificationId });
  await call(server.base, { ...customer, appRefId }, 'POST', '/v3/portal/consent', { application_id: id, purposes: { BUREAU_PULL: true } });
  const verNum = async () => (await review(server.base, cpa, id)).data.verNum;
  for (const path of ['/cibil/obligation', '/perfios/transactionLink', '/decision_engine/execute/PL/CREDIT_POLICY']) {
    await call(server.base, cpa, 'POST', path, { application_id: id, verNum: await verNum() });
  }
  // Loan creation needs the applicant's accepted Key Fact Statement (issue 27): issued, the code sent (the sandbox
  // notifier echoes it) and entered.
  const kfs = await call(server.base, cpa, 'POST', '/v3/kfs/issue', { application_id: id });
  const code = await call(server.base, cpa, 'POST', '/v3/kfs/send-code', { application_id: id, proposalNo: kfs.data.proposalNo });
  await call(server.base, cpa, 'POST', '/v3/kfs/accept', { application_id: id, proposalNo: kfs.data.proposalNo, code: code.data.sandboxCode });
  await call(server.base, cpa, 'POST', '/integration/loanCreation', { application_id: id, verNum: await verNum() });
  // Maker-checker: cpa1's request waits for a second person; the branch head releases it.
  const bh = await login(server.base, 'bh1');
  const release = async (callId) => call(server.base, bh, 'POST', '/integration/release', { application_id: id, verNum: await verNum(), callId });
  await release(`LOAN-${id}`);
  const loan = await settle(server.base, cpa, id, `LOAN-${id}`);
  if (loan.state !== 'CONFIRMED') fail(`loan creation ended ${loan.state}: ${loan.reason}`);
  log(`loan ${loan.externalRef} confirmed; requesting tranche 1 and killing the server when core banking has applied it`);

  // Money only to the borrower (issue 27): the disbursement account is verified first (the sandbox names the applicant).
  await call(server.base, cpa, 'POST', '/integration/bankAccount/verify', { application_id: id, accountNumber: '123456789012', ifsc: 'HDFC0001234' });
  const reached = new Promise((resolve) => (onTranche = resolve));
  const trancheBody = { application_id: id, verNum: await verNum(), trancheNo: 1, amount: 250000 };
  await call(server.base, cpa, 'POST', '/integration/disbursementTranche', trancheBody);
  await release(`TRANCHE-${id}-1`);
  await reached;
  server.child.kill('SIGKILL');
  const exit = await server.exited;
  for (const r of held.splice(0)) r.destroy();
  log(`SIGKILL (${exit.signal}) between the disbursement call and its commit; tranche requests so far: ${hits.tranchePosts}`);

  server = await startServer();
  cpa = await login(server.base, 'cpa1');
  const tranche = await settle(server.base, cpa, id, `TRANCHE-${id}-1`);
  const events = tranche.events.map((e) => e.event).join(' → ');
  log(`after restart: ${tranche.state}, events ${events}`);
  if (tranche.state !== 'CONFIRMED') fail(`tranche ended ${tranche.state}: ${tranche.reason}`);
  if (!tranche.events.some((e) => e.event === 'RESUMED')) fail('the tranche was not resumed after the restart');
  if (![...applied.keys()].filter((k) => k === `TRANCHE-${id}-1`).length) fail('core banking never saw the tranche');
  if (hits.tranchePosts !== 1) fail(`core banking got ${hits.tranchePosts} tranche requests; expected exactly 1`);
  const again = await call(server.base, cpa, 'POST', '/integration/disbursementTranche', { ...trancheBody, verNum: await verNum() });
  if (!again.replayed) fail('a click on the same tranche after the restart was not answered with the existing call');
  if (hits.tranchePosts !== 1) fail(`after the repeated click core banking got ${hits.tranchePosts} tranche requests`);
  log(`core banking: ${hits.tranchePosts} tranche request, ${hits.lookups} lookup(s), ${applied.size} operations applied`);
  server.child.kill('SIGTERM');
  await server.exited;
  server = null;
} catch (e) {
  fail(e instanceof Error ? e.stack ?? e.message : String(e));
} finally {
  clearTimeout(timer);
  await killIfRunning(server);
  double.closeAllConnections();
  double.close();
  rmSync(tmp, { recursive: true, force: true });
}
verdict(run, 'credit crash test', 'killed between the disbursement call and its commit, resumed after restart, one disbursement');
