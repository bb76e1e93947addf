import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import type { Json } from './helpers/json';
import { renderWorklog } from '../src/domain/tasks/worklog-text';
import { nameMatchScore, namesMatch, NAME_MATCH_THRESHOLD } from '../src/domain/bank-accounts/name-match';
import { eventually } from './helpers/eventually';

/**
 * Money only to the borrower (issue 27): the disbursement account is verified through the BANK_VERIFICATION adapter
 * (the sandbox here: deterministic outcomes by account number and IFSC), the bank's holder name is matched with the
 * applicant's, and a tranche is requested and released only to the account verified last for the application.
 */
const s = staffApp(['cpa1', 'bh1', 'viewer1', 'admin'], { env: { CREDIT_JOB_POLL_MS: '100' } });
const { headers, call, target } = s;

const verify = (id: string, account?: { accountNumber: string; ifsc: string }, user = 'cpa1') => call(user, 'POST', '/integration/bankAccount/verify', { application_id: id, ...(account ?? {}) });
const review = async (id: string) => (await call('cpa1', 'GET', `/integration/review/${id}`)).body.data;

/** An application cpa1 holds, with an APPROVE decision; the applicant gave `given` as their bank details. */
async function approved(given: Record<string, string> = { accountNumber: '501234567890', ifsc: 'SBIN0004321' }): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar' }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60, ...given },
  });
  expect(r.status).toBe(201);
  const id = r.body.data.application_id as string;
  await applicantConsentsToBureau(s.app.db, id); // the applicant's own consent record (consent-records.test.ts)
  for (const path of ['/cibil/obligation', '/perfios/transactionLink']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  expect((await call('cpa1', 'POST', '/decision_engine/execute/PL/CREDIT_POLICY', await target(id))).body.data.outcome).toBe('APPROVE');
  return id;
}
async function loanCreated(id: string) {
  await issueAndAcceptKfs(s.app, headers.cpa1, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  expect((await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).status).toBe(200);
  expect((await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId: `LOAN-${id}` })).status).toBe(200);
  await eventually(async () => (await review(id)).calls.find((c: Json) => c.callId === `LOAN-${id}`)?.state, (state) => state === 'CONFIRMED', 'loan not confirmed');
}

describe('name matching', () => {
  test.each([
    ['Ravi Kumar', 'KUMAR RAVI', 100],
    ['Ravi Kumar', 'Shri R. Kumar', 90],
    ['Ravi Kumar', 'RAVI KUMAR SHARMA', 80],
    ['Rajeshwari Iyer', 'RAJESWARI IYER', 95],
    ['Ravi Kumar', 'RAVI', 67],
    ['Ravi Kumar', 'MEERA IYER', 0],
    ['Zoë Fernandes', 'ZOE FERNANDES', 100],
  ])('%s against the bank\'s %s scores %i', (expected, returned, score) => {
    expect(nameMatchScore(expected, returned)).toBe(score);
    expect(namesMatch(expected, returned)).toBe(score >= NAME_MATCH_THRESHOLD);
  });
});

