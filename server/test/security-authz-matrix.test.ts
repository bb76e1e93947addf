import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import type { ApplicationRule, DeclaredRoute } from '../src/plugins/app/application-access';
import { post, type Build, type Caller, type Target } from './authz/builders';
import { CORE_REQUESTS } from './authz/core';
import { TASK_REQUESTS } from './authz/tasks';
import { QUERY_REQUESTS } from './authz/queries';
import { CREDIT_REQUESTS } from './authz/credit';
import { APPROVAL_REQUESTS } from './authz/approvals';
import { DOCUMENT_REQUESTS } from './authz/documents';
import { INBOX_REQUESTS } from './authz/inbox';
import { NOTIFICATION_REQUESTS } from './authz/notifications';
import { MANAGER_REQUESTS } from './authz/managers';
import { VIDEO_REQUESTS } from './authz/video';
import { PRICING_REQUESTS } from './authz/pricing';
import { CONSENT_REQUESTS } from './authz/consent';
import { CONTINUE_LATER_REQUESTS } from './authz/continue-later';
import { PARTY_REQUESTS } from './authz/parties';
import { STP_REQUESTS } from './authz/straight-through';

/**
 * The authorization matrix: every route that names an application (read from the running app, so a new route is
 * covered, or this test fails, the day it is added) × the callers who must not get through × an application they
 * may not open or may only read. Each refusal must be a neutral §8 body — the same one an application that does
 * not exist gets — and leave every row as it was. An authorised caller's call is run as well, so a refusal cannot
 * come from a request this table built wrong.
 */
let t: TestApp;
const as: Record<string, LoggedIn> = {};
let north: string; // a portal application of the north branch: foreign to dev1 and viewer1
let northRef: string;
let control: string; // another north application, for the authorised callers' runs
let controlRef: string;
let south: string; // a south branch application: viewer1 may read it, not act on it
let otherRef: string; // the appRefId of a third application
let northVerification: string; // a real e-mail link of the north application
const MISSING = 'APP-99999999';

const NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] };
const NOT_YOURS = { code: 403, message: 'This application is not yours' };
const STAFF_ONLY = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Only staff may do this' }] };
const NO_ACTIONS = { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }] };
const NO_DOCUMENTS = { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'This needs the MANAGE_DOCUMENT permission' }] };
const LINK_INVALID = {
  code: 1101,
  message: 'Validation Failed',
  data: [{ label: 'emailVerificationId', reason: 'The link is either expired or invalid or your application has already been submitted for further processing.' }],
};
// A request-for-information link (routes/queries/applicant.ts): the same text, on its own credential.
const RFI_LINK_INVALID = { ...LINK_INVALID, data: [{ ...LINK_INVALID.data[0], label: 'requestForInfoId' }] };
// A consent withdrawal link (routes/portal/consent.ts): its token is the credential.
const CONSENT_LINK_INVALID = { code: 1101, message: 'Validation Failed', data: [{ label: 'token', reason: 'The link is invalid: open it again from the e-mail, or from the status page of your application' }] };
const NEUTRAL = [NOT_FOUND, NOT_YOURS, STAFF_ONLY, NO_ACTIONS, NO_DOCUMENTS, LINK_INVALID, RFI_LINK_INVALID, CONSENT_LINK_INVALID];
const linkInvalidOf = (url: string) => (url.startsWith('/v3/queries/') ? RFI_LINK_INVALID : url.startsWith('/v3/portal/consent/') ? CONSENT_LINK_INVALID : LINK_INVALID);

