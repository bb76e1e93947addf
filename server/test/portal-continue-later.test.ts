import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import type { SandboxNotifier } from '../src/adapters/notify';

/** "Save and continue later" (issue 28): one application, one first device, fresh sessions as other devices. */
let t: TestApp;
let first: Record<string, string>;
let token: string;
let appId: string;
const MOBILE = '9812340077';
const EMAIL = 'continue.later@example.com';

const sent = () => (t.app.notifier as SandboxNotifier).sent();
const save = (body: unknown, headers: Record<string, string>, key = token) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...headers, 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify(body), key) },
  });
/** Another browser: a new customer session, holding no appRefId. */
const otherDevice = async () => (await loginAs(t.app, 'portal-customer')).headers;
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, payload });
const linkParts = async (link: string, headers: Record<string, string>) => {
  const plain = await post('/api/decryption', headers, { decryptMsg: new URL(link).searchParams.get('appDetails') });
  const [applicationId, verificationId] = (plain.json().data as string).split('|');
  return { applicationId, verificationId };
};

beforeAll(async () => {
  t = await createTestApp();
  const customer = await loginAs(t.app, 'portal-customer');
  token = customer.session.access_token;
  const created = await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' }, customer.headers);
  appId = created.json().data.application_id;
  first = { ...customer.headers, appRefId: created.json().appRefId };
  const personal = { firstName: 'Kavya', lastName: 'Iyer', dateOfBirth: '15/08/1990', gender: 'Female', mobile: MOBILE, email: EMAIL, panNumber: 'ABCDE1234F' };
  expect((await save({ application_id: appId, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal }, first)).statusCode).toBe(200);
  // The step being left, half-filled: a draft.
  expect((await save({ application_id: appId, section_id: 'PL_loan', sub_section_id: 'PL_loan_details', values: { loanAmount: '250000' }, draft: true }, first)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe(`portal continue later on ${dbKind()}`, () => {
  let link: string;

  test('the link goes by e-mail and SMS to the recorded addresses only', async () => {
    const before = sent().length;
    const res = await post('/v3/portal/continue-later/send', first, { application_id: appId, route: 'loan_details', section_id: 'PL_loan' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ sentTo: [`c${'*'.repeat(13)}@example.com`, '******0077'], validityHours: 72 });
    link = res.json().data.sandboxLink;
    expect(new URL(link).pathname).toBe('/dynamic-resume');
    const messages = sent().slice(before);
    expect(messages.map((m) => [m.channel, m.to, m.link])).toEqual([['EMAIL', EMAIL, link], ['SMS', MOBILE, link]]);
    // Without the application's appRefId nobody can have it sent.
    expect((await post('/v3/portal/continue-later/send', await otherDevice(), { application_id: appId })).statusCode).toBe(403);
  });

  test('the link alone opens nothing: not through the e-mail verification, not without the code', async () => {
    const device = await otherDevice();
    const { applicationId, verificationId } = await linkParts(link, device);
    expect(applicationId).toBe(appId);
    const verify = await post('/v3/application/verify', device, { application_id: appId, emailVerificationId: verificationId });
    expect(verify.statusCode).toBe(404);
    expect(verify.json().appRefId).toBeUndefined();
    const wrong = await post('/v3/portal/continue-later/open', device, { application_id: appId, emailVerificationId: verificationId, code: '000000' });
    expect(wrong.json()).toEqual({ data: { opened: false, reason: 'NO_CODE' } });
    expect((await t.app.inject({ method: 'GET', url: `/v3/application/${appId}`, headers: device })).statusCode).toBe(403);
  });

  test('on another device the code to the recorded mobile opens the application at the step left, with its saved values', async () => {
    const session = await loginAs(t.app, 'portal-customer');
    const device = session.headers;
    const { verificationId } = await linkParts(link, device);
    const code = await post('/v3/portal/continue-later/code', device, { application_id: appId, emailVerificationId: verificationId });
    expect(code.statusCode).toBe(200);
    expect(code.json().data.sentTo).toBe('******0077');
    const sms = sent().at(-1)!;
    expect([sms.channel, sms.to]).toEqual(['SMS', MOBILE]);
    const miss = await post('/v3/portal/continue-later/open', device, { application_id: appId, emailVerificationId: verificationId, code: code.json().data.sandboxCode === '111111' ? '222222' : '111111' });
    expect(miss.json().data).toEqual({ opened: false, reason: 'WRONG_CODE', attemptsLeft: 4 });
    const opened = await post('/v3/portal/continue-later/open', device, { application_id: appId, emailVerificationId: verificationId, code: code.json().data.sandboxCode });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data).toEqual({ opened: true, applicantId: `${appId}-P`, route: 'loan_details', sectionId: 'PL_loan' });
    const second = { ...device, appRefId: opened.json().appRefId };
    const view = await t.app.inject({ method: 'GET', url: `/v3/application/${appId}`, headers: second });
    expect(view.statusCode).toBe(200);
    expect(view.json().data.customFields.firstName).toBe('Kavya');
    expect(String(view.json().data.customFields.loanAmount)).toBe('250000');
    // The second device saves; the first device still holds its own appRefId and sees the change.
    expect((await save({ application_id: appId, section_id: 'PL_loan', sub_section_id: 'PL_loan_details', values: { loanAmount: '300000' }, draft: true }, second, session.session.access_token)).statusCode).toBe(200);
    const onFirst = await t.app.inject({ method: 'GET', url: `/v3/application/${appId}`, headers: first });
    expect(String(onFirst.json().data.customFields.loanAmount)).toBe('300000');
  });

  test('an expired link is refused with the expired-link text and opens nothing', async () => {
    const device = await otherDevice();
    const { verificationId } = await linkParts(link, device);
    await t.app.db.query(`UPDATE continue_links SET created_at = now() - interval '73 hours' WHERE verification_id = $1`, [verificationId]);
    for (const [url, extra] of [['/v3/portal/continue-later/code', {}], ['/v3/portal/continue-later/open', { code: '123456' }]] as const) {
      const late = await post(url, device, { application_id: appId, emailVerificationId: verificationId, ...extra });
      expect(late.statusCode).toBe(400);
      expect(late.json()).toMatchObject({ code: 1101, data: [{ label: 'emailVerificationId', reason: 'This link has expired' }] });
      expect(late.json().appRefId).toBeUndefined();
    }
    const forged = await post('/v3/portal/continue-later/code', device, { application_id: appId, emailVerificationId: 'CNT-000000000000000000000000' });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().data[0].reason).toBe('The link is either expired or invalid or your application has already been submitted for further processing.');
  });

  test('asking again by mobile or e-mail answers the same for an unknown number; only a known one gets a link', async () => {
    const device = await otherDevice();
    const settle = async () => {
      for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
    };
    await settle();
    const before = sent().length;
    const unknown = await post('/v3/portal/continue-later/request', device, { contact: '9000000011' });
    await settle();
    expect(sent().length).toBe(before);
    const known = await post('/v3/portal/continue-later/request', device, { contact: MOBILE });
    expect([unknown.statusCode, known.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    expect(Object.keys(known.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
    await settle();
    const messages = sent().slice(before);
    expect(messages.map((m) => [m.channel, m.to])).toEqual([['EMAIL', EMAIL], ['SMS', MOBILE]]);
    const { verificationId } = await linkParts(messages[0].link!, device);
    expect(verificationId).toMatch(/^CNT-/);
    // By e-mail, in any case, the same.
    const byMail = await post('/v3/portal/continue-later/request', device, { contact: EMAIL.toUpperCase() });
    expect(byMail.body).toBe(unknown.body);
    // Rate-limited per number, unknown or not: the sixth request in the hour is refused for both.
    for (const contact of ['9000000022', MOBILE]) {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) codes.push((await post('/v3/portal/continue-later/request', device, { contact })).statusCode);
      expect(codes.at(-1)).toBe(429);
    }
    await settle();
  });
});
