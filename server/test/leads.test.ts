import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';

// §1 Team leads / My leads and §2 lead creation: staff create a lead (checked with the product flow's §5 rules),
// it is listed as a lead and not as an application, its holder converts it, and a staff-created application
// records its initiator. What a client sees: statuses, §8 bodies, list rows, the application view and its audits.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read field by field
type Json = Record<string, any>;
let t: TestApp;
const as: Record<string, LoggedIn> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'cpa2', 'viewer1', 'dev1']) as[u] = await loginAs(t.app, u);
  as.customer = await loginAs(t.app, 'portal-customer');
});
afterAll(() => t.close());

const post = async (who: string, url: string, payload: Json) => {
  const res = await t.app.inject({ method: 'POST', url, headers: as[who].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
};
const get = async (who: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: as[who].headers });
  return { status: res.statusCode, body: res.json() as Json };
};
let n = 0;
/** A unique surname per lead (letters only: the flow's name rule), so the lists can be narrowed to it. */
const uniqueName = () => `Leadtest${'abcdefghij'[n % 10]}${'klmnopqrst'[Math.floor(n++ / 10) % 10]}`;
const lead = (over: Json = {}) => ({
  product_code: 'PL', firstName: 'Meera', lastName: uniqueName(), mobile: '9876512345', email: 'meera@example.com',
  preferredContact: 'PHONE', contactNotes: 'Evenings after 6', source_id: 'WALK_IN', campaign_id: 'DIWALI-2026', ...over,
});
const listIds = async (who: string, queryType: string, applicant: string, statuses = ['ACTIVE']) => {
  const res = await post(who, '/backstage/getApplications', { queryType, applicant, _applicationStatus: statuses });
  expect(res.status).toBe(200);
  return (res.body.data as Json[]).map((r) => r.application_id as string);
};