/** One request per route, keyed "METHOD url" as the router knows it: each area keeps its own table in test/authz/. */
const REQUESTS: Record<string, Build> = { ...CORE_REQUESTS, ...TASK_REQUESTS, ...QUERY_REQUESTS, ...CREDIT_REQUESTS, ...APPROVAL_REQUESTS, ...DOCUMENT_REQUESTS, ...INBOX_REQUESTS, ...NOTIFICATION_REQUESTS, ...MANAGER_REQUESTS, ...VIDEO_REQUESTS, ...PRICING_REQUESTS, ...CONSENT_REQUESTS, ...CONTINUE_LATER_REQUESTS, ...PARTY_REQUESTS, ...STP_REQUESTS };
const ACTION_PREFIX = 'POST /v3/application/action/';
const actionRequest = (url: string): Build => post(url, (a) => ({ application_id: a.id, verNum: a.verNum, userName: 'cpa1', reason: 'matrix', completionType: 'COMPLETE' }));

const keyOf = (r: DeclaredRoute) => `${r.method} ${r.url}`;
const requestFor = (r: DeclaredRoute): Build | undefined => REQUESTS[keyOf(r)] ?? (keyOf(r).startsWith(ACTION_PREFIX) ? actionRequest(r.url) : undefined);
const ruled = () => t.app.applicationRoutes.filter((r): r is DeclaredRoute & { rule: ApplicationRule } => r.rule !== 'none');

async function target(id: string, verificationId = 'VER-0000000000000000'): Promise<Target> {
  const { rows } = await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]);
  return { id, verNum: rows[0]?.ver_num ?? 1, verificationId };
}

/** The rows a refused call could have added, counted per table for the application ($1), and the whole book. */
const COUNTED: Record<string, string> = {
  audits: 'audits WHERE application_id = $1',
  documents: 'documents WHERE application_id = $1',
  payments: 'payments WHERE application_id = $1',
  kfs: 'kfs_statements WHERE application_id = $1',
  links: 'applicant_links WHERE application_id = $1',
  otps: 'portal_otps WHERE application_id = $1',
  tokens: 'external_integration_tokens WHERE application_id = $1',
  refs: 'application_refs WHERE application_id = $1',
  worklogs: 'worklogs WHERE application_id = $1',
  sub_tasks: 'sub_tasks WHERE application_id = $1',
  info_requests: 'info_requests WHERE application_id = $1',
  notifications: 'notifications WHERE application_id = $1',
  validations: 'validation_queue WHERE application_id = $1',
  captured: "captured_actions WHERE detail->>'application_id' = $1",
  consents: 'consent_records WHERE application_id = $1',
  continue_links: 'continue_links WHERE application_id = $1',
  applications: 'applications',
};

/** Everything a refused call could have changed, for one application and book-wide. */
async function snapshot(id: string) {
  const one = async (sql: string, params: unknown[] = [id]) => (await t.app.db.query(sql, params)).rows;
  return {
    app: await one(`SELECT ver_num, status, stage, custom_fields, doc, mod_time, cur_task_id FROM applications WHERE application_id = $1`),
    tasks: await one(`SELECT task_id, progress, assigned_to, active_on FROM tasks WHERE application_id = $1 ORDER BY task_id`),
    counts: await one(`SELECT ${Object.entries(COUNTED).map(([as, from]) => `(SELECT count(*)::int FROM ${from}) AS ${as}`).join(', ')}`),
  };
}

function customerSave(who: LoggedIn, body: unknown, appRefId?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/v3/application/consumer/save_or_update',
    headers: { ...who.headers, ...(appRefId ? { appRefId } : {}), 'x-lendline-encrypted': 'aes-cbc' },
    payload: { data: aesEncrypt(JSON.stringify(body), who.session.access_token) },
  });
}

