import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';

/**
 * The Key Fact Statement (issue 27): issued by staff from the application's priced terms, accepted by the applicant
 * with a one-time code, superseded when the terms change, and required (accepted, unexpired, current) before the loan.
 */
const s = staffApp(['cpa1', 'bh1'], { env: { CREDIT_JOB_POLL_MS: '100' } });
const { headers, call, target } = s;


/** An application cpa1 holds with an APPROVE decision and an applicant with a mobile number. */
async function approved(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Meena', lastName: 'Iyer' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 300000, tenureMonths: 36, consentToBureauCheck: true },
  });
  const id = r.body.data.application_id as string;
  await s.app.db.query(`UPDATE applications SET doc = jsonb_set(doc, '{applicant,0,mobile}', '"9876500042"') WHERE application_id = $1`, [id]);
  await applicantConsentsToBureau(s.app.db, id); // the applicant's own consent record (consent-records.test.ts)
  for (const path of ['/cibil/obligation', '/perfios/transactionLink']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  expect((await call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await target(id))).body.data.outcome).toBe('APPROVE');
  return id;
}
const refusal = (reason: string) => ({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'KFS', reason }] } });

describe(`Key Fact Statement (${dbKind()})`, () => {
  let id: string;
  let proposalNo: string;

  test('loan creation is refused while no KFS was issued, saying so by label KFS; nothing is written', async () => {
    id = await approved();
    expect(await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).toEqual(
      refusal('No Key Fact Statement was issued: issue one and have the applicant accept it before the loan is created'),
    );
    expect((await s.app.db.query(`SELECT 1 FROM integration_calls WHERE application_id = $1`, [id])).rows).toHaveLength(0);
  });

  test('issued: a unique proposal number, the priced terms and APR, valid 3 working days (weekends skipped), filed as a document', async () => {
    const r = await call('cpa1', 'POST', '/v3/kfs/issue', { application_id: id, lang: 'hi' });
    expect(r.status).toBe(200);
    const k = r.body.data;
    proposalNo = k.proposalNo;
    expect(proposalNo).toMatch(new RegExp(`^${id}-K1-[0-9A-F]{6}$`));
    expect(k).toMatchObject({ state: 'ISSUED', lang: 'hi', version: 1, acceptance: null });
    expect(k.terms).toMatchObject({ amount: 300000, tenureMonths: 36, ratePercent: 11.25, totalFees: 4700, netDisbursed: 295300 });
    expect(k.terms.apr).toBeGreaterThan(11.25);
    expect(k.terms.schedule).toHaveLength(36);
    // Validity: 3 working days after today, never landing on a weekend and at least 3 days out.
    const until = new Date(`${k.validUntil}T00:00:00Z`);
    const today = new Date(new Date().toISOString().slice(0, 10) + 'T00:00:00Z');
    expect([1, 2, 3, 4, 5]).toContain(until.getUTCDay());
    const days = (until.getTime() - today.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(3);
    expect(days).toBeLessThanOrEqual(5);
    const doc = await s.app.db.query<{ doc_type: string; mime: string }>(`SELECT doc_type, mime FROM documents WHERE file_id = $1`, [k.fileId]);
    expect(doc.rows[0]).toEqual({ doc_type: 'KEY_FACT_STATEMENT', mime: 'application/pdf' });
    const pdf = await s.app.inject({ method: 'GET', url: `/v3/kfs/file?application_id=${id}&proposalNo=${proposalNo}`, headers: headers.cpa1 });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call('cpa1', 'POST', '/integration/loanCreation', await target(id)))).toEqual(refusal(`The applicant has not accepted Key Fact Statement ${proposalNo} yet`));
  });

  test('accepted with the code sent to the applicant\'s mobile: a wrong code does not, the right one records who, when, channel', async () => {
    const sent = await call('cpa1', 'POST', '/v3/kfs/send-code', { application_id: id, proposalNo });
    expect(sent.body.data.sentTo).toBe('******0042');
    const wrong = sent.body.data.sandboxCode === '000000' ? '111111' : '000000';
    expect((await call('cpa1', 'POST', '/v3/kfs/accept', { application_id: id, proposalNo, code: wrong })).body.data).toMatchObject({ accepted: false, reason: 'WRONG_CODE' });
    const ok = await call('cpa1', 'POST', '/v3/kfs/accept', { application_id: id, proposalNo, code: sent.body.data.sandboxCode });
    expect(ok.body.data.accepted).toBe(true);
    expect(ok.body.data.kfs.acceptance).toMatchObject({ by: `${id}-P`, channel: 'OTP', sentTo: '******0042' });
    expect((await call('cpa1', 'GET', `/v3/kfs?application_id=${id}`)).body.data.state).toBe('ACCEPTED');
    const audit = await s.app.db.query(`SELECT 1 FROM audits WHERE application_id = $1 AND field_key = 'kfs'`, [id]);
    expect(audit.rows.length).toBe(2);
  });

  test('a change of terms after acceptance needs a new KFS, accepted again, before the loan', async () => {
    await s.app.db.query(`UPDATE applications SET custom_fields = jsonb_set(custom_fields, '{tenureMonths}', '48') WHERE application_id = $1`, [id]);
    expect((await call('cpa1', 'GET', `/v3/kfs?application_id=${id}`)).body.data.state).toBe('TERMS_CHANGED');
    expect(await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).toEqual(
      refusal(`The terms changed after Key Fact Statement ${proposalNo}: issue a new one for the applicant to accept`),
    );
    const second = (await call('cpa1', 'POST', '/v3/kfs/issue', { application_id: id })).body.data;
    expect(second).toMatchObject({ version: 2, state: 'ISSUED' });
    expect(second.terms.tenureMonths).toBe(48);
    expect((await s.app.db.query<{ status: string }>(`SELECT status FROM kfs_statements WHERE proposal_no = $1`, [proposalNo])).rows[0].status).toBe('SUPERSEDED');
    const sent = await call('cpa1', 'POST', '/v3/kfs/send-code', { application_id: id, proposalNo: second.proposalNo });
    expect((await call('cpa1', 'POST', '/v3/kfs/accept', { application_id: id, proposalNo: second.proposalNo, code: sent.body.data.sandboxCode })).body.data.accepted).toBe(true);
    const r = await call('cpa1', 'POST', '/integration/loanCreation', await target(id));
    expect(r.status).toBe(200);
    expect(r.body.data.state).toBe('TO_RELEASE');
  });

  test('an expired KFS is not accepted and does not let the loan be created', async () => {
    const other = await approved();
    const k = (await call('cpa1', 'POST', '/v3/kfs/issue', { application_id: other })).body.data;
    await s.app.db.query(`UPDATE kfs_statements SET valid_until = DATE '2020-01-03' WHERE proposal_no = $1`, [k.proposalNo]);
    expect((await call('cpa1', 'POST', '/v3/kfs/send-code', { application_id: other, proposalNo: k.proposalNo })).body.data).toEqual([
      { label: 'proposalNo', reason: 'This Key Fact Statement has expired; the lender will issue a new one' },
    ]);
    expect(await call('cpa1', 'POST', '/integration/loanCreation', await target(other))).toEqual(refusal(`Key Fact Statement ${k.proposalNo} expired on 2020-01-03: issue a new one`));
  });
});
