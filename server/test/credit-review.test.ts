import { createTestApp, type TestApp } from './helpers/test-app';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * Credit review on the sandbox adapters (the default): the bureau needs the applicant's recorded consent; reports are
 * filed with verifications, audits (masked) and worklogs; net financing / FOIR; the decision engine's outcomes by rule;
 * a REFER raises deviations into the exception chain, which blocks completing the step until they are closed.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  await grantCompleteOverride(t.app.db, ['cpa1']);
  for (const u of ['cpa1', 'viewer1', 'dev1', 'admin', 'bh1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
/** An application in data entry created and held by cpa1, with the applicant's answers; the PAN picks the sandbox's outcome. */
async function create(pan: string, extra: Json = {}, consented = true): Promise<{ id: string; verNum: number }> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Meera', lastName: 'Nair' }],
    customFields: { panNumber: pan, dateOfBirth: '15/06/1988', monthlyIncome: 120000, loanAmount: 500000, tenureMonths: 48, ...extra },
  });
  expect(r.status).toBe(201);
  if (consented) await applicantConsentsToBureau(t.app.db, r.body.data.application_id);
  // The creator holds the data-entry task (In Progress), as an officer working the case does.
  return { id: r.body.data.application_id, verNum: r.body.data.verNum };
}
const verNumOf = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;
const body = async (id: string) => ({ application_id: id, verNum: await verNumOf(id) });
/** Bureau, bank statement, then the decision: what an officer does in the credit tab. */
async function review(id: string) {
  expect((await call('cpa1', 'POST', '/cibil/obligation', await body(id))).status).toBe(200);
  expect((await call('cpa1', 'POST', '/perfios/transactionLink', await body(id))).status).toBe(200);
  return call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await body(id));
}

