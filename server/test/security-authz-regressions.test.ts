import Fastify, { type InjectOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from '@sinclair/typebox';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import applicationAccess from '../src/plugins/app/application-access';

/**
 * One regression test per authorization hole of issue 10 (the matrix in security-authz-matrix.test.ts covers every
 * route; these pin the named cases with the rows they must leave alone).
 */
let t: TestApp;
const as: Record<string, LoggedIn> = {};
let north: string; // started in the portal: branch BR-NORTH, applicants P and S1
let northRef: string;
let south: string; // created by dev1: branch BR-SOUTH, which viewer1 may read
const MISSING = 'APP-99999999';
type Json = Record<string, unknown>;

const NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] };
const NOT_YOURS = { code: 403, message: 'This application is not yours' };
const STAFF_ONLY = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Only staff may do this' }] };
const NO_ACTIONS = { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }] };
const NO_DOCUMENTS = { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'This needs the MANAGE_DOCUMENT permission' }] };

async function call(who: LoggedIn, method: 'GET' | 'POST', url: string, payload?: object, appRefId?: string) {
  const res = await t.app.inject({ method, url, headers: { ...who.headers, ...(appRefId ? { appRefId } : {}) }, ...(payload ? { payload } : {}) } as InjectOptions);
  return { status: res.statusCode, body: res.json() as Json & { data?: unknown } };
}
const rows = async <T = Json>(sql: string, params: unknown[] = []) => (await t.app.db.query<T & Json>(sql, params)).rows;
const verNum = async (id: string) => (await rows<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]))[0].ver_num;
const applicantOf = async (id: string, applicantId: string) =>
  ((await rows<{ doc: { applicant: Json[] } }>(`SELECT doc FROM applications WHERE application_id = $1`, [id]))[0].doc.applicant).find((a) => a.applicantId === applicantId)!;

/** The rows an authorization refusal must leave as they were. */
async function snapshot(id: string) {
  return rows(
    `SELECT a.ver_num, a.status, a.doc, a.custom_fields, a.mod_time,
            (SELECT count(*)::int FROM audits WHERE application_id = a.application_id) AS audits,
            (SELECT count(*)::int FROM documents WHERE application_id = a.application_id) AS documents,
            (SELECT count(*)::int FROM payments WHERE application_id = a.application_id) AS payments,
            (SELECT count(*)::int FROM applicant_links WHERE application_id = a.application_id) AS links,
            (SELECT count(*)::int FROM portal_otps WHERE application_id = a.application_id) AS otps,
            (SELECT count(*)::int FROM application_refs WHERE application_id = a.application_id) AS refs,
            (SELECT count(*)::int FROM external_integration_tokens WHERE application_id = a.application_id) AS tokens,
            (SELECT count(*)::int FROM applications) AS applications
       FROM applications a WHERE a.application_id = $1`,
    [id],
  );
}

function customerSave(body: unknown, appRefId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...as.customer.headers, ...(appRefId ? { appRefId } : {}), 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify(body), as.customer.session.access_token) },
  });
}

