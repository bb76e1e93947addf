import { staffApp } from './helpers/staff-app';
import { portalSession } from './helpers/portal-session';
import { dbKind } from './helpers/test-db';
import { OTP_MAX_ATTEMPTS, OTP_MAX_SENDS } from '../src/domain/portal/otp';

// One-time codes are bound to the application and applicant they verify, expire, and take a limited number of tries;
// consumer save trusts only the verification the server recorded.

const s = staffApp([]);
const portal = portalSession(s);

interface Created {
  id: string;
  ref: string;
}

const consumerSave = portal.save;

async function start(singleORjoint: 'Single' | 'Joint' = 'Single'): Promise<Created> {
  const res = await consumerSave({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint, coApplicants: singleORjoint === 'Joint' ? 1 : 0 });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.application_id, ref: res.json().appRefId };
}

const otp = (path: 'send' | 'verify', app: Created, body: Record<string, unknown>, ref = app.ref) =>
  s.app.inject({ method: 'POST', url: `/v3/portal/otp/${path}`, headers: { ...portal.headers, appRefId: ref }, payload: { application_id: app.id, applicantId: `${app.id}-P`, fieldKey: 'mobileOtp', recipient: '9876543210', ...body } });

const sendCode = async (app: Created, body: Record<string, unknown> = {}) => {
  const res = await otp('send', app, body);
  expect(res.statusCode).toBe(200);
  return res.json().data.sandboxCode as string;
};
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe(`portal OTP bound to the application on ${dbKind()}`, () => {
  test('a code is sent only for an application the caller holds, and for an applicant it has', async () => {
    const a = await start();
    const b = await start();
    const foreign = await otp('send', a, {}, b.ref);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('This application is not yours');
    const noApplicant = await otp('send', a, { applicantId: `${a.id}-S7` });
    expect(noApplicant.statusCode).toBe(404);
    expect(noApplicant.json()).toMatchObject({ code: 1101, data: [{ label: 'applicantId' }] });
    const missing = await s.app.inject({ method: 'POST', url: '/v3/portal/otp/send', headers: { ...portal.headers, appRefId: a.ref }, payload: { fieldKey: 'mobileOtp', recipient: '9876543210' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().code).toBe(1101);
  });

  test("a code sent for one application or applicant does not verify another's", async () => {
    const a = await start('Joint');
    const b = await start();
    const code = await sendCode(a);
    const elsewhere = await otp('verify', b, { code });
    expect(elsewhere.json().data).toEqual({ verified: false, reason: 'NO_CODE' });
    const coApplicant = await otp('verify', a, { applicantId: `${a.id}-S1`, code });
    expect(coApplicant.json().data).toEqual({ verified: false, reason: 'NO_CODE' });
    const otherNumber = await otp('verify', a, { recipient: '9999999999', code });
    expect(otherNumber.json().data).toEqual({ verified: false, reason: 'NO_CODE' });
    // The right target still verifies: the misdirected tries did not count against it.
    const right = await otp('verify', a, { code });
    expect(right.json().data).toEqual({ verified: true });
    const view = await s.app.inject({ method: 'GET', url: `/v3/application/${a.id}`, headers: { ...portal.headers, appRefId: a.ref } });
    expect(view.json().data.verifications).toEqual([
      { key: `otp:${a.id}-P:mobileOtp`, isVerified: true, output: expect.objectContaining({ recipient: '9876543210', sentTo: '******3210' }) },
    ]);
    // Used once: the same code cannot verify again.
    expect((await otp('verify', a, { code })).json().data).toEqual({ verified: false, reason: 'ALREADY_USED' });
  });

  test(`after ${OTP_MAX_ATTEMPTS} wrong tries even the right code is refused; a new code works`, async () => {
    const a = await start();
    const code = await sendCode(a);
    for (let i = OTP_MAX_ATTEMPTS - 1; i >= 0; i--) {
      expect((await otp('verify', a, { code: other(code) })).json().data).toEqual({ verified: false, reason: 'WRONG_CODE', attemptsLeft: i });
    }
    expect((await otp('verify', a, { code })).json().data).toEqual({ verified: false, reason: 'TOO_MANY_ATTEMPTS' });
    const fresh = await sendCode(a);
    expect((await otp('verify', a, { code: fresh })).json().data).toEqual({ verified: true });
  });

  test('an expired code is refused', async () => {
    const a = await start();
    const code = await sendCode(a);
    await s.app.db.query(`UPDATE portal_otps SET expires_at = now() - interval '1 second' WHERE application_id = $1`, [a.id]);
    expect((await otp('verify', a, { code })).json().data).toEqual({ verified: false, reason: 'EXPIRED' });
  });

  test(`at most ${OTP_MAX_SENDS} codes per applicant and field, so resending cannot buy unlimited tries`, async () => {
    const a = await start();
    // A number of its own: one mobile number also has its own hourly count across applications (security-messages).
    const recipient = '9811111111';
    for (let i = 0; i < OTP_MAX_SENDS; i++) await sendCode(a, { recipient });
    const more = await otp('send', a, { recipient });
    expect(more.statusCode).toBe(400);
    expect(more.json()).toMatchObject({ code: 1101, data: [{ label: 'recipient', reason: expect.stringMatching(/^Too many codes were sent/) }] });
    // Another field of the same applicant is counted on its own.
    expect((await otp('send', a, { fieldKey: 'existingCustomerOtp', recipient })).statusCode).toBe(200);
  });

  test('consumer save does not take the browser at its word: isVerified counts only when the server verified it', async () => {
    const a = await start();
    const sub = { application_id: a.id, section_id: 'PL_applicant', sub_section_id: 'PL_mobile_otp' };
    const claim = await consumerSave({ ...sub, values: { mobileOtp: { type: 'otp', recipient: '9876543210', isVerified: true } } }, a.ref);
    expect(claim.statusCode).toBe(400);
    expect(claim.json()).toMatchObject({ code: 1101, data: [{ label: 'One-time password (OTP)', reason: 'This field is required' }] });

    const code = await sendCode(a);
    expect((await otp('verify', a, { code })).json().data.verified).toBe(true);
    // Verified for 9876543210, not for another number.
    const swapped = await consumerSave({ ...sub, values: { mobileOtp: { type: 'otp', recipient: '9000000000', isVerified: true } } }, a.ref);
    expect(swapped.statusCode).toBe(400);
    const ok = await consumerSave({ ...sub, values: { mobileOtp: { type: 'otp', recipient: '9876543210', isVerified: true } } }, a.ref);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.customFields.mobileOtp).toEqual({ type: 'otp', recipient: '9876543210', isVerified: true });
  });
});
