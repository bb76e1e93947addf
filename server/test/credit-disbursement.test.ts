import { createTestApp, type TestApp } from './helpers/test-app';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { verifyDisbursementAccount } from './helpers/verify-account';
import { startCreditDouble, type CreditDouble } from './helpers/credit-double';
import { eventually } from './helpers/eventually';

/**
 * Disbursement exactly once: loan creation, tranches and the mandate go through the durable queue to core banking and
 * the mandate service (here a local double the tests count on). A double submit is one call; a call whose reply is
 * lost (timeout after the other side applied it) is confirmed by a lookup, not sent again; a call left SENT by a dead
 * runner is resumed the same way; staff retry a failed one. Each state is visible on the application and audited.
 * Every request is released by a second person first (bh1; maker-checker, credit-release.test.ts).
 */
let t: TestApp;
let d: CreditDouble;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  d = await startCreditDouble();
  process.env.OUTBOUND_ALLOW_HOSTS = d.allowHost; // loopback on a test port: the outbound guard's opt-in
  t = await createTestApp({ CREDIT_JOB_POLL_MS: '100', CREDIT_JOB_MAX_ATTEMPTS: '2' });
  await grantCompleteOverride(t.app.db, ['cpa1', 'bcm1']);
  for (const u of ['cpa1', 'admin', 'viewer1', 'bh1', 'cc1', 'bcm1']) headers[u] = (await loginAs(t.app, u)).headers;
  // Two seconds per attempt: the double answers in the server's own process, whose event loop the full run's load can
  // hold for hundreds of milliseconds; with 300 ms a prompt answer became a timeout and a second attempt there.
  for (const system of ['CORE_BANKING', 'MANDATE']) {
    const r = await call('admin', 'POST', '/externalAPI/configs', { system, config: { mode: 'http', baseUrl: d.url, timeoutMs: 2000, retries: 0, backoffMs: 0 } });
    expect(r.status).toBe(200);
  }
}, 180_000); // a fresh database and the demo seed, then two logins and two config writes: slow on a busy machine
afterAll(async () => {
  await t.close();
  await d.close();
});

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const verNumOf = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;
const target = async (id: string) => ({ application_id: id, verNum: await verNumOf(id) });

/** An application with an APPROVE decision on the sandbox credit systems. */
async function approved(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60 },
  });
  const id = r.body.data.application_id;
  await applicantConsentsToBureau(t.app.db, id);
  for (const path of ['/cibil/obligation', '/perfios/transactionLink']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  const decision = await call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await target(id));
  expect(decision.body.data.outcome).toBe('APPROVE');
  await verifyDisbursementAccount(t.app, headers.cpa1, id); // money only to the borrower's verified account (bank-verification.test.ts)
  await issueAndAcceptKfs(t.app, headers.cpa1, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  return id;
}
/** Maker-checker (credit-release.test.ts): the holder's request waits TO_RELEASE until bh1 releases it. */
async function released(id: string, callId: string) {
  const r = await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId });
  expect(r.status).toBe(200);
  return r;
}
/** Waits (bounded) until the call reaches one of the states, as the credit tab's poll does. */
async function settle(id: string, callId: string, states = ['CONFIRMED', 'FAILED']): Promise<Json> {
  return eventually(async () => (await call('cpa1', 'GET', `/integration/review/${id}`)).body.data.calls.find((x: Json) => x.callId === callId), (c): c is Json => !!c && states.includes(c.state), `${callId} did not reach ${states.join('/')}`);
}