async function portalApplication(who: LoggedIn) {
  const res = await customerSave(who, { product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Joint', coApplicants: 1 });
  expect(res.statusCode).toBe(201);
  return { id: res.json().data.application_id as string, ref: res.json().appRefId as string };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const user of ['admin', 'cpa1', 'dev1', 'viewer1']) as[user] = await loginAs(t.app, user);
  as.anonymous = await loginAs(t.app, 'portal-customer');
  as.customer = await loginAs(t.app, 'portal-customer');
  ({ id: north, ref: northRef } = await portalApplication(as.customer));
  ({ id: control, ref: controlRef } = await portalApplication(as.customer));
  ({ ref: otherRef } = await portalApplication(as.customer));
  const created = await t.app.inject({ method: 'POST', url: '/v3/application/save', headers: as.dev1.headers, payload: { product_code: 'HL', applicant: [{ type: 'primary', firstName: 'Suma' }] } });
  expect(created.statusCode).toBe(201);
  south = created.json().data.application_id;
  // The north application's applicant was sent a real link (by the customer): staff outside it must not use it.
  const sent = await t.app.inject({ method: 'POST', url: '/v3/portal/applicants/send-link', headers: { ...as.customer.headers, appRefId: northRef }, payload: { application_id: north, applicantId: `${north}-S1`, email: 'co@example.com' } });
  expect(sent.statusCode).toBe(200);
  const { rows } = await t.app.db.query<{ verification_id: string }>(`SELECT verification_id FROM applicant_links WHERE application_id = $1`, [north]);
  northVerification = rows[0].verification_id;
  const branches = await t.app.db.query<{ application_id: string; branch: string }>(`SELECT application_id, branch FROM applications WHERE application_id = ANY($1::text[])`, [[north, control, south]]);
  expect(Object.fromEntries(branches.rows.map((r) => [r.application_id, r.branch]))).toEqual({ [north]: 'BR-NORTH', [control]: 'BR-NORTH', [south]: 'BR-SOUTH' });
});
afterAll(() => t.close());

/** Callers who may not open the north application (the refusal cases). */
const outsiders = (): Caller[] => [
  { name: 'dev1 (credit officer, other branch)', session: as.dev1, customer: false },
  { name: 'viewer1 (application access only, other branch)', session: as.viewer1, customer: false },
  { name: 'customer without appRefId', session: as.anonymous, customer: true },
  { name: "customer with another application's appRefId", session: as.anonymous, appRefId: otherRef, customer: true },
];

