import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';

// §2 application creation: an officer starts the customer's flow on the customer's behalf (the portal's own create
// and flow). The officer is the recorded initiator and holds the first task; the customer's credential (appRefId) is
// never handed to the officer; consents and the signature are the customer's own act, given through their link.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read field by field
type Json = Record<string, any>;
let t: TestApp;
let cpa1: LoggedIn;
let viewer1: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  cpa1 = await loginAs(t.app, 'cpa1');
  viewer1 = await loginAs(t.app, 'viewer1');
  customer = await loginAs(t.app, 'portal-customer');
});
afterAll(() => t.close());

const save = async (who: LoggedIn, payload: Json, extra: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'POST', url: '/v3/application/consumer/save_or_update', headers: { ...who.headers, ...extra }, payload });
  return { status: res.statusCode, body: res.json() as Json };
};
const start = { product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' };
const personal = { firstName: 'Ravi', lastName: 'Kumar', dateOfBirth: '01/01/1985', gender: 'Male', mobile: '9876501234', email: 'ravi@example.com', panNumber: 'ABCDE1234F' };
const consent = { section_id: 'PL_review', sub_section_id: 'PL_summary', draft: true, values: { remarks: 'Assisted at the branch', declaration: true } };

describe(`staff-created applications on ${dbKind()}`, () => {
  test('the officer is the initiator, holds the first task in their branch, and gets no customer credential', async () => {
    const res = await save(cpa1, start);
    expect(res.status).toBe(201);
    expect(res.body.appRefId).toBeUndefined();
    const id = res.body.data.application_id;
    const view = (await t.app.inject({ method: 'GET', url: `/v3/application/${id}`, headers: cpa1.headers })).json().data;
    expect(view).toMatchObject({ initiatedBy: { id: 'cpa1' }, source_id: 'BRANCH', assignedToCurrentUser: true, userDetails: { branch: 'BR-NORTH' } });
    const audits = (await t.app.inject({ method: 'GET', url: `/v3/audits/getAudits?application_id=${id}&fieldKey=_action`, headers: cpa1.headers })).json().data;
    expect(audits).toEqual([expect.objectContaining({ action: 'create', userId: 'cpa1', newValue: expect.objectContaining({ channel: 'backstage' }) })]);
    // The officer goes on with the flow (§2 resume), as its holder.
    const step = await save(cpa1, { application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal });
    expect(step.status).toBe(200);
    expect(step.body.data.customFields).toMatchObject({ firstName: 'Ravi', email: 'ravi@example.com' });
  });

  test('a viewer (application access only) may not start one', async () => {
    const res = await save(viewer1, start);
    expect(res).toEqual({ status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }] } });
  });

  test("the officer cannot give the customer's consent; the customer gives it through the link the officer sends", async () => {
    const id = (await save(cpa1, start)).body.data.application_id;
    expect((await save(cpa1, { application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal })).status).toBe(200);

    const ticked = await save(cpa1, { application_id: id, ...consent });
    expect(ticked.status).toBe(400);
    expect(ticked.body).toEqual({
      code: 1101, message: 'Validation Failed',
      data: [
        { label: 'I confirm the information given is true', reason: 'Only the applicant can give this: send them their link to consent and sign' },
      ],
    });
    // The rest of the page is the officer's to fill.
    const rest = await save(cpa1, { application_id: id, ...consent, values: { remarks: 'Assisted at the branch' } });
    expect(rest.status).toBe(200);
    expect(rest.body.data.customFields.declaration).toBeUndefined();

    // The officer sends the customer their link (to the e-mail address the application records), the customer
    // verifies it on their device and consents themselves.
    const sent = await t.app.inject({ method: 'POST', url: '/v3/portal/applicants/send-link', headers: cpa1.headers, payload: { application_id: id, applicantId: `${id}-P` } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.sentTo).toBe('ravi@example.com');
    const details = new URL(sent.json().data.sandboxLink).searchParams.get('appDetails');
    const plain = await t.app.inject({ method: 'POST', url: '/api/decryption', headers: customer.headers, payload: { decryptMsg: details } });
    const verificationId = plain.json().data.split('|')[1];
    const verified = await t.app.inject({ method: 'POST', url: '/v3/application/verify', headers: customer.headers, payload: { application_id: id, emailVerificationId: verificationId } });
    expect(verified.statusCode).toBe(200);
    const own = await save(customer, { application_id: id, ...consent }, { appRefId: verified.json().appRefId });
    expect(own.status).toBe(200);
    const audits = (await t.app.inject({ method: 'GET', url: `/v3/audits/getAudits?application_id=${id}&fieldKey=customFields.declaration`, headers: cpa1.headers })).json().data;
    expect(audits).toEqual([expect.objectContaining({ newValue: true, userId: 'portal-customer' })]);
    // Their consents are records they give per purpose (issue 27), on the same appRefId; staff are refused.
    const given = await t.app.inject({ method: 'POST', url: '/v3/portal/consent', headers: { ...customer.headers, appRefId: verified.json().appRefId }, payload: { application_id: id, purposes: { BUREAU_PULL: true } } });
    expect(given.json().data.consents).toEqual([expect.objectContaining({ purpose: 'BUREAU_PULL', given: true, channel: 'LINK' })]);
  });
});