describe(`disbursement exactly once on ${dbKind()}`, () => {
  test('loan creation is queued, sent with its key, confirmed; the history, audit and worklog show it', async () => {
    const id = await approved();
    const r = await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ replayed: false, message: 'Loan creation requested; it waits for release by a second person', data: { callId: `LOAN-${id}`, operation: 'LOAN_CREATION', state: 'TO_RELEASE', amount: 600000 } });
    expect(d.lastHeaders.get('/loans')?.['idempotency-key']).not.toBe(`LOAN-${id}`);
    expect((await released(id, `LOAN-${id}`)).body.data.state).toBe('QUEUED');
    const done = await settle(id, `LOAN-${id}`);
    expect(done).toMatchObject({ state: 'CONFIRMED', attempts: 1, externalRef: expect.stringMatching(/^DBL-/) });
    expect(done.events.map((e: Json) => e.event)).toEqual(['REQUESTED', 'RELEASED', 'QUEUED', 'SENT', 'CONFIRMED']);
    expect(d.lastHeaders.get('/loans')?.['idempotency-key']).toBe(`LOAN-${id}`);
    expect([...d.applied.keys()].filter((k) => k === `LOAN-${id}`)).toHaveLength(1);
    const audit = (await t.app.db.query<Json>(`SELECT user_id, new_value FROM audits WHERE application_id = $1 AND field_key = $2 AND action = 'integration_call'`, [id, `integration.LOAN-${id}`])).rows;
    expect(audit).toEqual([{ user_id: 'cpa1', new_value: expect.objectContaining({ state: 'CONFIRMED', sent: expect.objectContaining({ idempotencyKey: `LOAN-${id}`, amount: 600000 }) }) }]);
    const logs = (await t.app.db.query<Json>(`SELECT user_id, comment FROM worklogs WHERE application_id = $1 AND action LIKE 'integration%' ORDER BY id`, [id])).rows;
    expect(logs[0]).toEqual({ user_id: 'cpa1', comment: `Loan creation requested (LOAN-${id}, ₹6,00,000); waits for release by Branch head (role BH)` });
    expect(logs[1]).toEqual({ user_id: 'bh1', comment: `Loan creation LOAN-${id} (₹6,00,000) released by bh1 (requested by cpa1)` });
    expect(logs[2].comment).toMatch(new RegExp(`^Loan creation LOAN-${id}: CONFIRMED — Confirmed \\(DBL-\\d+\\) \\(requested by cpa1\\)$`));
    // Keyed: the operation a term, the amount a number formatted when read (worklog-kind-texts.test.ts renders them).
    const keyed = (await t.app.db.query<Json>(`SELECT text FROM worklogs WHERE application_id = $1 AND action LIKE 'integration%' ORDER BY id`, [id])).rows.map((r) => r.text);
    expect(keyed.map((k) => k.key)).toEqual(['moneyCallRequestedAmountLog', 'moneyCallReleasedLog', 'moneyCallConfirmedLog']);
    expect(keyed[0]).toMatchObject({ params: { operation: 'LOAN_CREATION', callId: `LOAN-${id}`, amount: 600000 }, terms: { operation: 'moneyCall' }, amounts: ['amount'], parts: { releaser: { key: 'releaseToLevel' } } });
  });

  test('a double submit of the same tranche gives one call and one disbursement', async () => {
    const id = await approved();
    await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    await released(id, `LOAN-${id}`);
    await settle(id, `LOAN-${id}`);
    const body = { ...(await target(id)), trancheNo: 1, amount: 250000 };
    const [a, b] = await Promise.all([call('cpa1', 'POST', '/integration/disbursementTranche', body), call('cpa1', 'POST', '/integration/disbursementTranche', body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.replayed, b.body.replayed].sort()).toEqual([false, true]);
    await released(id, `TRANCHE-${id}-1`);
    await settle(id, `TRANCHE-${id}-1`);
    // A third click after it was confirmed: still the same call.
    const c = await call('cpa1', 'POST', '/integration/disbursementTranche', body);
    expect(c.body).toMatchObject({ replayed: true, message: 'Tranche 1 was already requested', data: { state: 'CONFIRMED' } });
    expect(d.hits.get('POST /loans/tranches') ?? 0).toBeGreaterThanOrEqual(1);
    expect([...d.applied.keys()].filter((k) => k === `TRANCHE-${id}-1`)).toHaveLength(1);
    expect((await t.app.db.query(`SELECT 1 FROM integration_calls WHERE application_id = $1 AND operation = 'DISBURSEMENT_TRANCHE'`, [id])).rows).toHaveLength(1);
    // Tranches may not exceed the sanctioned amount.
    const over = await call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo: 2, amount: 400000 });
    expect(over.body.data).toEqual([{ label: 'amount', reason: 'Tranches would total ₹6,50,000, above the sanctioned ₹6,00,000' }]);
  });

  test('a reply lost after the service applied the tranche: the next attempt looks the key up and confirms without sending again', async () => {
    const id = await approved();
    await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    await released(id, `LOAN-${id}`);
    await settle(id, `LOAN-${id}`);
    d.behave('/loans/tranches', [{ applyThenHangMs: 6000 }]); // longer than the 2 s timeout: the reply is lost
    const before = d.hits.get('POST /loans/tranches') ?? 0;
    await call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo: 1, amount: 100000 });
    await released(id, `TRANCHE-${id}-1`);
    const done = await settle(id, `TRANCHE-${id}-1`, ['CONFIRMED']);
    expect(done.events.map((e: Json) => e.event)).toEqual(['REQUESTED', 'RELEASED', 'QUEUED', 'SENT', 'FAILED', 'SENT', 'CONFIRMED']);
    expect(done.events[4].detail).toBe('Core banking did not answer within 2000 ms; next attempt in 1 s');
    expect(done.events[6].detail).toMatch(/found already applied, not sent again/);
    expect((d.hits.get('POST /loans/tranches') ?? 0) - before).toBe(1);
    expect([...d.applied.keys()].filter((k) => k === `TRANCHE-${id}-1`)).toHaveLength(1);
  });

  test('a call left SENT by a runner that died is resumed: lookup, no second send', async () => {
    const id = await approved();
    await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    await released(id, `LOAN-${id}`);
    await settle(id, `LOAN-${id}`);
    // What a kill between the call and its commit leaves: the service applied the mandate; the row says SENT, lease over.
    const key = `MANDATE-${id}`;
    d.applied.set(key, { reference: 'DBL-PRE', body: {} });
    await t.app.db.query(
      `INSERT INTO integration_calls (call_id, application_id, operation, state, attempts, request, requested_by, lease_until) VALUES ($1,$2,'ACH_MANDATE','SENT',1,'{}','cpa1', now() - interval '1 second')`,
      [key, id],
    );
    const before = d.hits.get('POST /mandates') ?? 0;
    const done = await settle(id, key, ['CONFIRMED']);
    expect(done).toMatchObject({ externalRef: 'DBL-PRE', attempts: 2 });
    expect(done.events.map((e: Json) => e.event)).toEqual(['RESUMED', 'CONFIRMED']);
    expect((d.hits.get('POST /mandates') ?? 0) - before).toBe(0);
  });

  test('a call failing throughout ends FAILED with its reason; staff retry it and it is confirmed once', async () => {
    const id = await approved();
    await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    await released(id, `LOAN-${id}`);
    await settle(id, `LOAN-${id}`);
    d.behave('/mandates', ['error', 'error']);
    const r = await call('cpa1', 'POST', '/integration/achMandate', { ...(await target(id)), accountNumber: '123456789012', ifsc: 'HDFC0001234', accountHolder: 'Ravi Kumar' });
    expect(r.status).toBe(200);
    await released(id, `MANDATE-${id}`);
    const failed = await settle(id, `MANDATE-${id}`, ['FAILED']);
    expect(failed).toMatchObject({ state: 'FAILED', reason: 'Mandate service answered HTTP 503', attempts: 2 });
    // The account number is masked in the audit.
    const audits = JSON.stringify((await t.app.db.query(`SELECT new_value FROM audits WHERE application_id = $1 AND action = 'integration_call'`, [id])).rows);
    expect(audits).toContain('********9012');
    expect(audits).not.toContain('123456789012');
    expect(audits).toContain('"accountHolder":"R. K."');
    expect(audits).not.toContain('Ravi Kumar');

    expect((await call('viewer1', 'POST', '/integration/retry', { ...(await target(id)), callId: `MANDATE-${id}` })).status).toBe(403);
    const retry = await call('cpa1', 'POST', '/integration/retry', { ...(await target(id)), callId: `MANDATE-${id}` });
    expect(retry.body).toMatchObject({ message: 'Call queued again', data: { state: 'QUEUED', retries: 1 } });
    const done = await settle(id, `MANDATE-${id}`, ['CONFIRMED']);
    expect(done.events.map((e: Json) => e.event)).toEqual(['REQUESTED', 'RELEASED', 'QUEUED', 'SENT', 'FAILED', 'SENT', 'FAILED', 'RETRIED', 'SENT', 'CONFIRMED']);
    expect([...d.applied.keys()].filter((k) => k === `MANDATE-${id}`)).toHaveLength(1);
    const again = await call('cpa1', 'POST', '/integration/retry', { ...(await target(id)), callId: `MANDATE-${id}` });
    expect(again.body.data).toEqual([{ label: 'callId', reason: `MANDATE-${id} is CONFIRMED; only a FAILED call can be retried` }]);
  });

  test('no money before a decision, nor while a deviation waits for approval; tranches wait for the loan', async () => {
    const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'No', lastName: 'Decision' }], customFields: { loanAmount: 100000 } });
    const id = r.body.data.application_id;
    expect((await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).body.data).toEqual([{ label: 'decision', reason: 'The loan can be created only after an approved credit decision: run the decision engine first' }]);
    expect((await call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo: 1, amount: 1000 })).body.data[0].label).toBe('decision');
    const id2 = await approved();
    expect((await call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id2)), trancheNo: 1, amount: 1000 })).body.data).toEqual([{ label: 'LOAN_CREATION', reason: 'The loan is not created in core banking yet' }]);
    await call('cpa1', 'POST', '/integration/deviation', { ...(await target(id2)), deviations: [{ key: 'MANUAL', reason: 'Check employer' }] });
    expect((await call('cpa1', 'POST', '/integration/loanCreation', await target(id2))).body.data).toEqual([{ label: 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', reason: 'The loan can be created only once its deviations are approved; they still wait for approval' }]);
    expect((await t.app.db.query(`SELECT 1 FROM integration_calls WHERE application_id IN ($1, $2)`, [id, id2])).rows).toHaveLength(0);
  });

  test('external configs: credentials are named, never stored; only an admin changes them', async () => {
    expect((await call('cpa1', 'POST', '/externalAPI/configs', { system: 'BUREAU', config: { mode: 'sandbox' } })).status).toBe(403);
    const list = await call('cpa1', 'POST', '/externalAPI/configs', {});
    expect(list.body.data.find((x: Json) => x.system === 'CORE_BANKING')).toMatchObject({ mode: 'http', baseUrl: d.url, credential: 'none' });
    const set = await call('admin', 'POST', '/externalAPI/configs', { system: 'BUREAU', config: { mode: 'sandbox', credentialEnv: 'LENDLINE_UNSET_BUREAU_KEY' } });
    expect(set.body.data.find((x: Json) => x.system === 'BUREAU')).toMatchObject({ credentialEnv: 'LENDLINE_UNSET_BUREAU_KEY', credential: 'missing' });
    // A field that is not a setting (a secret pasted in) is dropped by the schema, never stored.
    await call('admin', 'POST', '/externalAPI/configs', { system: 'BUREAU', config: { mode: 'sandbox', apiKey: 'pasted-secret' } });
    const stored = await t.app.db.query(`SELECT config FROM setup_configs WHERE category = 'ExternalAPI'`);
    expect(JSON.stringify(stored.rows)).not.toContain('pasted-secret');
  });

  test('a bureau that is down: 424 naming it, the failure audited and logged, nothing filed; the utility routes answer', async () => {
    await call('admin', 'POST', '/externalAPI/configs', { system: 'BUREAU', config: { mode: 'http', baseUrl: d.url, retries: 1, backoffMs: 0, timeoutMs: 2000 } });
    d.behave('/bureau', ['error', 'error']);
    const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Down', lastName: 'Bureau' }], customFields: { panNumber: 'ABCDE0200A' } });
    const id = r.body.data.application_id;
    await applicantConsentsToBureau(t.app.db, id);
    const before = await verNumOf(id);
    const pull = await call('cpa1', 'POST', '/cibil/obligation', await target(id));
    expect(pull).toEqual({ status: 424, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'BUREAU', reason: 'Bureau answered HTTP 503' }] } });
    expect(await verNumOf(id)).toBe(before);
    expect((await t.app.db.query(`SELECT 1 FROM credit_reports WHERE application_id = $1`, [id])).rows).toHaveLength(0);
    const audit = (await t.app.db.query<Json>(`SELECT new_value FROM audits WHERE application_id = $1 AND field_key = 'external.BUREAU'`, [id])).rows[0];
    expect(audit.new_value).toMatchObject({ failed: { kind: 'UNAVAILABLE', reason: 'Bureau answered HTTP 503' }, sent: { pan: 'AB******0A' } });
    expect((await t.app.db.query<Json>(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'external_call'`, [id])).rows).toEqual([{ comment: 'Bureau call failed: Bureau answered HTTP 503' }]);
    // Back up: the double's good report is filed.
    const ok = await call('cpa1', 'POST', '/cibil/obligation', await target(id));
    expect(ok.body.data).toMatchObject({ adapter: 'http', score: 781, monthlyObligations: 9000 });
    await call('admin', 'POST', '/externalAPI/configs', { system: 'BUREAU', config: { mode: 'sandbox' } });

    const xml = await call('cpa1', 'POST', '/util/xmlToJSON', { xml: '<r a="1"><s>2</s></r>' });
    expect(xml.body).toEqual({ data: { r: { '@a': '1', s: '2' } } });
    const cards = await call('cpa1', 'POST', '/collectionConfig/cardTypes', { cardNumber: '4111 1111 1111 1111' });
    expect(cards.body.data.card).toEqual({ type: 'VISA', lastFour: '1111', valid: true });
    expect(cards.body.data.cardTypes.map((c: Json) => c.type)).toEqual(['RUPAY', 'VISA', 'MASTERCARD', 'AMEX', 'DINERS']);
  });

  test('the Disbursement step completes only once a tranche is confirmed and no money call is open', async () => {
    const id = await approved();
    const act = async (user: string, action: string, extra: Json = {}) => call(user, 'POST', `/v3/application/action/${action}`, { ...(await target(id)), ...extra });
    // Data entry (cpa1) → Credit Review (bcm1) → Approval: the matrix's chain, decided by the branch head (bh1; the
    // maker, bcm1, may not) moves it on → Disbursement (admin, OPS).
    expect((await act('cpa1', 'complete_step/user', { completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    expect((await act('bcm1', 'assign')).status).toBe(200);
    expect((await act('bcm1', 'complete_step/user', { completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    const chain = await call('bh1', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`);
    expect(chain.status).toBe(200);
    for (const level of chain.body.data.chain as Json[]) {
      const r = await call(level.role === 'BH' ? 'bh1' : 'cc1', 'POST', '/v3/application/approvals/approve', { ...(await target(id)), subTaskId: level.subTaskId, comment: 'Sanctioned' });
      expect(r.status).toBe(200);
    }
    expect((await act('admin', 'assign')).status).toBe(200);
    expect((await t.app.db.query<Json>(`SELECT step_name, assigned_to FROM applications WHERE application_id = $1`, [id])).rows[0]).toEqual({ step_name: 'Disbursement', assigned_to: 'admin' });
    const early = await act('admin', 'complete_step/user', { completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(early.status).toBe(400);
    expect(early.body.data).toEqual([{ label: 'Disbursement not confirmed', reason: 'No disbursement tranche is confirmed by core banking yet', code: 'DISBURSEMENT_PENDING' }]);

    await call('admin', 'POST', '/integration/loanCreation', await target(id));
    await released(id, `LOAN-${id}`);
    await settle(id, `LOAN-${id}`);
    await call('admin', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo: 1, amount: 600000 });
    // Requested, not yet released: the step still waits.
    const waits = await act('admin', 'complete_step/user', { completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(waits.body.data.map((x: Json) => x.code)).toEqual(['DISBURSEMENT_PENDING', 'INTEGRATION_CALLS_PENDING']);
    await released(id, `TRANCHE-${id}-1`);
    await settle(id, `TRANCHE-${id}-1`);
    // The confirmation of the full sanctioned amount completed the step and the application itself (issue 25,
    // lifecycle-end.test.ts): nothing is left to complete by hand.
    expect((await t.app.db.query<Json>(`SELECT status, task_progress FROM applications WHERE application_id = $1`, [id])).rows[0]).toEqual({ status: 'COMPLETED', task_progress: 'Completed' });
    const done = await act('admin', 'complete_step/user', { completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(done.status).toBe(400);
  });
});
