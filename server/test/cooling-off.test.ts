import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { verifyDisbursementAccount } from './helpers/verify-account';
import { issueAppRef } from '../src/domain/portal/customer-access';
import { daysHeld, exitAmount } from '../src/domain/cooling-off/amount';
import { eventually } from './helpers/eventually';

/**
 * The cooling-off exit (issue 27): after core banking confirms the loan the borrower sees, on the portal, a window of
 * the configured days (3 by default) and what an exit repays — the disbursed principal + interest at the loan's yearly
 * rate for the days held, no penalty; they ask to exit once, the officers are told, staff mark it processed with a
 * reason; after the window the exit is gone. The product PL's rate is 11.25 % (seed); the exit prices the days held at the accepted KFS's APR.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp({ CREDIT_JOB_POLL_MS: '100' });
  for (const u of ['cpa1', 'bh1', 'portal-customer']) headers[u] = (await loginAs(t.app, u)).headers;
}, 180_000);
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json, extra: Record<string, string> = {}) {
  const res = await t.app.inject({ method, url, headers: { ...headers[user], ...extra }, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const verNumOf = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;
const target = async (id: string) => ({ application_id: id, verNum: await verNumOf(id) });
async function settled(id: string, callId: string) {
  await eventually(async () => (await call('cpa1', 'GET', `/integration/review/${id}`)).body.data.calls.find((c: Json) => c.callId === callId)?.state, (state) => state === 'CONFIRMED', `${callId} not confirmed`);
}
/** Requested by cpa1, released by bh1, confirmed by the sandbox core banking. */
async function moved(id: string, path: string, callId: string, extra: Json = {}) {
  expect((await call('cpa1', 'POST', path, { ...(await target(id)), ...extra })).status).toBe(200);
  expect((await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId })).status).toBe(200);
  await settled(id, callId);
}
/** An approved application, with its account verified; the borrower holds an appRefId for it. */
async function approved() {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60, consentToBureauCheck: true },
  });
  const id = r.body.data.application_id as string;
  await applicantConsentsToBureau(t.app.db, id); // the applicant's own consent record (consent-records.test.ts)
  for (const path of ['/cibil/obligation', '/perfios/transactionLink', '/decision_engine/execute/PL/CREDIT_POLICY']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  await verifyDisbursementAccount(t.app, headers.cpa1, id);
  await issueAndAcceptKfs(t.app, headers.cpa1, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  return { id, borrower: { appRefId: await issueAppRef(t.app.db, id, 'LINK') } };
}
const view = (id: string, ref: Record<string, string>) => call('portal-customer', 'GET', `/v3/portal/coolingOff?application_id=${id}`, undefined, ref);
const exit = (id: string, ref: Record<string, string>) => call('portal-customer', 'POST', '/v3/portal/coolingOff/exit', { application_id: id }, ref);

describe('the exit amount', () => {
  test('principal + interest at the yearly rate for the days held, whole days started, at least one', () => {
    const at = new Date('2026-11-20T10:00:00Z');
    expect(exitAmount([{ amount: 500000, disbursedAt: at }], 12, new Date('2026-11-23T10:00:00Z'))).toEqual({ principal: 500000, interest: 493.15, amount: 500493.15, daysHeld: 3 });
    // Two tranches: each for its own days (5 × 2 days, 1 day) — 200000 × 10.5 % × 2/365 + 100000 × 10.5 % × 1/365.
    expect(exitAmount([{ amount: 200000, disbursedAt: at }, { amount: 100000, disbursedAt: new Date('2026-11-21T09:00:00Z') }], 10.5, new Date('2026-11-21T12:00:00Z')))
      .toEqual({ principal: 300000, interest: 143.84, amount: 300143.84, daysHeld: 2 });
    expect(daysHeld(at, at)).toBe(1);
    expect(exitAmount([], 12, at)).toEqual({ principal: 0, interest: 0, amount: 0, daysHeld: 0 });
  });
});

describe(`cooling-off exit on ${dbKind()}`, () => {
  test('open after the loan is created: the borrower sees the amount, asks once, the officer is told and processes it', async () => {
    const { id, borrower } = await approved();
    expect((await view(id, borrower)).body.data).toMatchObject({ state: 'NO_LOAN', days: 3, quote: null });
    expect((await exit(id, borrower)).body.data).toEqual([{ label: 'coolingOff', reason: 'The loan is not created yet: there is nothing to exit' }]);

    await moved(id, '/integration/loanCreation', `LOAN-${id}`);
    await moved(id, '/integration/disbursementTranche', `TRANCHE-${id}-1`, { trancheNo: 1, amount: 200000 });
    const open = (await view(id, borrower)).body.data;
    // At the APR of the accepted KFS (11.41 %: the 11.25 % rate with the fees counted): 200000 × 11.41 % × 1/365 = 62.52
    expect(open).toMatchObject({ state: 'OPEN', days: 3, quote: { principal: 200000, interest: 62.52, amount: 200062.52, daysHeld: 1, annualRatePercent: 11.41 }, request: null });
    expect(new Date(open.windowEndsAt).getTime() - new Date(open.loanCreatedAt).getTime()).toBe(3 * 24 * 3600 * 1000);
    expect((await call('cpa1', 'GET', `/v3/portal/coolingOff?application_id=${id}`)).body.data.state).toBe('OPEN');

    // The exit is the borrower's own act.
    expect((await call('cpa1', 'POST', '/v3/portal/coolingOff/exit', { application_id: id })).status).toBe(403);
    const asked = await exit(id, borrower);
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ replayed: false, data: { state: 'REQUESTED', quote: { amount: 200062.52 }, request: { state: 'REQUESTED', processedAt: null } } });
    expect(asked.body.data.request.processedBy).toBeUndefined();
    expect((await exit(id, borrower)).body).toMatchObject({ replayed: true, message: 'Your request to exit the loan was already recorded' });
    const told = (await t.app.db.query<Json>(`SELECT username, messages FROM notifications WHERE application_id = $1 AND messages::text LIKE '%cooling-off%'`, [id])).rows;
    expect(told).toEqual([{ username: 'cpa1', messages: [`The borrower of ${id} asked to exit the loan in its cooling-off period (repays 200062.52): process it on the Credit tab`] }]);

    expect((await call('cpa1', 'POST', '/integration/coolingOff/process', { application_id: id, reason: '   ' })).status).toBe(400);
    const done = await call('cpa1', 'POST', '/integration/coolingOff/process', { application_id: id, reason: 'Repayment received; loan closed in core banking' });
    expect(done.body.data.request).toMatchObject({ state: 'PROCESSED', processedBy: 'cpa1', reason: 'Repayment received; loan closed in core banking' });
    expect((await call('cpa1', 'POST', '/integration/coolingOff/process', { application_id: id, reason: 'again' })).body.data).toEqual([{ label: 'coolingOff', reason: 'This exit is already processed' }]);
    const seen = (await view(id, borrower)).body.data;
    expect(seen).toMatchObject({ state: 'PROCESSED', request: { state: 'PROCESSED', processedAt: expect.any(String) } });
    expect(seen.request.processedBy).toBeUndefined();
    expect(seen.request.reason).toBeUndefined();
    const logs = (await t.app.db.query<Json>(`SELECT action, text FROM worklogs WHERE application_id = $1 AND action LIKE 'loan_exit%' ORDER BY id`, [id])).rows;
    expect(logs.map((l) => l.action)).toEqual(['loan_exit_request', 'loan_exit_processed']);
    // Keyed (read in the reader's language), the amounts kept as numbers and formatted when read.
    expect(logs.map((l) => l.text)).toEqual([
      expect.objectContaining({ key: 'coolingOffExitRequestedLog', params: expect.objectContaining({ amount: expect.any(Number), principal: expect.any(Number) }), amounts: ['amount', 'principal', 'interest'] }),
      expect.objectContaining({ key: 'coolingOffExitProcessedLog', params: { actor: 'cpa1', reason: 'Repayment received; loan closed in core banking' } }),
    ]);
  });

  test('after the window the exit is gone; a product may set its own period', async () => {
    const { id, borrower } = await approved();
    await moved(id, '/integration/loanCreation', `LOAN-${id}`);
    // The loan was confirmed four days ago.
    await t.app.db.query(`UPDATE integration_call_events SET at = at - interval '4 days' WHERE call_id = $1`, [`LOAN-${id}`]);
    expect((await view(id, borrower)).body.data).toMatchObject({ state: 'CLOSED', quote: null, request: null });
    expect((await exit(id, borrower)).body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'coolingOff', reason: 'The cooling-off period of this loan has ended' }] });

    await t.app.db.query(`INSERT INTO setup_configs (category, sub_category, tenant, product_code, config) VALUES ('Lending', 'CoolingOff', '*', 'PL', '{"days": 5}')`);
    try {
      expect((await view(id, borrower)).body.data).toMatchObject({ state: 'OPEN', days: 5, quote: { principal: 0, amount: 0 } });
    } finally {
      await t.app.db.query(`DELETE FROM setup_configs WHERE category = 'Lending' AND sub_category = 'CoolingOff'`);
    }
  });
});