describe(`credit review on ${dbKind()}`, () => {
  test('bureau without the applicant\'s consent is refused and nothing is called or filed', async () => {
    const { id, verNum } = await create('ABCDE0200F', {}, false);
    const r = await call('cpa1', 'POST', '/cibil/obligation', { application_id: id, verNum });
    expect(r).toEqual({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'consentToBureauCheck', reason: 'The applicant has not consented to a credit bureau check; the bureau was not called' }] } });
    expect((await t.app.db.query(`SELECT 1 FROM credit_reports WHERE application_id = $1`, [id])).rows).toHaveLength(0);
    expect((await t.app.db.query(`SELECT 1 FROM audits WHERE application_id = $1 AND field_key = 'external.BUREAU'`, [id])).rows).toHaveLength(0);
    expect(await verNumOf(id)).toBe(verNum);
  });

  test('bureau pull files the report, a verification, a masked audit and a worklog entry', async () => {
    const { id, verNum } = await create('ABCDE0200F');
    const r = await call('cpa1', 'POST', '/cibil/obligation', { application_id: id, verNum });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ adapter: 'sandbox', score: 750 });
    expect(r.body.data.accounts.length).toBeGreaterThan(0);
    const active = r.body.data.accounts.filter((a: Json) => a.status === 'ACTIVE').reduce((s: number, a: Json) => s + a.emi, 0);
    expect(r.body.data.monthlyObligations).toBe(active);
    expect(r.body.application.verNum).toBe(verNum + 1);
    // The same applicant always gets the same report.
    const again = await call('cpa1', 'POST', '/cibil/obligation', { application_id: id, verNum: verNum + 1 });
    expect(again.body.data.accounts).toEqual(r.body.data.accounts);

    const view = await call('cpa1', 'GET', `/v3/application/${id}`);
    expect(view.body.data.verifications).toContainEqual(expect.objectContaining({ key: 'BUREAU', isVerified: true, output: expect.objectContaining({ score: 750 }) }));
    const audit = (await t.app.db.query<Json>(`SELECT new_value, user_id FROM audits WHERE application_id = $1 AND field_key = 'external.BUREAU' ORDER BY id LIMIT 1`, [id])).rows[0];
    expect(audit.user_id).toBe('cpa1');
    expect(audit.new_value.sent.pan).toBe('AB******0F');
    expect(JSON.stringify(audit.new_value)).not.toContain('ABCDE0200F');
    expect(JSON.stringify(audit.new_value)).not.toContain('Meera');
    const worklog = (await t.app.db.query<Json>(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'cibil_obligation' ORDER BY id LIMIT 1`, [id])).rows[0];
    expect(worklog.comment).toMatch(/^Bureau report pulled \(Sandbox\): score 750, \d active account\(s\), obligations ₹[\d,]+\/month$/);

    const rev = await call('cpa1', 'GET', `/integration/review/${id}`);
    expect(rev.body.data.reports.BUREAU.summary.score).toBe(750);
    const raw = await t.app.inject({ method: 'GET', url: `/integration/review/${id}/raw/${rev.body.data.reports.BUREAU.id}`, headers: headers.cpa1 });
    expect(raw.statusCode).toBe(200);
    // The stored reply is the product's fields (issue 24): no echoed PAN, nothing the product does not read.
    expect(JSON.parse(raw.body)).toEqual({ reference: r.body.data.reference, score: 750, accounts: r.body.data.accounts, enquiriesLast6Months: r.body.data.enquiriesLast6Months });
  });

  test('net financing and FOIR from the declared income and the bureau obligations', async () => {
    const { id } = await create('ABCDE0200F');
    const bureau = await call('cpa1', 'POST', '/cibil/obligation', await body(id));
    const r = await call('cpa1', 'POST', '/net_per_fin_config/net_financing_calculation', await body(id));
    expect(r.status).toBe(200);
    const nf = r.body.data;
    expect(nf).toMatchObject({ monthlyIncome: 120000, loanAmount: 500000, tenureMonths: 48, ratePercent: 11.5, foirCap: 0.5, monthlyObligations: bureau.body.data.monthlyObligations, obligationsSource: 'BUREAU' });
    // EMI of 5 lakh over 48 months at 11.5 %: 13,044.52 (the annuity formula).
    expect(nf.proposedEmi).toBeCloseTo(13044.52, 1);
    expect(nf.foir).toBeCloseTo((nf.monthlyObligations + nf.proposedEmi) / 120000, 3);
    expect(nf.netFinancingAmount).toBe(Math.min(500000, nf.maxEligibleAmount));
  });

  test('decision APPROVE when every rule passes; each rule is given with its reason', async () => {
    const { id } = await create('ABCDE0200A');
    const r = await review(id);
    expect(r.status).toBe(200);
    expect(r.body.data.outcome).toBe('APPROVE');
    expect(r.body.data.rules.map((x: Json) => [x.rule, x.passed])).toEqual([['AGE', true], ['BUREAU_SCORE', true], ['FOIR', true], ['BANK_BOUNCES', true], ['LOAN_WITHIN_ELIGIBILITY', true]]);
    expect(r.body.data.deviations).toEqual([]);
    expect(r.body.application.openApprovals).toBe(0);
  });

  test('decision DECLINE on a score below 650, with the reason; no deviation is raised', async () => {
    const { id } = await create('ABCDE0050A');
    const r = await review(id);
    expect(r.body.data.outcome).toBe('DECLINE');
    expect(r.body.data.rules).toContainEqual({ rule: 'BUREAU_SCORE', passed: false, effect: 'DECLINE', reason: 'Bureau score 600 is below 650' });
    expect(r.body.data.deviations).toEqual([]);
    expect((await t.app.db.query<Json>(`SELECT open_exceptions FROM applications WHERE application_id = $1`, [id])).rows[0].open_exceptions).toBe(0);
  });

  test('decision REFER (score 650-699, four bounces) raises the failed rules as deviations: completing the step is refused until they are closed', async () => {
    const { id } = await create('ABCDE0100S');
    const r = await review(id);
    expect(r.body.data.outcome).toBe('REFER');
    expect(r.body.data.rules).toContainEqual({ rule: 'BUREAU_SCORE', passed: false, effect: 'REFER', reason: 'Bureau score 650 (approve from 700)' });
    expect(r.body.data.rules).toContainEqual({ rule: 'BANK_BOUNCES', passed: false, effect: 'REFER', reason: '4 bounce(s) in six months (policy at most 2)' });
    expect(r.body.data.deviations.map((d: Json) => d.key)).toEqual(expect.arrayContaining(['BUREAU_SCORE', 'BANK_BOUNCES']));
    expect(r.body.data.deviationSubTaskId).toMatch(/^\d+$/);
    const sub = (await t.app.db.query<Json>(`SELECT kind, status, assigned_team, raised_by, body FROM sub_tasks WHERE id = $1::bigint`, [r.body.data.deviationSubTaskId])).rows[0];
    expect(sub).toMatchObject({ kind: 'EXCEPTION', status: 'OPEN', assigned_team: 'APPROVAL', raised_by: 'cpa1' });
    expect((await t.app.db.query<Json>(`SELECT team_id, event FROM notifications WHERE application_id = $1 AND event = 'AssignedToApprovalTeam'`, [id])).rows).toEqual([{ team_id: 'APPROVAL', event: 'AssignedToApprovalTeam' }]);

    // Running the decision again does not raise the same deviations twice.
    const again = await call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await body(id));
    expect(again.body.data.deviationSubTaskId).toBeNull();

    const blocked = await call('cpa1', 'POST', '/v3/application/action/complete_step/user', { ...(await body(id)), completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(blocked.status).toBe(400);
    expect(blocked.body.data).toContainEqual({ label: 'Exceptions waiting for approval', reason: '1 raised exception(s) still wait for approval', code: 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL' });

    // The deviation is in the approval chain: the raiser may not decide it (maker-checker); the branch head does.
    const chain = await call('bh1', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`);
    expect(chain.status).toBe(200);
    const own = await call('cpa1', 'POST', '/v3/application/approvals/approve', { ...(await body(id)), subTaskId: r.body.data.deviationSubTaskId, comment: 'mine' });
    expect(own.status).toBeGreaterThanOrEqual(400);
    const approved = await call('bh1', 'POST', '/v3/application/approvals/approve', { ...(await body(id)), subTaskId: r.body.data.deviationSubTaskId, comment: 'Bounces explained by a salary delay' });
    expect(approved.status).toBe(200);
    const done = await call('cpa1', 'POST', '/v3/application/action/complete_step/user', { ...(await body(id)), completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(done.status).toBe(200);
    const rev = await call('cpa1', 'GET', `/integration/review/${id}`);
    expect(rev.body.data.deviations[0]).toMatchObject({ status: 'CLOSED', resolution: 'APPROVED', source: 'CREDIT_DECISION' });
  });

  test('FOIR above the cap: the FOIR rule fails with its figure and the loan is above eligibility', async () => {
    // Income 30,000 with a 5 lakh loan over 48 months: the EMI alone is 43 % of income; the obligations push it past 50 %.
    const { id } = await create('ABCDE0250B', { monthlyIncome: 30000 });
    const r = await review(id);
    expect(r.status).toBe(200);
    const foir = r.body.data.netFinancing.foir;
    expect(foir).toBeGreaterThan(0.5);
    expect(r.body.data.rules.find((x: Json) => x.rule === 'FOIR')).toMatchObject({ passed: false, reason: expect.stringContaining(`FOIR ${(foir * 100).toFixed(1)}%`) });
    expect(r.body.data.rules.find((x: Json) => x.rule === 'LOAN_WITHIN_ELIGIBILITY')).toMatchObject({ passed: false });
  });

  test('viewer1 (application access only) is refused; dev1 of another branch gets the neutral 404; stale verNum 409', async () => {
    const { id, verNum } = await create('ABCDE0200F');
    expect((await call('viewer1', 'POST', '/cibil/obligation', { application_id: id, verNum })).status).toBe(403);
    expect((await call('dev1', 'POST', '/cibil/obligation', { application_id: id, verNum })).body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] });
    const stale = await call('cpa1', 'POST', '/cibil/obligation', { application_id: id, verNum: verNum - 1 });
    expect(stale.status).toBe(409);
    expect((await t.app.db.query(`SELECT 1 FROM credit_reports WHERE application_id = $1`, [id])).rows).toHaveLength(0);
  });

  test('officer deviation goes to the approval team once', async () => {
    const { id } = await create('ABCDE0200F');
    const d = { deviations: [{ key: 'EMPLOYER_CATEGORY', reason: 'Employer not on the approved list' }] };
    const r = await call('cpa1', 'POST', '/integration/deviation', { ...(await body(id)), ...d });
    expect(r.status).toBe(200);
    expect(r.body.data.raised).toEqual(d.deviations);
    const twice = await call('cpa1', 'POST', '/integration/deviation', { ...(await body(id)), ...d });
    expect(twice.body.data).toEqual([{ label: 'deviations', reason: 'These deviations are already waiting for approval' }]);
  });
});