describe(`bank-account verification on ${dbKind()}`, () => {
  test("the applicant's own account, prefilled from the flow, verifies: recorded with who, when, reference, name and score", async () => {
    const id = await approved();
    expect((await review(id)).bankAccount).toEqual({ given: { accountNumber: '501234567890', ifsc: 'SBIN0004321' }, verified: null, verifications: [] });
    const r = await verify(id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      replayed: false,
      message: 'Account ••••••••7890 verified',
      data: { account: '••••••••7890', ifsc: 'SBIN0004321', status: 'VERIFIED', verified: true, adapter: 'sandbox', sandbox: true, nameReturned: 'KUMAR RAVI', nameExpected: 'Ravi Kumar', matchScore: 100, threshold: 80, verifiedBy: 'cpa1', reference: expect.stringMatching(/^SBX-/) },
    });
    expect((await review(id)).bankAccount.verified).toMatchObject({ status: 'VERIFIED', verifiedBy: 'cpa1' });
    // Again: answered from the record, nothing asked or added.
    const again = await verify(id);
    expect(again.body).toMatchObject({ replayed: true, data: { id: r.body.data.id } });
    expect((await review(id)).bankAccount.verifications).toHaveLength(1);
    const logs = (await s.app.db.query<Json>(`SELECT user_id, comment FROM worklogs WHERE application_id = $1 AND action = 'bank_account_verification'`, [id])).rows;
    expect(logs).toEqual([{ user_id: 'cpa1', comment: expect.stringMatching(/^Disbursement account ••••••••7890 \(SBIN0004321\) verified; the bank names KUMAR RAVI, match 100\/100 \(sandbox: no bank was asked, SBX-/) }]);
    // Keyed (issue 30): read in Hindi, the holder's name and the reference as returned.
    const [keyed] = (await s.app.db.query<Json>(`SELECT text FROM worklogs WHERE application_id = $1 AND action = 'bank_account_verification'`, [id])).rows;
    expect(keyed.text).toMatchObject({ key: 'bankAccountVerifiedNamedLog', params: { status: 'VERIFIED', holder: 'KUMAR RAVI', score: 100 } });
    expect(renderWorklog(keyed.text, 'hi')).toMatch(/^वितरण खाता ••••••••7890 \(SBIN0004321\): सत्यापित; बैंक के अनुसार धारक KUMAR RAVI, मिलान 100\/100 \(सैंडबॉक्स: किसी बैंक से नहीं पूछा गया, SBX-[^ ]+\)$/);
    const audit = (await s.app.db.query<Json>(`SELECT new_value FROM audits WHERE application_id = $1 AND field_key = 'disbursementAccount'`, [id])).rows;
    expect(JSON.stringify(audit)).not.toContain('501234567890');
  });

  test('a mismatch, an unknown account and an unknown branch are recorded as not verified', async () => {
    const id = await approved();
    expect((await verify(id, { accountNumber: '999999999999', ifsc: 'HDFC0001234' })).body.data).toMatchObject({ status: 'NAME_MISMATCH', verified: false, nameReturned: 'MEERA IYER', matchScore: 0 });
    expect((await verify(id, { accountNumber: '000000000000', ifsc: 'HDFC0001234' })).body.data).toMatchObject({ status: 'INVALID_ACCOUNT', verified: false, nameReturned: null, matchScore: null });
    expect((await verify(id, { accountNumber: '123456789012', ifsc: 'ZZZZ0000001' })).body).toMatchObject({ message: 'Account ••••••••9012 not verified: no such branch (IFSC)', data: { status: 'INVALID_IFSC' } });
    const b = (await review(id)).bankAccount;
    expect(b.verified).toBeNull();
    expect(b.verifications.map((v: Json) => v.status)).toEqual(['NAME_MISMATCH', 'INVALID_ACCOUNT', 'INVALID_IFSC']);
  });

  test('no account given and none sent: 400; a malformed IFSC is refused by the schema; a viewer may not verify', async () => {
    const id = await approved({});
    expect((await verify(id)).body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'accountNumber', reason: 'The applicant gave no bank account: enter the account number and IFSC' }] });
    expect((await verify(id, { accountNumber: '123456789012', ifsc: 'HDFC1234' })).status).toBe(400);
    expect((await call('cpa1', 'POST', '/integration/bankAccount/verify', { application_id: id, accountNumber: '123456789012' })).body.data).toEqual([{ label: 'ifsc', reason: 'Send both the account number and the IFSC, or neither to verify the account the applicant gave' }]);
    expect((await verify(id, undefined, 'viewer1')).status).toBe(403);
  });

  test('a tranche is refused until the account is verified, goes to the verified account, and is not released after the account changed', async () => {
    const id = await approved();
    await loanCreated(id);
    const tranche = async (trancheNo: number, amount: number) => call('cpa1', 'POST', '/integration/disbursementTranche', { ...(await target(id)), trancheNo, amount });
    const refusedAccount = { code: 1101, message: 'Validation Failed', data: [{ label: 'disbursementAccount', reason: "The disbursement account is not verified as the applicant's own: verify the account on the Credit tab first" }] };
    expect(await tranche(1, 100000)).toEqual({ status: 400, body: refusedAccount });
    await verify(id, { accountNumber: '999999999999', ifsc: 'HDFC0001234' });
    expect((await tranche(1, 100000)).body).toEqual(refusedAccount);

    expect((await verify(id)).body.data.status).toBe('VERIFIED');
    const ok = await tranche(1, 100000);
    expect(ok.status).toBe(200);
    const sent = (await s.app.db.query<Json>(`SELECT request FROM integration_calls WHERE call_id = $1`, [`TRANCHE-${id}-1`])).rows[0].request;
    expect(sent).toMatchObject({ accountNumber: '501234567890', ifsc: 'SBIN0004321', accountHolder: 'KUMAR RAVI' });

    // Another account checked after the request (it fails): the checker cannot release the tranche to the old one.
    await verify(id, { accountNumber: '999999999999', ifsc: 'HDFC0001234' });
    expect((await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId: `TRANCHE-${id}-1` })).body).toEqual(refusedAccount);
    // The applicant's own account verified again: released.
    expect((await verify(id)).body.data.status).toBe('VERIFIED');
    expect((await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId: `TRANCHE-${id}-1` })).status).toBe(200);
  });
});