describe(`leads on ${dbKind()}`, () => {
  test('an officer creates a lead: stored as a LEAD with who, contact and source, assigned to them, audited', async () => {
    const body = lead({ panNumber: 'abcde1234f' });
    const res = await post('cpa1', '/v3/lead/create', body);
    expect(res.status).toBe(201);
    const v = res.body.data;
    expect(v).toMatchObject({
      applicationType: 'LEAD', application_status: 'ACTIVE', product_code: 'PL', source_id: 'WALK_IN', campaign_id: 'DIWALI-2026',
      initiatedBy: { id: 'cpa1' }, assignedToCurrentUser: true,
      customFields: { firstName: 'Meera', lastName: body.lastName, mobile: '9876512345', email: 'meera@example.com', panNumber: 'ABCDE1234F' },
      leadInfo: { contact: { preferredContact: 'PHONE', contactNotes: 'Evenings after 6' }, convertedTo: null, convertedFrom: null },
    });
    expect(v.applicant[0]).toMatchObject({ type: 'primary', firstName: 'Meera', mobile: '9876512345' });
    const audits = await get('cpa1', `/v3/audits/getAudits?application_id=${v.application_id}&fieldKey=_action`);
    expect(audits.body.data).toEqual([expect.objectContaining({ action: 'create', userId: 'cpa1', newValue: expect.objectContaining({ action: 'create', source_id: 'WALK_IN', campaign_id: 'DIWALI-2026' }) })]);
  });

  test('a lead is listed in My leads and Team leads, never in My applications or Team applications', async () => {
    const body = lead();
    const id = (await post('cpa1', '/v3/lead/create', body)).body.data.application_id;
    expect(await listIds('cpa1', 'MY_LEADS', body.lastName)).toEqual([id]);
    expect(await listIds('cpa2', 'TEAM_LEADS', body.lastName)).toEqual([id]);
    expect(await listIds('cpa1', 'MY_APPLICATIONS', body.lastName)).toEqual([]);
    expect(await listIds('cpa2', 'TEAM_APPLICATIONS', body.lastName)).toEqual([]);
    // Another team's officer does not see it among their team's leads.
    expect(await listIds('dev1', 'TEAM_LEADS', body.lastName)).toEqual([]);
  });

  test('§5: missing identity is refused by label, malformed answers by the flow\'s own rules, and nothing is stored', async () => {
    const before = Number((await t.app.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM applications`)).rows[0].n);
    const missing = await post('cpa1', '/v3/lead/create', lead({ mobile: '  ', email: '' }));
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'Mobile number', reason: 'required' }, { label: 'Email address', reason: 'required' }] });

    const bad = await post('cpa1', '/v3/lead/create', lead({ mobile: '12345', email: 'not-an-email', panNumber: 'ABC' }));
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1101);
    // Once per field, by the label the flow gives it, with the form engine's reason.
    const labels = (bad.body.data as Json[]).map((d) => d.label).sort();
    expect(labels).toEqual(['Email address', 'Mobile number', 'PAN']);
    for (const d of bad.body.data as Json[]) expect(d.reason).toEqual(expect.any(String));

    const product = await post('cpa1', '/v3/lead/create', lead({ product_code: 'NOPE' }));
    expect(product.status).toBe(400);
    expect(product.body.data).toEqual([{ label: 'product_code', reason: 'Unknown product "NOPE"' }]);

    const schema = await post('cpa1', '/v3/lead/create', lead({ preferredContact: 'PIGEON' }));
    expect(schema.status).toBe(400);
    const after = Number((await t.app.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM applications`)).rows[0].n);
    expect(after).toBe(before);
  });

  test('a viewer (application access only) and the customer account may not create a lead', async () => {
    const viewer = await post('viewer1', '/v3/lead/create', lead());
    expect(viewer).toEqual({ status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }] } });
    const customer = await post('customer', '/v3/lead/create', lead());
    expect(customer).toEqual({ status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Only staff may do this' }] } });
  });

  test('the holder converts a lead: a linked application with the same applicant enters the lifecycle, the lead closes', async () => {
    const body = lead({ panNumber: 'PQRST6789K' });
    const leadId = (await post('cpa1', '/v3/lead/create', body)).body.data.application_id;
    const res = await post('cpa1', '/v3/lead/convert', { application_id: leadId });
    expect(res.status).toBe(201);
    const app = res.body.data;
    expect(app.application_id).not.toBe(leadId);
    expect(app).toMatchObject({
      applicationType: 'APPLICATION', application_status: 'ACTIVE', product_code: 'PL', initiatedBy: { id: 'cpa1' },
      source_id: 'WALK_IN', campaign_id: 'DIWALI-2026', leadInfo: { convertedFrom: leadId, convertedTo: null },
      customFields: { firstName: 'Meera', lastName: body.lastName, mobile: '9876512345', email: 'meera@example.com', panNumber: 'PQRST6789K' },
      currentTask: expect.objectContaining({ progress: 'In Progress' }),
    });
    expect(app.applicant[0]).toMatchObject({ type: 'primary', applicantId: `${app.application_id}-P`, lastName: body.lastName });

    const closed = (await get('cpa1', `/v3/application/${leadId}`)).body.data;
    expect(closed).toMatchObject({ application_status: 'COMPLETED', leadInfo: { convertedTo: app.application_id }, sla: { state: 'CLOSED' } });
    expect(closed.currentTask.progress).toBe('Completed');
    const audits = (await get('cpa1', `/v3/audits/getAudits?application_id=${leadId}`)).body.data as Json[];
    expect(audits.filter((a) => a.action === 'convert').map((a) => [a.fieldKey, a.newValue])).toEqual([
      ['_action', { action: 'convert', convertedTo: app.application_id }],
      ['application_status', 'COMPLETED'],
      ['task.progress', 'Completed'],
      ['convertedTo', app.application_id],
    ]);
    const created = (await get('cpa1', `/v3/audits/getAudits?application_id=${app.application_id}&fieldKey=_action`)).body.data as Json[];
    expect(created).toEqual([expect.objectContaining({ action: 'create', userId: 'cpa1', newValue: expect.objectContaining({ convertedFrom: leadId }) })]);

    // Out of the leads lists, into the applications lists.
    expect(await listIds('cpa1', 'MY_LEADS', body.lastName)).toEqual([]);
    expect(await listIds('cpa1', 'MY_APPLICATIONS', body.lastName)).toEqual([app.application_id]);

    const again = await post('cpa1', '/v3/lead/convert', { application_id: leadId });
    expect(again.status).toBe(400);
    expect(again.body.data).toEqual([{ label: 'application_id', reason: `Lead ${leadId} was already converted to ${app.application_id}` }]);
  });

  test('conversion is refused to a teammate who does not hold the lead, to a viewer, and for an application', async () => {
    const leadId = (await post('cpa1', '/v3/lead/create', lead())).body.data.application_id;
    const mate = await post('cpa2', '/v3/lead/convert', { application_id: leadId });
    expect(mate.status).toBe(403);
    expect(mate.body.data).toEqual([{ label: 'application_id', reason: `Lead ${leadId} is not assigned to you: assign it to yourself before converting it` }]);
    const viewer = await post('viewer1', '/v3/lead/convert', { application_id: leadId });
    expect(viewer.status).toBe(403);
    expect(viewer.body.data).toEqual([{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }]);
    // Another branch's officer: the same answer as for a lead that does not exist.
    const foreign = await post('dev1', '/v3/lead/convert', { application_id: leadId });
    const missing = await post('dev1', '/v3/lead/convert', { application_id: 'APP-99999999' });
    expect(foreign).toEqual(missing);
    expect(foreign.status).toBe(404);
    expect((await get('cpa1', `/v3/application/${leadId}`)).body.data).toMatchObject({ application_status: 'ACTIVE', applicationType: 'LEAD', leadInfo: { convertedTo: null } });

    const appId = (await post('cpa1', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Asha', lastName: 'Nair' }] })).body.data.application_id;
    const notLead = await post('cpa1', '/v3/lead/convert', { application_id: appId });
    expect(notLead.status).toBe(400);
    expect(notLead.body.data).toEqual([{ label: 'application_id', reason: `${appId} is an application, not a lead` }]);
  });

  test('a staff-created application records the officer as its initiator, on the view and in the audit', async () => {
    const res = await post('cpa1', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar' }] });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ applicationType: 'APPLICATION', initiatedBy: { id: 'cpa1', username: 'cpa1' } });
    const audits = (await get('cpa1', `/v3/audits/getAudits?application_id=${res.body.data.application_id}&fieldKey=_action`)).body.data as Json[];
    expect(audits).toEqual([expect.objectContaining({ action: 'create', userId: 'cpa1' })]);
  });
});
