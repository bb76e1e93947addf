import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';
import { aesEncrypt } from '../src/crypto/aes';
import type { SandboxNotifier } from '../src/adapters/notify';

/**
 * Messages that cannot be abused (issue 24): applicant links go only to the applicant's recorded address, links and
 * one-time codes are limited per recipient and per application (in the database, whatever address the requests come
 * from: the per-address request limits are off here), and list mail goes only to the application's parties, from
 * server-side templates with escaped params, limited per user and per application.
 */
let t: TestApp;
let customer: LoggedIn;
let cpa1: LoggedIn;
let dev1: LoggedIn;

const outbox = () => (t.app.notifier as SandboxNotifier).sent();
const rows = async <T = Json>(sql: string, params: unknown[] = []) => (await t.app.db.query<T & Json>(sql, params)).rows;
const TOO_MANY = (what: string) => ({ code: 1101, message: 'Validation Failed', data: [{ reason: expect.stringMatching(new RegExp(`^Too many ${what}; try again in \\d+ minutes?$`)) }] });

async function start(singleORjoint: 'Single' | 'Joint' = 'Joint') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...customer.headers, 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint, coApplicants: singleORjoint === 'Joint' ? 1 : 0 }), customer.session.access_token) },
  });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.application_id as string, ref: res.json().appRefId as string };
}
async function call(who: LoggedIn, url: string, payload: Json, appRefId?: string) {
  const res = await t.app.inject({ method: 'POST', url, headers: { ...who.headers, ...(appRefId ? { appRefId } : {}) }, payload });
  return { status: res.statusCode, body: res.json() as Json & { data?: Json } };
}
const sendLink = (app: { id: string; ref: string }, applicantId: string, email?: string) =>
  call(customer, '/v3/portal/applicants/send-link', { application_id: app.id, applicantId, ...(email ? { email } : {}) }, app.ref);
