import { pdfText } from './helpers/pdf-text';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesDecrypt, aesEncrypt } from '../src/crypto/aes';
import { emi } from '../src/domain/portal/emi';

let t: TestApp;
let headers: Record<string, string>;
let token: string;
let appId: string;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await loginAs(t.app, 'portal-customer');
  token = customer.session.access_token;
  const created = await t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...customer.headers, 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify({ product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Single' }), token) },
  });
  appId = created.json().data.application_id;
  headers = { ...customer.headers, appRefId: created.json().appRefId };
});
afterAll(() => t.close());

/** Runs a microflow as the portal does: encrypted body, encrypted reply (decrypted here). */
async function run(id: string, body: unknown, opts: { application_id?: string; headers?: Record<string, string> } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/v3/microflow/execute/${id}?componentid=HL_LOAN&application_id=${opts.application_id ?? appId}`,
    headers: { ...(opts.headers ?? headers), 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify(body), token) },
  });
  if (res.statusCode !== 200) return { status: res.statusCode, body: res.json() };
  expect(res.headers['x-lendline-encrypted']).toBe('aes-cbc');
  return { status: 200, body: JSON.parse(aesDecrypt(res.json().data, token)) };
}

describe(`microflows on ${dbKind()}`, () => {
  test('EMI_CALC answers an application update with the EMI of amount and tenure at the product\'s priced rate (issue 27)', async () => {
    // A rate typed into the form is not the applicant's to choose: the home loan's band prices it (repo 5.50 % + 3.10 %).
    const r = await run('EMI_CALC', { values: { loanAmount: '10,00,000', interestRate: 1, tenureMonths: 240 } });
    expect(r.status).toBe(200);
    const e = emi(1000000, 8.6, 240);
    expect(r.body.data).toMatchObject({ microFlowId: 'EMI_CALC', componentid: 'HL_LOAN', application_id: appId });
    expect(e.emi).toBe(8741.63);
    const [update] = r.body.data.actions;
    expect(update.action).toBe('APPLICATION_UPDATE');
    expect(update.values.estimatedEmi).toBe(e.emi);
    // Totals from the repayment schedule, whose last instalment clears the balance: within a rupee or two of EMI × 240.
    expect(update.values.totalPayment).toBe(Math.round((1000000 + update.values.totalInterest) * 100) / 100);
    expect(Math.abs(update.values.totalPayment - e.totalPayment)).toBeLessThan(2);
  });

  test('EMI_CALC refuses terms no pricing band covers, and a bad amount, with 1101', async () => {
    const outside = await run('EMI_CALC', { values: { loanAmount: 100000, tenureMonths: 60 } });
    expect(outside.status).toBe(400);
    expect(outside.body.data).toEqual([{ label: 'loanAmount', reason: 'HL does not lend 100000 over 60 months: no pricing band covers these terms' }]);
    const bad = await run('EMI_CALC', { values: { loanAmount: '12345678901', tenureMonths: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1101, data: [{ label: 'loanAmount' }, { label: 'tenureMonths' }] });
  });

  test('PINCODE_LOOKUP finds a seeded PIN code and updates city, district and state; an unknown one fails verification', async () => {
    const r = await run('PINCODE_LOOKUP', { values: { propertyPinCode: '560001' } });
    expect(r.body.data.actions).toEqual([
      { action: 'LOOKUP', key: 'propertyPinCode', value: '560001', found: true, result: { city: 'Bengaluru', district: 'Bengaluru Urban', state: 'Karnataka' } },
      { action: 'VERIFY_FIELDS', fields: [{ key: 'propertyPinCode', verified: true }] },
      { action: 'APPLICATION_UPDATE', values: { propertyCity: 'Bengaluru', propertyDistrict: 'Bengaluru Urban', propertyState: 'Karnataka' } },
    ]);
    const miss = await run('PINCODE_LOOKUP', { values: { propertyPinCode: '999999' } });
    expect(miss.body.data.actions).toEqual([
      { action: 'LOOKUP', key: 'propertyPinCode', value: '999999', found: false },
      { action: 'VERIFY_FIELDS', fields: [{ key: 'propertyPinCode', verified: false, reason: 'PIN code 999999 was not found' }] },
    ]);
    const malformed = await run('PINCODE_LOOKUP', { values: { propertyPinCode: '12ab' } });
    expect(malformed.status).toBe(400);
  });

  test('SANCTION_LETTER answers a download-file action with a one-page PDF that says it is indicative, not a sanction, with the priced EMI', async () => {
    const r = await run('SANCTION_LETTER', { values: { firstName: 'Meera', lastName: 'Iyer', loanAmount: 2500000, tenureMonths: 180 } });
    const [a] = r.body.data.actions;
    expect(a).toMatchObject({ action: 'DOWNLOAD_FILE', type: 'application/pdf', name: `sanction-letter-${appId}.pdf` });
    const bytes = Buffer.from(a.buffer, 'base64');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { pages, text } = await pdfText(bytes);
    expect(pages).toHaveLength(1);
    expect(text).toContain('Dear Meera Iyer,');
    expect(text).toContain(appId);
    expect(text).toContain('Indicative loan terms (not a sanction letter)');
    expect(text).toContain('a sanction of your loan and NOT an offer');
    expect(text).not.toContain('We are pleased to sanction');
    expect(text).toContain(emi(2500000, 8.6, 180).emi.toLocaleString('en-IN', { minimumFractionDigits: 2 }));
    expect(text).not.toContain('\uFFFD');
  });

  test('SANCTION_LETTER in Hindi says the same in Hindi', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/v3/microflow/execute/SANCTION_LETTER?componentid=HL_LOAN&application_id=${appId}&lang=hi`,
      headers: { ...headers, 'x-lendline-encrypted': 'aes-cbc' },
      payload: { data: aesEncrypt(JSON.stringify({ values: { loanAmount: 2500000, tenureMonths: 180 } }), token) },
    });
    expect(res.statusCode).toBe(200);
    const [a] = JSON.parse(aesDecrypt(res.json().data, token)).data.actions;
    const { text } = await pdfText(Buffer.from(a.buffer, 'base64'));
    expect(text).toContain('KFS');
    expect(text).toContain('APR');
    expect(text).not.toContain('Dear');
  });

  test('an unknown microflow is 404; a body that is not encrypted or not {values} is 400/1101', async () => {
    const unknown = await run('NO_SUCH_FLOW', { values: {} });
    expect(unknown.status).toBe(404);
    const shape = await run('EMI_CALC', { loanAmount: 5 });
    expect(shape.status).toBe(400);
    expect(shape.body.code).toBe(1101);
    const plain = await t.app.inject({ method: 'POST', url: `/v3/microflow/execute/EMI_CALC?application_id=${appId}`, headers, payload: { values: { loanAmount: 5, tenureMonths: 12 } } });
    expect(plain.statusCode).toBe(400);
    expect(plain.json()).toMatchObject({ code: 1101, data: [{ label: 'data', reason: 'must be sent encrypted' }] });
    const garbled = await t.app.inject({ method: 'POST', url: `/v3/microflow/execute/EMI_CALC?application_id=${appId}`, headers: { ...headers, 'x-lendline-encrypted': 'aes-cbc' }, payload: { data: 'zz:zz' } });
    expect(garbled.statusCode).toBe(400);
    expect(garbled.json().code).toBe(1101);
  });

  test('the customer account without this application\'s appRefId is refused', async () => {
    const { appRefId: _mine, ...noRef } = headers;
    const r = await run('EMI_CALC', { values: { loanAmount: 500000, tenureMonths: 60 } }, { headers: noRef });
    expect(r.status).toBe(403);
  });
});
