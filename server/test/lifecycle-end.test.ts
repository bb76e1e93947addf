import { staffApp } from './helpers/staff-app';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { dbKind } from './helpers/test-db';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import type { Json } from './helpers/json';
import { verifyDisbursementAccount } from './helpers/verify-account';
import { eventually } from './helpers/eventually';

/**
 * A lifecycle that ends (issue 25). The loan is created only once the credit decision is APPROVE or its deviations are
 * approved — before that the request is refused in words saying what is missing, and the credit review says the same
 * (lending.loanBlocker) so the tab offers nothing. The confirmation of the tranche that completes the sanctioned amount
 * moves the application to COMPLETED in the same transaction: its task Completed, the SLA closed, exactly once; no
 * further tranche is accepted. Sandbox adapters; every money call is requested by cpa1 and released by bh1.
 */
const s = staffApp(['cpa1', 'bh1'], { env: { CREDIT_JOB_POLL_MS: '100' } });
const { headers, call, rows, verNumOf, target } = s;

const review = async (id: string) => (await call('cpa1', 'GET', `/integration/review/${id}`)).body.data as Json;
const refusal = (label: string, reason: string) => ({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label, reason }] } });

/** An application cpa1 holds at data entry; with `decide`, bureau, bank statement and the decision are run. */
async function created(pan: string): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Asha', lastName: 'Rao' }],
    customFields: { panNumber: pan, dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60 },
  });
  expect(r.status).toBe(201);
  await applicantConsentsToBureau(s.app.db, r.body.data.application_id);
  return r.body.data.application_id as string;
}
async function decided(pan: string, outcome: string) {
  const id = await created(pan);
  for (const path of ['/cibil/obligation', '/perfios/transactionLink']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  const d = await call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await target(id));
  expect(d.body.data.outcome).toBe(outcome);
  if (outcome !== 'DECLINE') await verifyDisbursementAccount(s.app, headers.cpa1, id); // money only to the borrower's verified account
  await issueAndAcceptKfs(s.app, headers.cpa1, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  return { id, deviationSubTaskId: d.body.data.deviationSubTaskId as string | null };
}
async function settle(id: string, callId: string): Promise<Json> {
  return eventually(async () => ((await review(id)).calls as Json[]).find((x) => x.callId === callId), (c): c is Json => !!c && ['CONFIRMED', 'FAILED'].includes(c.state), `${callId} did not settle`);
}
/** Requested by the holder (cpa1), released by bh1, then confirmed by the sandbox core banking. */
async function moved(id: string, path: string, callId: string, extra: Json = {}) {
  const r = await call('cpa1', 'POST', path, { ...(await target(id)), ...extra });
  expect(r.status).toBe(200);
  expect((await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId })).status).toBe(200);
  expect((await settle(id, callId)).state).toBe('CONFIRMED');
}

describe(`a lifecycle that ends (${dbKind()})`, () => {
  test('loan creation is refused before any decision, saying the approved decision is missing; nothing is written', async () => {
    const id = await created('ABCDE0200A');
    const before = await verNumOf(id);
    const reason = 'The loan can be created only after an approved credit decision: run the decision engine first';
    expect(await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).toEqual(refusal('decision', reason));
    expect((await review(id)).lending).toEqual({ status: 'ACTIVE', sanctioned: 600000, requested: 0, confirmed: 0, remaining: 600000, loanBlocker: { label: 'decision', reason, texts: { en: reason, hi: 'ऋण केवल स्वीकृत क्रेडिट निर्णय के बाद बनाया जा सकता है: पहले निर्णय इंजन चलाएँ' } } });
    expect(await verNumOf(id)).toBe(before);
    expect(await rows(`SELECT 1 FROM integration_calls WHERE application_id = $1`, [id])).toHaveLength(0);
  });

  test('a REFER decision: refused while its deviations wait for approval, accepted once the branch head approves them', async () => {
    const { id, deviationSubTaskId } = await decided('ABCDE0100S', 'REFER');
    const waiting = refusal('EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', 'The loan can be created only once its deviations are approved; they still wait for approval');
    expect(await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).toEqual(waiting);
    expect((await review(id)).lending.loanBlocker).toEqual({ ...waiting.body.data[0], texts: { en: waiting.body.data[0].reason, hi: 'ऋण तभी बनाया जा सकता है जब इसके विचलन स्वीकृत हों; वे अभी स्वीकृति की प्रतीक्षा में हैं' } });
    expect((await call('bh1', 'POST', '/v3/application/approvals/approve', { ...(await target(id)), subTaskId: deviationSubTaskId, comment: 'Explained' })).status).toBe(200);
    expect((await review(id)).lending.loanBlocker).toBeNull();
    const r = await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    expect(r.status).toBe(200);
    expect(r.body.data.state).toBe('TO_RELEASE');
  });

  test('the confirmation of the last tranche completes the application once: task Completed, SLA closed, no further tranche', async () => {
    const { id } = await decided('ABCDE0200A', 'APPROVE');
    expect((await review(id)).lending.loanBlocker).toBeNull();
    await moved(id, '/integration/loanCreation', `LOAN-${id}`);
    await moved(id, '/integration/disbursementTranche', `TRANCHE-${id}-1`, { trancheNo: 1, amount: 200000 });
    // Partly disbursed: still ACTIVE, 400000 left, and a tranche above what is left is refused.
    expect((await call('cpa1', 'GET', `/v3/application/${id}`)).body.data.application_status).toBe('ACTIVE');
    expect((await review(id)).lending).toMatchObject({ requested: 200000, confirmed: 200000, remaining: 400000 });
    expect(await call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo: 2, amount: 500000 }))
      .toEqual(refusal('amount', 'Tranches would total ₹7,00,000, above the sanctioned ₹6,00,000'));

    await moved(id, '/integration/disbursementTranche', `TRANCHE-${id}-2`, { trancheNo: 2, amount: 400000 });
    const view = (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data;
    expect(view.application_status).toBe('COMPLETED');
    expect(view.sla).toMatchObject({ state: 'CLOSED', status: 'COMPLETED' });
    const task = (await rows(`SELECT t.progress, t.overall_end, a.task_progress, a.closed_at FROM applications a JOIN tasks t ON t.task_id = a.cur_task_id WHERE a.application_id = $1`, [id]))[0];
    expect(task).toMatchObject({ progress: 'Completed', task_progress: 'Completed' });
    expect(task.overall_end).not.toBeNull();
    expect(task.closed_at).not.toBeNull();
    expect((await review(id)).lending).toEqual({ status: 'COMPLETED', sanctioned: 600000, requested: 600000, confirmed: 600000, remaining: 0, loanBlocker: { label: 'application_id', reason: 'The application is COMPLETED', texts: { en: 'The application is Completed', hi: 'आवेदन पूर्ण है' } } });
    // Exactly once: one audit row and one worklog entry of the completion.
    expect(await rows(`SELECT user_id FROM audits WHERE application_id = $1 AND action = 'complete_disbursement' AND field_key = 'application_status'`, [id])).toEqual([{ user_id: 'system' }]);
    expect(await rows(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'complete_disbursement'`, [id])).toEqual([
      { comment: expect.stringContaining('the sanctioned ₹6,00,000 is disbursed in full') },
    ]);
    // Nothing more moves.
    expect(await call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo: 3, amount: 1 }))
      .toEqual(refusal('application_id', `Application ${id} is COMPLETED; money moves only on an ACTIVE application`));
  });
});