const links = async (id: string) => (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM applicant_links WHERE application_id = $1`, [id]))[0].n;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT: 'off' });
  customer = await loginAs(t.app, 'portal-customer');
  cpa1 = await loginAs(t.app, 'cpa1');
  dev1 = await loginAs(t.app, 'dev1');
});
afterAll(() => t.close());

describe(`applicant links on ${dbKind()}`, () => {
  test("the primary's link goes only to the primary's recorded e-mail; another address is refused and nothing is sent", async () => {
    const saved = await call(dev1, '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Suma', email: 'suma@example.com' }] });
    expect(saved.status).toBe(201);
    const id = (saved.body.data as { application_id: string }).application_id;
    const [{ doc }] = await rows<{ doc: { applicant: Json[] } }>(`SELECT doc FROM applications WHERE application_id = $1`, [id]);
    const primaryId = doc.applicant.find((a) => a.type === 'primary')!.applicantId as string;
    const before = outbox().length;
    const other = await call(dev1, '/v3/portal/applicants/send-link', { application_id: id, applicantId: primaryId, email: 'mallory@example.com' });
    expect(other).toEqual({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'email', reason: expect.stringContaining('is not the e-mail address recorded for this applicant') }] } });
    expect(outbox().length).toBe(before);
    expect(await links(id)).toBe(0);
    // Without an address, or with the recorded one (any case): the recorded address.
    for (const email of [undefined, 'SUMA@example.com']) {
      const ok = await call(dev1, '/v3/portal/applicants/send-link', { application_id: id, applicantId: primaryId, ...(email ? { email } : {}) });
      expect(ok.status).toBe(200);
      expect(ok.body.data!.sentTo).toBe('suma@example.com');
      expect(outbox().at(-1)!.to).toBe('suma@example.com');
    }
  });

  test('a primary with no recorded address gets no link at a caller-chosen one', async () => {
    const app = await start();
    const res = await sendLink(app, `${app.id}-P`, 'mallory@example.com');
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ label: 'email', reason: expect.stringContaining('Save your e-mail address in the application first') }]);
    expect(await links(app.id)).toBe(0);
  });

  test('once a co-applicant verified their address, links go only there', async () => {
    const app = await start();
    const first = await sendLink(app, `${app.id}-S1`, 'kiran@example.com');
    expect(first.status).toBe(200);
    const [{ verification_id }] = await rows<{ verification_id: string }>(`SELECT verification_id FROM applicant_links WHERE application_id = $1`, [app.id]);
    expect((await call(customer, '/v3/application/verify', { application_id: app.id, emailVerificationId: verification_id })).status).toBe(200);
    const before = outbox().length;
    const other = await sendLink(app, `${app.id}-S1`, 'mallory@example.com');
    expect(other.status).toBe(400);
    expect(other.body.data).toEqual([{ label: 'email', reason: expect.stringContaining('is not the e-mail address this applicant verified') }]);
    expect(outbox().length).toBe(before);
    const again = await sendLink(app, `${app.id}-S1`);
    expect(again.status).toBe(200);
    expect(outbox().at(-1)!.to).toBe('kiran@example.com');
  });

  test('at most 5 links an hour to one address, across applications: the 6th is 429 and sends nothing', async () => {
    for (let i = 0; i < 5; i++) {
      const app = await start();
      expect((await sendLink(app, `${app.id}-S1`, i % 2 ? 'Victim@Example.com' : 'victim@example.com')).status).toBe(200);
    }
    const app = await start();
    const before = outbox().length;
    const refused = await sendLink(app, `${app.id}-S1`, 'victim@example.com');
    expect(refused).toEqual({ status: 429, body: TOO_MANY('links were sent to this e-mail address') });
    expect(outbox().length).toBe(before);
    expect(await links(app.id)).toBe(0);
    // Another address is not affected.
    expect((await sendLink(app, `${app.id}-S1`, 'someone-else@example.com')).status).toBe(200);
  });

  test('at most 10 links an hour for one application, whatever the addresses', async () => {
    const app = await start();
    for (let i = 0; i < 10; i++) expect((await sendLink(app, `${app.id}-S1`, `co${i}@example.com`)).status).toBe(200);
    const refused = await sendLink(app, `${app.id}-S1`, 'co10@example.com');
    expect(refused).toEqual({ status: 429, body: TOO_MANY('links were sent for this application') });
    expect(await links(app.id)).toBe(10);
  });
});

describe(`one-time codes on ${dbKind()}`, () => {
  const otp = (app: { id: string; ref: string }, recipient: string, fieldKey = 'mobileOtp') =>
    call(customer, '/v3/portal/otp/send', { application_id: app.id, applicantId: `${app.id}-P`, fieldKey, recipient }, app.ref);
  const codes = async (recipient: string) => (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM portal_otps WHERE recipient = $1`, [recipient]))[0].n;

  test('at most 10 codes an hour to one mobile number, across applications and fields', async () => {
    const a = await start('Single');
    const b = await start('Single');
    for (let i = 0; i < 5; i++) expect((await otp(a, '9000000001')).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await otp(b, '90000 00001'.replace(' ', ''), 'otherOtp')).status).toBe(200);
    const c = await start('Single');
    const before = outbox().length;
    const refused = await otp(c, '9000000001');
    expect(refused).toEqual({ status: 429, body: TOO_MANY('codes were sent to this mobile number or e-mail address') });
    expect(outbox().length).toBe(before);
    expect(await codes('9000000001')).toBe(10);
    expect((await otp(c, '9000000002')).status).toBe(200);
  });

  test('at most 30 codes an hour for one application, whatever the numbers', async () => {
    const a = await start('Single');
    for (let i = 0; i < 30; i++) expect((await otp(a, `91000000${String(i).padStart(2, '0')}`, `f${i % 6}`)).status).toBe(200);
    expect(await otp(a, '9200000000', 'f9')).toEqual({ status: 429, body: TOO_MANY('codes were sent for this application') });
  });
});