describe(`the provider over HTTP on ${dbKind()}`, () => {
  test('the request carries the account, the name and one idempotency key; only the reply\'s fields are kept; a malformed reply is 424 and records nothing', async () => {
    const seen: { headers: IncomingHttpHeaders; body: Json }[] = [];
    let reply: Json = { reference: 'PRV-77', status: 'VALID', holderName: 'Mr. RAVI KUMAR', echo: 'dropped' };
    const provider = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        seen.push({ headers: req.headers, body: JSON.parse(text) });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      });
    });
    await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
    const port = (provider.address() as AddressInfo).port;
    process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${port}`; // loopback on a test port: the outbound guard's opt-in
    try {
      const config = await call('admin', 'POST', '/externalAPI/configs', { system: 'BANK_VERIFICATION', config: { mode: 'http', baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 2000, retries: 0, backoffMs: 0 } });
      expect(config.body.data.find((c: Json) => c.system === 'BANK_VERIFICATION')).toMatchObject({ mode: 'http' });
      const id = await approved();
      const r = await verify(id);
      expect(r.body.data).toMatchObject({ status: 'VERIFIED', adapter: 'http', sandbox: false, reference: 'PRV-77', nameReturned: 'Mr. RAVI KUMAR', matchScore: 100 });
      expect(seen[0].body).toEqual({ applicationId: id, accountNumber: '501234567890', ifsc: 'SBIN0004321', name: 'Ravi Kumar' });
      expect(seen[0].headers['idempotency-key']).toMatch(new RegExp(`^BAV-${id}-[0-9a-f]{16}$`));

      reply = { reference: 'PRV-78', status: 'VALID' }; // no holder name: not half-read
      const other = await verify(id, { accountNumber: '123456789012', ifsc: 'HDFC0001234' });
      expect(other.status).toBe(424);
      expect(other.body.data[0].label).toBe('BANK_VERIFICATION');
      expect((await review(id)).bankAccount.verifications).toHaveLength(1);
    } finally {
      await call('admin', 'POST', '/externalAPI/configs', { system: 'BANK_VERIFICATION', config: { mode: 'sandbox' } });
      delete process.env.OUTBOUND_ALLOW_HOSTS;
      await new Promise((r) => provider.close(r));
    }
  });
});
