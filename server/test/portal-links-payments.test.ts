import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';

let t: TestApp;
let headers: Record<string, string>;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await loginAs(t.app, 'portal-customer');
  headers = customer.headers;
  const created = await t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...headers, 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify({ product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Joint', coApplicants: 2, guarantors: 1 }), customer.session.access_token) },
  });
  appId = created.json().data.application_id;
  // The customer works on this application: every call carries its appRefId, as the portal's session does.
  headers = { ...headers, appRefId: created.json().appRefId };
});
afterAll(() => t.close());

describe(`portal applicant links and payments on ${dbKind()}`, () => {
  test('each co-applicant gets their own five-part link; decrypt, verify and the verification is recorded', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/v3/portal/applicants/send-link', headers, payload: { application_id: appId, applicantId: `${appId}-S2`, email: 'second@example.com' } });
    expect(sent.statusCode).toBe(200);
    const link = new URL(sent.json().data.sandboxLink);
    expect(link.pathname).toBe('/dynamic-resume');
    const plain = await t.app.inject({ method: 'POST', url: '/api/decryption', headers, payload: { decryptMsg: link.searchParams.get('appDetails') } });
    const parts = plain.json().data.split('|');
    expect(parts).toHaveLength(5);
    expect(parts[0]).toBe(appId);
    expect(parts[2]).toBe('true');
    expect(Number(parts[3])).toBeLessThanOrEqual(Date.now());
    expect(parts[4]).toBe('72');
    const verified = await t.app.inject({ method: 'POST', url: '/v3/application/verify', headers, payload: { application_id: appId, emailVerificationId: parts[1] } });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ message: 'Email verified successfully', data: { applicantId: `${appId}-S2`, applicantType: 'secondary' } });
    const view = await t.app.inject({ method: 'GET', url: `/v3/application/${appId}`, headers });
    expect(view.json().data.verifications).toEqual([expect.objectContaining({ key: `email:${appId}-S2`, isVerified: true })]);
  });

  test('a link past its validity window is refused by the server and verifies nothing', async () => {
    const sent = await t.app.inject({ method: 'POST', url: '/v3/portal/applicants/send-link', headers, payload: { application_id: appId, applicantId: `${appId}-S2` } });
    const plain = await t.app.inject({ method: 'POST', url: '/api/decryption', headers, payload: { decryptMsg: new URL(sent.json().data.sandboxLink).searchParams.get('appDetails') } });
    const verificationId = plain.json().data.split('|')[1];
    await t.app.db.query(`UPDATE applicant_links SET created_at = now() - interval '73 hours' WHERE verification_id = $1`, [verificationId]);
    const late = await t.app.inject({ method: 'POST', url: '/v3/application/verify', headers, payload: { application_id: appId, emailVerificationId: verificationId } });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 1101, data: [{ label: 'emailVerificationId', reason: 'The link has expired' }] });
    expect(late.json().appRefId).toBeUndefined();
    const { rows } = await t.app.db.query<{ verified_at: Date | null }>(`SELECT verified_at FROM applicant_links WHERE verification_id = $1`, [verificationId]);
    expect(rows[0].verified_at).toBeNull();
  });

  test('a link this server did not issue, or an unknown verification, is refused', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/decryption', headers, payload: { decryptMsg: 'not-a-link' } });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({ method: 'POST', url: '/v3/application/verify', headers, payload: { application_id: appId, emailVerificationId: 'VER-nope' } });
    expect(unknown.statusCode).toBe(404);
  });

  test('the sandbox payment adapter charges the processing fee; amounts ending in .13 fail', async () => {
    // The fee is the product's pricing for the loan's terms (issue 27): none before they are chosen.
    const unpriced = await t.app.inject({ method: 'GET', url: `/v3/portal/payments?application_id=${appId}`, headers });
    expect(unpriced.json().data).toEqual({ payments: [], processingFee: null });
    await t.app.db.query(`UPDATE applications SET custom_fields = custom_fields || '{"loanAmount": 2000000, "tenureMonths": 240}'::jsonb WHERE application_id = $1`, [appId]);
    const before = await t.app.inject({ method: 'GET', url: `/v3/portal/payments?application_id=${appId}`, headers });
    expect(before.json().data).toEqual({ payments: [], processingFee: 10000 }); // the home loan's 0.5 % of ₹20,00,000
    const ok = await t.app.inject({ method: 'POST', url: '/v3/portal/payments', headers, payload: { application_id: appId, amount: 500 } });
    expect(ok.json().data).toMatchObject({ status: 'SUCCESS', amount: 500, reference: expect.stringMatching(/^SBX-/) });
    const failed = await t.app.inject({ method: 'POST', url: '/v3/portal/payments', headers, payload: { application_id: appId, amount: 10.13 } });
    expect(failed.json().data.status).toBe('FAILED');
    const after = await t.app.inject({ method: 'GET', url: `/v3/portal/payments?application_id=${appId}`, headers });
    expect(after.json().data.payments).toHaveLength(2);
    // Recorded on the application: staff read both charges in its history.
    const staff = await loginAs(t.app, 'cpa1');
    const audits = await t.app.inject({ method: 'GET', url: `/v3/audits/getAudits?application_id=${appId}&fieldKey=_action`, headers: staff.headers });
    const payments = audits.json().data.filter((a: { action: string }) => a.action === 'payment').map((a: { newValue: Record<string, unknown> }) => a.newValue);
    expect(payments).toEqual([
      expect.objectContaining({ action: 'payment', status: 'SUCCESS', amount: 500, adapter: 'sandbox' }),
      expect.objectContaining({ action: 'payment', status: 'FAILED', amount: 10.13 }),
    ]);
  });
});
