import { createHash } from 'node:crypto';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';

/**
 * Every applicant uses the one portal-customer account, so an application is opened by its appRefId (header),
 * never by its id alone: without it, or with another application's, a customer gets 403 and nothing changes.
 */
let t: TestApp;
let alice: LoggedIn; // started application A on her device
let bob: LoggedIn; // another customer session, started application B
let staff: LoggedIn;
let appA: string;
let refA: string;
let appB: string;
let refB: string;

const NOT_YOURS = { code: 403, message: 'This application is not yours' };

const withRef = (who: LoggedIn, appRefId?: string): Record<string, string> => ({ ...who.headers, ...(appRefId !== undefined ? { appRefId } : {}) });

function save(who: LoggedIn, body: unknown, appRefId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...withRef(who, appRefId), 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify(body), who.session.access_token) },
  });
}

async function create(who: LoggedIn) {
  const res = await save(who, { product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Joint', coApplicants: 1 });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.application_id as string, ref: res.json().appRefId as string };
}

/** What a refused request must leave untouched: the application row, its audits, files, payments and links. */
async function snapshot(id: string) {
  const q = async (sql: string) => (await t.app.db.query(sql, [id])).rows;
  return {
    app: await q(`SELECT ver_num, custom_fields, doc, mod_time FROM applications WHERE application_id = $1`),
    audits: await q(`SELECT count(*)::int AS n FROM audits WHERE application_id = $1`),
    documents: await q(`SELECT count(*)::int AS n FROM documents WHERE application_id = $1`),
    payments: await q(`SELECT count(*)::int AS n FROM payments WHERE application_id = $1`),
    links: await q(`SELECT count(*)::int AS n FROM applicant_links WHERE application_id = $1`),
  };
}

/** Every customer call on one application the portal makes, with the given appRefId header (or none). */
function customerCalls(who: LoggedIn, id: string, appRefId?: string) {
  const headers = withRef(who, appRefId);
  const png = 'data:image/png;base64,' + Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');
  return {
    read: () => t.app.inject({ method: 'GET', url: `/v3/application/${id}`, headers }),
    audits: () => t.app.inject({ method: 'GET', url: `/v3/audits/getAudits?application_id=${id}`, headers }),
    tasks: () => t.app.inject({ method: 'GET', url: `/v3/taskconfigs/getConfigs?application_id=${id}`, headers }),
    save: () => save(who, { application_id: id, section_id: 'HL_applicant', sub_section_id: 'HL_personal', values: { firstName: 'Mallory' }, draft: true }, appRefId),
    upload: () => t.app.inject({ method: 'POST', url: '/api/uploadLocalFiletoS3', headers, payload: { app_id: id, fieldKey: 'kycDocuments', fileName: 'x.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 x').toString('base64') } }),
    signature: () => t.app.inject({ method: 'POST', url: '/api/uploadSignaturetoS3', headers, payload: { dataURI: png, app_id: id } }),
    payments: () => t.app.inject({ method: 'GET', url: `/v3/portal/payments?application_id=${id}`, headers }),
    pay: () => t.app.inject({ method: 'POST', url: '/v3/portal/payments', headers, payload: { application_id: id, amount: 500 } }),
    sendLink: () => t.app.inject({ method: 'POST', url: '/v3/portal/applicants/send-link', headers, payload: { application_id: id, applicantId: `${id}-S1`, email: 'mallory@example.com' } }),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  alice = await loginAs(t.app, 'portal-customer');
  bob = await loginAs(t.app, 'portal-customer');
  staff = await loginAs(t.app, 'admin');
  ({ id: appA, ref: refA } = await create(alice));
  ({ id: appB, ref: refB } = await create(bob));
});
afterAll(() => t.close());

describe(`customer access by appRefId on ${dbKind()}`, () => {
  test('a create answers an unguessable appRefId once; only its SHA-256 is stored', async () => {
    expect(refA).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refB).not.toBe(refA);
    const { rows } = await t.app.db.query<{ ref_hash: string; issued_for: string }>(`SELECT ref_hash, issued_for FROM application_refs WHERE application_id = $1`, [appA]);
    expect(rows).toEqual([{ ref_hash: createHash('sha256').update(refA).digest('hex'), issued_for: 'CREATE' }]);
    const { rows: raw } = await t.app.db.query(`SELECT 1 FROM application_refs WHERE ref_hash = $1 OR application_id = $1`, [refA]);
    expect(raw).toHaveLength(0);
    // A save answers no new reference.
    const saved = await save(alice, { application_id: appA, section_id: 'HL_applicant', sub_section_id: 'HL_personal', values: { firstName: 'Asha' }, draft: true }, refA);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().appRefId).toBeUndefined();
  });

  test.each([
    ['no appRefId', undefined],
    ['another application’s appRefId', 'B'],
    ['an unknown appRefId', 'A'.repeat(43)],
    ['a malformed appRefId', 'not-a-ref'],
  ])('another customer session with %s gets 403 on every call and changes nothing', async (_what, ref) => {
    const before = await snapshot(appA);
    const calls = customerCalls(bob, appA, ref === 'B' ? refB : ref);
    for (const [name, call] of Object.entries(calls)) {
      const res = await call();
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 403, body: NOT_YOURS });
    }
    expect(await snapshot(appA)).toEqual(before);
  });

  test('the same session that started it is refused too without the header (the account is shared)', async () => {
    const res = await customerCalls(alice, appA).read();
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(NOT_YOURS);
  });

  test('with the right appRefId every call works (from any customer session)', async () => {
    for (const [who, session] of [['alice', alice], ['bob', bob]] as const) {
      const calls = customerCalls(session, appA, refA);
      const read = await calls.read();
      expect({ who, status: read.statusCode }).toEqual({ who, status: 200 });
      expect(read.json().data.application_id).toBe(appA);
      expect((await calls.save()).statusCode).toBe(200);
      expect((await calls.upload()).statusCode).toBe(200);
      expect((await calls.signature()).statusCode).toBe(200);
      expect((await calls.payments()).statusCode).toBe(200);
      expect((await calls.audits()).statusCode).toBe(200);
    }
    expect((await customerCalls(alice, appA, refA).pay()).json().data.status).toBe('SUCCESS');
    // …and it opens only its own application.
    expect((await customerCalls(alice, appB, refA).read()).statusCode).toBe(403);
    expect((await customerCalls(bob, appB, refB).read()).statusCode).toBe(200);
  });

  test('a verified e-mail link answers a new appRefId for that application, usable on the co-applicant’s device', async () => {
    const sent = await customerCalls(alice, appA, refA).sendLink();
    expect(sent.statusCode).toBe(200);
    const appDetails = new URL(sent.json().data.sandboxLink).searchParams.get('appDetails');
    const carol = await loginAs(t.app, 'portal-customer'); // another device: a fresh customer session, no reference
    const plain = await t.app.inject({ method: 'POST', url: '/api/decryption', headers: carol.headers, payload: { decryptMsg: appDetails } });
    const [linkAppId, verificationId] = plain.json().data.split('|');
    expect(linkAppId).toBe(appA);
    const verified = await t.app.inject({ method: 'POST', url: '/v3/application/verify', headers: carol.headers, payload: { application_id: appA, emailVerificationId: verificationId } });
    expect(verified.statusCode).toBe(200);
    const refC = verified.json().appRefId as string;
    expect(refC).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refC).not.toBe(refA);
    expect((await customerCalls(carol, appA).read()).statusCode).toBe(403);
    expect((await customerCalls(carol, appA, refC).read()).statusCode).toBe(200);
    const own = await save(carol, { application_id: appA, applicantId: `${appA}-S1`, section_id: 'HL_applicant', sub_section_id: 'HL_personal', values: { firstName: 'Carol' }, draft: true }, refC);
    expect(own.statusCode).toBe(200);
    expect((await customerCalls(carol, appB, refC).read()).statusCode).toBe(403);
    // An unknown verification answers no reference.
    const unknown = await t.app.inject({ method: 'POST', url: '/v3/application/verify', headers: carol.headers, payload: { application_id: appB, emailVerificationId: verificationId } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().appRefId).toBeUndefined();
  });

  test('staff access is unchanged: no appRefId needed, a stray one is ignored', async () => {
    for (const ref of [undefined, refB, 'junk']) {
      const res = await t.app.inject({ method: 'GET', url: `/v3/application/${appA}`, headers: withRef(staff, ref) });
      expect(res.statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v3/portal/payments?application_id=${appA}`, headers: staff.headers })).statusCode).toBe(200);
    const other = await loginAs(t.app, 'dev1'); // another branch: refused by the staff rules, as if it did not exist
    expect((await t.app.inject({ method: 'GET', url: `/v3/application/${appA}`, headers: withRef(other, refA) })).statusCode).toBe(404);
  });
});