describe(`authorization matrix on ${dbKind()}`, () => {
  test('every route that names an application is declared and has a request in this table', () => {
    const routes = t.app.applicationRoutes;
    expect(routes.length).toBeGreaterThan(30);
    const uncovered = ruled().filter((r) => !requestFor(r)).map(keyOf);
    expect(uncovered).toEqual([]);
    // 'none' is a deliberate exception: each is listed here so a new one is a visible decision.
    expect(routes.filter((r) => r.rule === 'none').map(keyOf)).toEqual(['POST /v3/application/action/*']);
  });

  test('callers who may not open an application get a neutral refusal, the same as for a missing one, and nothing changes', async () => {
    const before = await snapshot(north);
    const foreign = await target(north, northVerification);
    const missing = await target(MISSING);
    const leaks = [north, 'cpa1', 'CPA-NORTH', 'BR-NORTH', 'ACTIVE', 'In Progress', 'Pending', 'verNum', 'TASK-', 'Mallory'];
    let checked = 0;
    for (const caller of outsiders()) {
      for (const route of ruled()) {
        const build = requestFor(route)!;
        // A customer proves an e-mail link by its verification id alone (credential): the real one would pass.
        const a = caller.customer && route.rule.customer === 'credential' ? { ...foreign, verificationId: 'VER-0000000000000000' } : foreign;
        const res = await t.app.inject(build(caller, a));
        const none = await t.app.inject(build(caller, missing));
        const seen = { caller: caller.name, route: keyOf(route), status: res.statusCode, body: res.json() };
        expect(seen).toEqual({ ...seen, status: none.statusCode, body: none.json() });
        expect([403, 404]).toContain(res.statusCode);
        expect(NEUTRAL).toContainEqual(res.json());
        for (const word of leaks) expect({ ...seen, leaks: res.body.includes(word) ? word : null }).toEqual({ ...seen, leaks: null });
        checked++;
      }
    }
    expect(checked).toBe(outsiders().length * ruled().length);
    expect(await snapshot(north)).toEqual(before);
  });

  test('viewer1 (application access only) reads the application of its branch and changes nothing through any route', async () => {
    const caller: Caller = { name: 'viewer1', session: as.viewer1, customer: false };
    const before = await snapshot(south);
    const own = await target(south);
    const missing = await target(MISSING);
    for (const route of ruled()) {
      const build = requestFor(route)!;
      const res = await t.app.inject(build(caller, own));
      const seen = { route: keyOf(route), status: res.statusCode };
      if (route.rule.permission === 'read') {
        // Reads answer (some with a domain refusal of their own, never the access refusals).
        expect(NEUTRAL).not.toContainEqual(res.json());
        continue;
      }
      expect(seen).toEqual({ ...seen, status: 403 });
      expect(res.json()).toEqual(route.rule.permission === 'MANAGE_DOCUMENT' ? NO_DOCUMENTS : NO_ACTIONS);
      expect(res.json()).toEqual((await t.app.inject(build(caller, missing))).json());
    }
    // Reads leave the application alone; only the validations queue and the navigation log take a row.
    const after = await snapshot(south);
    expect({ ...after, counts: [{ ...after.counts[0], validations: 0, captured: 0 }] }).toEqual({ ...before, counts: [{ ...before.counts[0], validations: 0, captured: 0 }] });
  });

  test('the credit officer of the branch acts, but may not manage documents without MANAGE_DOCUMENT', async () => {
    const caller: Caller = { name: 'dev1', session: as.dev1, customer: false };
    for (const route of ruled().filter((r) => r.rule.permission === 'MANAGE_DOCUMENT')) {
      const res = await t.app.inject(requestFor(route)!(caller, await target(south)));
      expect({ route: keyOf(route), status: res.statusCode, body: res.json() }).toEqual({ route: keyOf(route), status: 403, body: NO_DOCUMENTS });
    }
    const read = await t.app.inject(REQUESTS['GET /v3/application/:id'](caller, await target(south)));
    expect(read.statusCode).toBe(200);
  });

  test('the authorised callers get through every route: admin (staff) and the customer with its appRefId', async () => {
    // Not an access refusal and not a schema error: whatever the route then says is the domain's business.
    const accessRefusal = (body: unknown) => [NOT_FOUND, NOT_YOURS, STAFF_ONLY, NO_ACTIONS, NO_DOCUMENTS].some((n) => JSON.stringify(n) === JSON.stringify(body));
    const schemaError = (status: number, body: { data?: { label: string }[] }) => status === 400 && !!body.data?.some((d) => /^(body|querystring|params)\b/.test(d.label));
    const admin: Caller = { name: 'admin', session: as.admin, customer: false };
    const owner: Caller = { name: 'customer with appRefId', session: as.anonymous, appRefId: controlRef, customer: true };
    let passed = 0;
    for (const route of ruled()) {
      for (const caller of [admin, owner]) {
        const res = await t.app.inject(requestFor(route)!(caller, await target(control)));
        const body = res.json();
        const seen = { caller: caller.name, route: keyOf(route), status: res.statusCode, body };
        if (caller.customer && !route.rule.customer) {
          expect(seen).toEqual({ ...seen, status: 403, body: STAFF_ONLY });
          continue;
        }
        if (caller.customer && route.rule.customer === 'credential') {
          // no link for this application: the handler says so
          expect(seen).toEqual({ ...seen, status: 404, body: linkInvalidOf(route.url) });
          continue;
        }
        expect({ ...seen, refused: accessRefusal(body), schema: schemaError(res.statusCode, body) }).toEqual({ ...seen, refused: false, schema: false });
        passed++;
      }
    }
    expect(passed).toBeGreaterThan(ruled().length);
  });
});
