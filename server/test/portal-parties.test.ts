import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import type { SandboxNotifier } from '../src/adapters/notify';

/**
 * Every party is an applicant (issue 28): a joint personal loan (one co-applicant, one guarantor) where the primary
 * names the co-applicant, the co-applicant opens their own link on another device and signs, and the primary's
 * submission waits for every party. One application for the file; the tests run in order.
 */
let t: TestApp;
let primary: Record<string, string>;
let token: string;
let party: Record<string, string>;
let partyToken: string;
let appId: string;
let s1: string;
let g1: string;
const PRIYA = { firstName: 'Priya', lastName: 'Mehta', email: 'priya.mehta@example.com', mobile: '9811122233', relation: 'spouse' };
// A 1×1 PNG: the signature's bytes, compared whole when staff read it back.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const sent = () => (t.app.notifier as SandboxNotifier).sent();
const save = (body: unknown, headers: Record<string, string>, key: string) =>
  t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...headers, 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify(body), key) },
  });
const post = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers, payload });
const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const parties = async () => (await get(`/v3/portal/applicants/parties?application_id=${appId}`, primary)).json().data.parties as Array<Record<string, unknown>>;
const statusOf = async (id: string) => (await parties()).find((p) => p.applicantId === id)?.status;

beforeAll(async () => {
  t = await createTestApp();
  const customer = await loginAs(t.app, 'portal-customer');
  token = customer.session.access_token;
  const created = await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Joint', coApplicants: 1, guarantors: 1 }, customer.headers, token);
  appId = created.json().data.application_id;
  s1 = `${appId}-S1`;
  g1 = `${appId}-G1`;
  primary = { ...customer.headers, appRefId: created.json().appRefId };
  const personal = { firstName: 'Rahul', lastName: 'Sharma', dateOfBirth: '15/08/1988', gender: 'Male', mobile: '9876500011', email: 'rahul.sharma@example.com', panNumber: 'ABCDE1234F' };
  expect((await save({ application_id: appId, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal }, primary, token)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe(`every party is an applicant on ${dbKind()}`, () => {
  test('named parties start not invited; the invitation records what the primary said and prefills their answers', async () => {
    expect((await parties()).map((p) => [p.type, p.number, p.status])).toEqual([['secondary', 1, 'not_invited'], ['guarantor', 1, 'not_invited']]);
    const before = sent().length;
    const res = await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: s1, ...PRIYA });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.applicant).toMatchObject({ ...PRIYA, values: { firstName: 'Priya', lastName: 'Mehta', email: PRIYA.email, mobile: PRIYA.mobile } });
    expect(sent().slice(before).map((m) => [m.channel, m.to])).toEqual([['EMAIL', PRIYA.email]]);
    expect(await statusOf(s1)).toBe('invited');
    expect((await parties()).find((p) => p.applicantId === s1)).toMatchObject({ firstName: 'Priya', lastName: 'Mehta', relation: 'spouse', signedAt: null });
    // A relation outside the list, or a name the personal step would refuse, is refused before anything is recorded.
    expect((await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: g1, email: 'g@example.com', relation: 'boss' })).statusCode).toBe(400);
    expect((await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: g1, email: 'g@example.com', firstName: '<b>' })).statusCode).toBe(400);
    expect(await statusOf(g1)).toBe('not_invited');
  });

  test("the party's link opens their own part only: prefilled, with the primary's name and nothing else of theirs", async () => {
    const link = sent().filter((m) => m.to === PRIYA.email).at(-1)!.link!;
    const device = await loginAs(t.app, 'portal-customer');
    partyToken = device.session.access_token;
    const plain = await post('/api/decryption', device.headers, { decryptMsg: new URL(link).searchParams.get('appDetails') });
    const verificationId = (plain.json().data as string).split('|')[1];
    const verified = await post('/v3/application/verify', device.headers, { application_id: appId, emailVerificationId: verificationId });
    expect(verified.json().data).toMatchObject({ applicantId: s1, applicantType: 'secondary' });
    party = { ...device.headers, appRefId: verified.json().appRefId };
    expect(await statusOf(s1)).toBe('in_progress');

    const view = (await get(`/v3/application/${appId}`, party)).json().data;
    expect(view.applicant).toEqual([
      { applicantId: `${appId}-P`, type: 'primary', firstName: 'Rahul', lastName: 'Sharma' },
      expect.objectContaining({ applicantId: s1, values: expect.objectContaining({ firstName: 'Priya', lastName: 'Mehta', mobile: PRIYA.mobile }) }),
    ]);
    expect(view.customFields).toEqual({});
    expect(JSON.stringify(view)).not.toContain('ABCDE1234F');
    expect(JSON.stringify(view)).not.toContain('rahul.sharma@example.com');
    expect(view.verifications.map((v: { key: string }) => v.key)).toEqual([`email:${s1}`]);

    // Nothing of the primary's or the other parties' through the party's reference.
    const personal = { firstName: 'X', lastName: 'Y', dateOfBirth: '15/08/1990', gender: 'Male', mobile: '9000000000', email: 'x@example.com', panNumber: 'ZZZZZ9999Z' };
    expect((await save({ application_id: appId, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal }, party, partyToken)).statusCode).toBe(403);
    expect((await save({ application_id: appId, applicantId: g1, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal }, party, partyToken)).statusCode).toBe(403);
    expect((await post('/v3/portal/applicants/send-link', party, { application_id: appId, applicantId: g1, email: 'evil@example.com' })).statusCode).toBe(403);
    expect((await get(`/v3/portal/applicants/parties?application_id=${appId}`, party)).statusCode).toBe(403);
    expect((await get(`/v3/portal/payments?application_id=${appId}`, party)).statusCode).toBe(403);
    const graphql = await post('/v3/graphql', party, { query: `{ application(application_id: "${appId}") { application_id } }` });
    expect(graphql.statusCode).toBe(403);
    expect(graphql.json()).toEqual({ code: 403, message: 'This application is not yours' });
    expect((await post('/v3/portal/otp/send', party, { application_id: appId, applicantId: `${appId}-P`, fieldKey: 'mobileOtp', recipient: '9000000000' })).statusCode).toBe(403);
  });

  test("the party's consent and OTP are recorded for that party", async () => {
    const given = await post('/v3/portal/consent', party, { application_id: appId, applicantId: s1, lang: 'en', purposes: { BUREAU_PULL: true } });
    expect(given.statusCode).toBe(200);
    expect(given.json().data.applicantId).toBe(s1);
    const all = (await get(`/v3/portal/consent?application_id=${appId}&lang=en`, primary)).json().data.consents;
    expect(all).toEqual([expect.objectContaining({ applicantId: s1, applicantType: 'secondary', purpose: 'BUREAU_PULL', given: true })]);
    // Their own reference reads their own records only.
    const mine = (await get(`/v3/portal/consent?application_id=${appId}&lang=en`, party)).json().data.consents;
    expect(mine.map((c: { applicantId: string }) => c.applicantId)).toEqual([s1]);

    const otp = await post('/v3/portal/otp/send', party, { application_id: appId, applicantId: s1, fieldKey: 'mobileOtp', recipient: PRIYA.mobile });
    expect(otp.statusCode).toBe(200);
    expect(sent().at(-1)).toMatchObject({ channel: 'SMS', to: PRIYA.mobile });
  });

  test("the primary's submission waits for every party's signature and names who is missing", async () => {
    const res = await save({ application_id: appId, section_id: 'PL_review', sub_section_id: 'PL_summary', values: { declaration: true }, submit: true }, primary, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toEqual([
      { label: 'Co-applicant 1 · Priya Mehta', reason: expect.stringContaining('has not signed their part yet') },
      { label: 'Guarantor 1', reason: expect.stringContaining('has not signed their part yet') },
    ]);
    expect(JSON.stringify(res.json())).not.toContain(s1);
  });

  test('the signature is stored whole (image and typed name), the party becomes signed and staff read it back the same', async () => {
    const up = await post('/api/uploadSignaturetoS3', party, { app_id: appId, applicantId: s1, fieldKey: 'applicantSignature', dataURI: `data:image/png;base64,${PNG}` });
    expect(up.statusCode).toBe(200);
    const fileId = up.json().data.fileId;
    // Not for another applicant through the party's reference.
    expect((await post('/api/uploadSignaturetoS3', party, { app_id: appId, applicantId: `${appId}-P`, dataURI: `data:image/png;base64,${PNG}` })).statusCode).toBe(403);
    const signature = { type: 'signaturePad', fileId, typedName: 'Priya Mehta' };
    // Their own declaration goes with their signature.
    const undeclared = await save({ application_id: appId, applicantId: s1, section_id: 'PL_documents', sub_section_id: 'PL_signature', values: { applicantSignature: signature }, submit: true }, party, partyToken);
    expect(undeclared.statusCode).toBe(400);
    expect(undeclared.json().data).toEqual([{ label: 'partyDeclaration', reason: 'Confirm that the information you have given is true' }]);
    expect(await statusOf(s1)).toBe('in_progress');
    // A typed name longer than the pad's input is refused, not cut.
    const long = await save({ application_id: appId, applicantId: s1, section_id: 'PL_documents', sub_section_id: 'PL_signature', values: { applicantSignature: { ...signature, typedName: 'x'.repeat(81) }, partyDeclaration: true }, submit: true }, party, partyToken);
    expect(long.statusCode).toBe(400);
    const signed = await save({ application_id: appId, applicantId: s1, section_id: 'PL_documents', sub_section_id: 'PL_signature', values: { applicantSignature: signature, partyDeclaration: true }, submit: true }, party, partyToken);
    expect(signed.statusCode).toBe(200);
    expect(signed.json().submitted).toBe(true);
    // The reply to the party is their part too.
    expect(signed.json().data.customFields).toEqual({});
    expect(await statusOf(s1)).toBe('signed');

    const staff = await loginAs(t.app, 'cpa1');
    const view = (await get(`/v3/application/${appId}`, staff.headers)).json().data;
    const priya = view.applicant.find((a: { applicantId: string }) => a.applicantId === s1);
    expect(priya.values.applicantSignature).toEqual(signature);
    expect(priya.values.partyDeclaration).toBe(true);
    expect(priya.submittedAt).toEqual(expect.any(String));
    const file = await get(`/v3/document/file?application_id=${appId}&fileId=${encodeURIComponent(fileId)}`, staff.headers);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  test('resend goes to the recorded address only, a verified address cannot be changed, and resends are counted', async () => {
    const before = sent().length;
    const again = await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: s1 });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.sentTo).toBe(PRIYA.email);
    expect(sent().slice(before).map((m) => m.to)).toEqual([PRIYA.email]);
    const elsewhere = await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: s1, email: 'someone.else@example.com' });
    expect(elsewhere.statusCode).toBe(400);
    // Five links an hour to one address (the first invitation, the resend above, three more), then 429.
    for (let i = 0; i < 3; i++) expect((await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: s1 })).statusCode).toBe(200);
    const over = await post('/v3/portal/applicants/send-link', primary, { application_id: appId, applicantId: s1 });
    expect(over.statusCode).toBe(429);
    expect(sent().slice(before)).toHaveLength(4);
    // A resend after signing leaves the party signed.
    expect(await statusOf(s1)).toBe('signed');
  });
});