/** A link the applicant really receives: sent by the customer who holds the application. */
async function realLink(email: string, applicantId = `${north}-S1`) {
  const sent = await call(as.customer, 'POST', '/v3/portal/applicants/send-link', { application_id: north, applicantId, email }, northRef);
  expect(sent.status).toBe(200);
  const [{ verification_id }] = await rows<{ verification_id: string }>(`SELECT verification_id FROM applicant_links WHERE application_id = $1 ORDER BY created_at DESC LIMIT 1`, [north]);
  return verification_id;
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'cpa1', 'cpa2', 'dev1', 'viewer1', 'bh1']) as[user] = await loginAs(t.app, user);
  as.customer = await loginAs(t.app, 'portal-customer');
  as.stranger = await loginAs(t.app, 'portal-customer');
  const created = await customerSave({ product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Joint', coApplicants: 1 });
  expect(created.statusCode).toBe(201);
  north = created.json().data.application_id;
  northRef = created.json().appRefId;
  // The applicant gives the name and mobile asked first, so the application is work with a task (a nameless
  // portal start is a draft with none: drafts.test.ts).
  const identified = await customerSave({ application_id: north, section_id: 'HL_applicant', sub_section_id: 'HL_personal', values: { firstName: 'Nila', mobile: '9876543210' }, draft: true }, northRef);
  expect(identified.statusCode).toBe(200);
  const saved = await call(as.dev1, 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Suma', email: 'suma@example.com' }] });
  expect(saved.status).toBe(201);
  south = (saved.body.data as { application_id: string }).application_id;
});
afterAll(() => t.close());

describe(`authorization regressions (issue 10) on ${dbKind()}`, () => {
  test('a credit officer of another branch cannot send-link and then verify a north applicant (no takeover)', async () => {
    const before = await snapshot(north);
    const send = await call(as.dev1, 'POST', '/v3/portal/applicants/send-link', { application_id: north, applicantId: `${north}-S1`, email: 'mallory@example.com' });
    expect(send).toEqual({ status: 404, body: NOT_FOUND }); // no sandboxLink, no e-mail rewritten
    expect(await snapshot(north)).toEqual(before);

    // Even with a real link of that application in hand, verifying it as dev1 hands out no appRefId.
    const verificationId = await realLink('co@example.com');
    const linked = await snapshot(north);
    const verify = await call(as.dev1, 'POST', '/v3/application/verify', { application_id: north, emailVerificationId: verificationId });
    expect(verify).toEqual({ status: 404, body: NOT_FOUND });
    expect(await snapshot(north)).toEqual(linked);
    expect((await rows(`SELECT verified_at FROM applicant_links WHERE verification_id = $1`, [verificationId]))[0].verified_at).toBeNull();
    // viewer1 (application access only): refused by permission before anything is looked up.
    expect(await call(as.viewer1, 'POST', '/v3/portal/applicants/send-link', { application_id: north, applicantId: `${north}-S1`, email: 'mallory@example.com' })).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await call(as.viewer1, 'POST', '/v3/application/verify', { application_id: north, emailVerificationId: verificationId })).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await snapshot(north)).toEqual(linked);
  });

  test("staff of another branch get nothing through the portal's write routes, and the OTP code is not echoed to them", async () => {
    const before = await snapshot(north);
    const png = 'data:image/png;base64,' + Buffer.from([0x89, 0x50, 0x4e, 0x47]).toString('base64');
    const calls: [string, object][] = [
      ['/api/uploadLocalFiletoS3', { app_id: north, fieldKey: 'kycDocuments', fileName: 'x.pdf', type: 'application/pdf', content: Buffer.from('%PDF-1.4 x').toString('base64') }],
      ['/api/uploadSignaturetoS3', { app_id: north, dataURI: png }],
      ['/v3/portal/payments', { application_id: north, amount: 500 }],
      ['/v3/portal/otp/send', { application_id: north, applicantId: `${north}-P`, fieldKey: 'mobileOtp', recipient: '9876543210' }],
      ['/v3/portal/otp/verify', { application_id: north, applicantId: `${north}-P`, fieldKey: 'mobileOtp', recipient: '9876543210', code: '123456' }],
      ['/v3/application/consumer/save_or_update', { application_id: north, section_id: 'HL_applicant', sub_section_id: 'HL_personal', values: { firstName: 'Mallory' }, draft: true }],
      ['/v3/external-integration/issue-token', { application_id: north }],
    ];
    for (const [url, payload] of calls) {
      // dev1 lacks MANAGE_DOCUMENT: the uploads say so, for any application; everything else is "not found".
      const expected = url.startsWith('/api/upload') ? { status: 403, body: NO_DOCUMENTS } : { status: 404, body: NOT_FOUND };
      expect({ url, ...(await call(as.dev1, 'POST', url, payload)) }).toEqual({ url, ...expected });
    }
    expect(await call(as.dev1, 'GET', `/v3/portal/payments?application_id=${north}`)).toEqual({ status: 404, body: NOT_FOUND });
    expect(await snapshot(north)).toEqual(before);
  });

  test('viewer1 (application access only) may read its branch’s application but not copy it, create one, issue a token or write through the portal', async () => {
    expect((await call(as.viewer1, 'GET', `/v3/application/${south}`)).status).toBe(200);
    const before = await snapshot(south);
    expect(await call(as.viewer1, 'GET', `/v3/application/copy/${south}`)).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await call(as.viewer1, 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Vani' }] })).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await call(as.viewer1, 'POST', '/v3/external-integration/issue-token', { application_id: south })).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await call(as.viewer1, 'POST', '/v3/portal/payments', { application_id: south, amount: 500 })).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await call(as.viewer1, 'POST', '/v3/portal/otp/send', { application_id: south, applicantId: `${south}-P`, fieldKey: 'mobileOtp', recipient: '9876543210' })).toEqual({ status: 403, body: NO_ACTIONS });
    expect(await call(as.viewer1, 'POST', '/api/uploadLocalFiletoS3', { app_id: south, fieldKey: 'kycDocuments', fileName: 'x.pdf', type: 'application/pdf', content: 'JVBERi0xLjQ=' })).toEqual({ status: 403, body: NO_DOCUMENTS });
    expect(await snapshot(south)).toEqual(before);
    // The same calls by dev1, who holds APPLICATIONS_ACTIONS in that branch, go through: the refusals above are the permission's.
    expect((await call(as.dev1, 'GET', `/v3/application/copy/${south}`)).status).toBe(200);
    expect((await call(as.dev1, 'POST', '/v3/external-integration/issue-token', { application_id: south })).status).toBe(200);
  });

  test('send-link writes through verNum with an audit row; a stale verNum is refused with nothing changed', async () => {
    const v0 = await verNum(north);
    const sent = await call(as.customer, 'POST', '/v3/portal/applicants/send-link', { application_id: north, applicantId: `${north}-S1`, email: 'meera@example.com', firstName: 'Meera' }, northRef);
    expect(sent.status).toBe(200);
    expect((sent.body.data as Json).verNum).toBe(v0 + 1);
    expect(await verNum(north)).toBe(v0 + 1);
    const [audit] = await rows<{ user_id: string; new_value: Json }>(`SELECT user_id, new_value FROM audits WHERE application_id = $1 AND action = 'send_link' AND field_key = '_action' ORDER BY id DESC LIMIT 1`, [north]);
    expect(audit).toMatchObject({ user_id: 'portal-customer', new_value: { action: 'send_link', applicantId: `${north}-S1` } });
    const [emailChange] = await rows(`SELECT old_value, new_value FROM audits WHERE application_id = $1 AND action = 'send_link' AND field_key = $2 ORDER BY id DESC LIMIT 1`, [north, `applicant.${north}-S1.email`]);
    expect(emailChange.new_value).toBe('meera@example.com');

    // Staff of the branch may send one too; with the verNum they hold, a stale one is a 409 naming the versions.
    const before = await snapshot(north);
    const stale = await call(as.cpa1, 'POST', '/v3/portal/applicants/send-link', { application_id: north, applicantId: `${north}-S1`, email: 'other@example.com', verNum: v0 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 1101, data: [{ label: 'verNum', reason: expect.stringContaining(`you sent verNum ${v0}, the current verNum is ${v0 + 1}`) }] });
    expect(await snapshot(north)).toEqual(before);
    const fresh = await call(as.cpa1, 'POST', '/v3/portal/applicants/send-link', { application_id: north, applicantId: `${north}-S1`, email: 'meera@example.com', verNum: v0 + 1 });
    expect(fresh.status).toBe(200);
    expect(await verNum(north)).toBe(v0 + 2);
    expect((await applicantOf(north, `${north}-S1`)).email).toBe('meera@example.com');
  });

  test('verify writes through verNum with an audit row, once', async () => {
    const verificationId = await realLink('gita@example.com');
    const v0 = await verNum(north);
    const device = await loginAs(t.app, 'portal-customer'); // the co-applicant's own device: no appRefId
    const ok = await call(device, 'POST', '/v3/application/verify', { application_id: north, emailVerificationId: verificationId });
    expect(ok.status).toBe(200);
    expect(ok.body.appRefId).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{43}$/));
    expect(await verNum(north)).toBe(v0 + 1);
    const audits = await rows(`SELECT field_key, new_value FROM audits WHERE application_id = $1 AND action = 'verify_email' ORDER BY id`, [north]);
    expect(audits).toEqual([
      { field_key: '_action', new_value: { action: 'verify_email' } },
      { field_key: `verifications.email:${north}-S1`, new_value: expect.objectContaining({ key: `email:${north}-S1`, isVerified: true }) },
    ]);
    // Opening the same link again verifies nothing new: no version, no audit.
    expect((await call(device, 'POST', '/v3/application/verify', { application_id: north, emailVerificationId: verificationId })).status).toBe(200);
    expect(await verNum(north)).toBe(v0 + 1);
    expect(await rows(`SELECT 1 FROM audits WHERE application_id = $1 AND action = 'verify_email'`, [north])).toHaveLength(2);
  });

  test('an OTP verification writes through verNum with an audit row; a wrong code changes nothing', async () => {
    const body = { application_id: north, applicantId: `${north}-P`, fieldKey: 'mobileOtp', recipient: '9876543210' };
    const sent = await call(as.customer, 'POST', '/v3/portal/otp/send', body, northRef);
    const code = (sent.body.data as { sandboxCode: string }).sandboxCode;
    const v0 = await verNum(north);
    const wrong = await call(as.customer, 'POST', '/v3/portal/otp/verify', { ...body, code: code === '000000' ? '111111' : '000000' }, northRef);
    expect(wrong.body.data).toMatchObject({ verified: false, reason: 'WRONG_CODE' });
    expect(await verNum(north)).toBe(v0);
    const right = await call(as.customer, 'POST', '/v3/portal/otp/verify', { ...body, code }, northRef);
    expect(right.body.data).toEqual({ verified: true });
    expect(await verNum(north)).toBe(v0 + 1);
    expect(await rows(`SELECT field_key FROM audits WHERE application_id = $1 AND action = 'otp_verify' ORDER BY id`, [north])).toEqual([
      { field_key: '_action' },
      { field_key: `verifications.otp:${north}-P:mobileOtp` },
    ]);
  });

  test('refusals tell a caller who may not see the application nothing: no assignee, task, status or verNum', async () => {
    // cpa1 takes the north application's task: it is now "held by cpa1", In Progress, at some verNum.
    const taken = await call(as.cpa1, 'POST', '/v3/application/action/assign', { application_id: north, verNum: await verNum(north) });
    expect(taken.status).toBe(200);
    const current = await verNum(north);
    const leaks = (body: unknown) => ['cpa1', 'CPA-NORTH', 'In Progress', 'ACTIVE', 'verNum', 'TASK'].filter((w) => JSON.stringify(body).includes(w));
    // dev1, other branch: the same 404 as for an application that does not exist, whatever the request.
    for (const payload of [{ verNum: 0 }, { verNum: current }]) {
      const res = await call(as.dev1, 'POST', '/v3/application/action/release', { application_id: north, ...payload });
      expect(res).toEqual(await call(as.dev1, 'POST', '/v3/application/action/release', { application_id: MISSING, ...payload }));
      expect(res).toEqual({ status: 404, body: NOT_FOUND });
    }
    // The anonymous customer token: same answer for this application and a missing one, never its status.
    for (const [method, url, payload] of [
      ['GET', `/v3/application/${north}`, undefined],
      ['POST', '/app/status_update', { application_id: north, verNum: current, status: 'CANCELLED' }],
      ['POST', '/v3/application/action/release', { application_id: north, verNum: current }],
      ['POST', '/v3/portal/otp/send', { application_id: north, applicantId: `${north}-P`, fieldKey: 'mobileOtp', recipient: '9876543210' }],
    ] as const) {
      const res = await call(as.stranger, method, url, payload);
      const none = await call(as.stranger, method, url.replace(north, MISSING), payload && { ...payload, application_id: MISSING });
      expect({ url, ...res }).toEqual({ url, ...none });
      expect([NOT_YOURS, STAFF_ONLY]).toContainEqual(res.body);
      expect(leaks(res.body)).toEqual([]);
    }
    // GraphQL's application(application_id) follows the same rule.
    const gql = (id: string) => call(as.dev1, 'POST', '/v3/graphql', { query: `{ application(application_id: "${id}") { application_status verNum } }` });
    expect(await gql(north)).toEqual(await gql(MISSING));
    expect((await gql(north)).body).toEqual(NOT_FOUND);
    // Callers who may see it still get the reasons: cpa2 (same team) learns who holds it, cpa1 the versions.
    const cpa2 = await call(as.cpa2, 'POST', '/v3/application/action/release', { application_id: north, verNum: current });
    expect(cpa2.status).toBe(403);
    expect(JSON.stringify(cpa2.body)).toContain('cpa1');
    const stale = await call(as.cpa1, 'POST', '/v3/application/action/release', { application_id: north, verNum: current - 1 });
    expect(stale.status).toBe(409);
    expect(JSON.stringify(stale.body)).toContain(`the current verNum is ${current}`);
  });

  test('platform area summaries are for staff, counting only what each may see', async () => {
    expect((await call(as.customer, 'GET', '/platform/areas/applications')).status).toBe(403);
    expect((await call(as.customer, 'GET', '/platform/areas/tasks')).status).toBe(403);
    const count = async (where: string) => (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM applications ${where}`))[0].n;
    expect((await call(as.admin, 'GET', '/platform/areas/applications')).body.total).toBe(await count(''));
    expect((await call(as.bh1, 'GET', '/platform/areas/applications')).body.total).toBe(await count('')); // ALL_APPLICATIONS_*
    expect((await call(as.cpa1, 'GET', '/platform/areas/applications')).body.total).toBe(await count(`WHERE branch = 'BR-NORTH'`));
    expect((await call(as.viewer1, 'GET', '/platform/areas/applications')).body.total).toBe(await count(`WHERE branch = 'BR-SOUTH'`));
    const taskTotal = (body: Json) => (body.byProgress as { count: number }[]).reduce((n, r) => n + r.count, 0);
    const southTasks = (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE application_id IN (SELECT application_id FROM applications WHERE branch = 'BR-SOUTH')`))[0].n;
    expect(taskTotal((await call(as.viewer1, 'GET', '/platform/areas/tasks')).body)).toBe(southTasks);
    const mine = (await rows<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE username = 'cpa2' OR team_id = ANY(ARRAY['BR-NORTH','CPA-NORTH'])`))[0].n;
    const byType = (await call(as.cpa2, 'GET', '/platform/areas/notifications')).body.byType as { total: number }[];
    expect(byType.reduce((n, r) => n + r.total, 0)).toBe(mine);
  });
});

describe('a route that names an application cannot forget the check', () => {
  async function bare() {
    const app = Fastify();
    // The access plugin runs after authentication and decryption; stand-ins for those two are enough here.
    await app.register(fp(async () => undefined, { name: 'auth' }));
    await app.register(fp(async () => undefined, { name: 'encryption' }));
    await app.register(applicationAccess);
    return app;
  }
  const handler = async () => ({});

  test.each([
    ['a body application_id', '/x', { body: Type.Object({ application_id: Type.String() }) }],
    ['a querystring app_id', '/x', { querystring: Type.Object({ app_id: Type.String() }) }],
    ['an application_id in one branch of a union body', '/x', { body: Type.Union([Type.Object({ a: Type.String() }), Type.Object({ application_id: Type.String() })]) }],
    ['an :id under /v3/application/', '/v3/application/thing/:id', { params: Type.Object({ id: Type.String() }) }],
  ])('%s without config.application fails at registration', async (_what, url, schema) => {
    const app = await bare();
    expect(() => app.post(url, { schema }, handler)).toThrow(/declares no config\.application/);
    await app.close();
  });

  test("declared routes, deliberate 'none', public routes and routes naming no application register", async () => {
    const app = await bare();
    const body = Type.Object({ application_id: Type.String() });
    app.post('/a', { schema: { body }, config: { application: { id: () => undefined, permission: 'read' } } }, handler);
    app.post('/b', { schema: { body }, config: { application: 'none' } }, handler);
    app.post('/c', { schema: { body }, config: { public: true } }, handler);
    app.post('/d', { schema: { body: Type.Object({ other: Type.String() }) } }, handler);
    await app.ready();
    expect(app.applicationRoutes.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /a', 'POST /b']);
    await app.close();
  });
});