describe(`list mail (sendMailCommon) on ${dbKind()}`, () => {
  const north = async (n: number) =>
    rows<{ application_id: string; ver_num: number; email: string }>(
      `SELECT application_id, ver_num, email FROM applications WHERE branch = 'BR-NORTH' AND status = 'ACTIVE' AND email IS NOT NULL ORDER BY id LIMIT $1`, [n]);
  const mail = (a: { application_id: string; ver_num: number }, extra: Json = {}) =>
    call(cpa1, '/backstage/sendMailCommon', { application_id: a.application_id, verNum: a.ver_num, template_id: 'DOCUMENTS_PENDING_EMAIL', ...extra });

  test('only to a party of the application: another address is 400, nothing sent, nothing written', async () => {
    const [a] = await north(1);
    const before = outbox().length;
    const res = await mail(a, { to: 'mallory@example.com' });
    expect(res).toEqual({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'to', reason: expect.stringContaining('is not the e-mail address of a party to this application') }] } });
    expect(outbox().length).toBe(before);
    expect((await rows(`SELECT 1 FROM audits WHERE application_id = $1 AND action = 'sendMailCommon'`, [a.application_id]))).toHaveLength(0);
    const ok = await mail(a, { to: a.email.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(outbox().at(-1)!.to).toBe(a.email);
  });

  test('params are escaped and cannot replace what the application says', async () => {
    const [a] = await rows<{ application_id: string; ver_num: number }>(`SELECT application_id, ver_num FROM applications WHERE branch = 'BR-NORTH' AND status = 'ACTIVE' AND email IS NOT NULL ORDER BY id DESC LIMIT 1`);
    const res = await mail(a, { params: { documents: '<img src=x onerror=alert(1)>', application_id: 'APP-FAKE' } });
    expect(res.status).toBe(200);
    const sent = outbox().at(-1)!;
    expect(sent.body).toContain('&#60;img src=x onerror=alert(1)&#62;');
    expect(sent.body).not.toContain('<img');
    expect(sent.subject).toBe(`Documents pending for ${a.application_id}`);
  });

  test('at most 10 mails an hour for one application and 30 per user: past them 429, nothing sent', async () => {
    const apps = await north(5);
    const [first] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM message_quotas WHERE kind = 'mail:user' AND subject = 'cpa1'`);
    expect(first).toBeDefined();
    let sent = (await rows<{ count: number }>(`SELECT count FROM message_quotas WHERE kind = 'mail:user' AND subject = 'cpa1'`))[0].count;
    const fresh = async (id: string) => (await rows<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]))[0].ver_num;
    const target = apps[2];
    for (let i = 0; i < 10; i++) {
      expect((await mail({ application_id: target.application_id, ver_num: await fresh(target.application_id) })).status).toBe(200);
      sent++;
    }
    const before = outbox().length;
    expect(await mail({ application_id: target.application_id, ver_num: await fresh(target.application_id) })).toEqual({ status: 429, body: TOO_MANY('e-mails were sent for this application') });
    expect(outbox().length).toBe(before);
    for (const a of apps.slice(3)) {
      for (let i = 0; i < 10 && sent < 30; i++) {
        expect((await mail({ application_id: a.application_id, ver_num: await fresh(a.application_id) })).status).toBe(200);
        sent++;
      }
    }
    expect(sent).toBe(30);
    const last = apps[4];
    expect(await mail({ application_id: last.application_id, ver_num: await fresh(last.application_id) })).toEqual({ status: 429, body: TOO_MANY('e-mails were sent by you') });
    expect(outbox().length).toBe(before + 30 - 12);
  });
});

describe(`message counts clean-up on ${dbKind()}`, () => {
  test('the periodic clean-up deletes counts whose window ran out and keeps live ones', async () => {
    await t.app.db.query(`INSERT INTO message_quotas (kind, subject, window_start, count) VALUES ('link:recipient', 'old@example.com', now() - interval '2 hours', 5)`);
    const live = (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM message_quotas WHERE window_start > now() - interval '1 hour'`))[0].n;
    expect(live).toBeGreaterThan(0);
    await t.app.cleanUpIdentity();
    expect(await rows(`SELECT 1 FROM message_quotas WHERE subject = 'old@example.com'`)).toHaveLength(0);
    expect((await rows<{ n: number }>(`SELECT count(*)::int AS n FROM message_quotas`))[0].n).toBe(live);
  });
});
