import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import type { LoggedIn } from './helpers/login';

// §2 /backstage/newapplication?resume: staff continue a customer-flow step only on an application assigned to them.
// The server enforces it on the consumer save the resumed flow sends, not only the page.

const s = staffApp(['cpa1', 'cpa2']);

async function createAs(who: LoggedIn): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url: '/v3/application/save', headers: who.headers, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Test', lastName: 'Applicant' }] } });
  expect(res.statusCode).toBe(201);
  return res.json().data.application_id;
}

const personal = { firstName: 'Ravi', lastName: 'Kumar', dateOfBirth: '01/01/1985', gender: 'Male', mobile: '9876501234', email: 'ravi@example.com', panNumber: 'ABCDE1234F' };
const saveAs = (who: LoggedIn, id: string) =>
  s.app.inject({ method: 'POST', url: '/v3/application/consumer/save_or_update', headers: who.headers, payload: { application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal } });

describe(`staff resume of the customer flow on ${dbKind()}`, () => {
  test('the assignee saves a customer-flow step', async () => {
    const id = await createAs(s.logins.cpa1);
    const res = await saveAs(s.logins.cpa1, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.customFields).toMatchObject({ firstName: 'Ravi', panNumber: 'ABCDE1234F' });
  });

  test('another user of the same team, who can read it, is refused with 403/1101 and nothing changes', async () => {
    const id = await createAs(s.logins.cpa2);
    expect((await s.app.inject({ method: 'GET', url: `/v3/application/${id}`, headers: s.logins.cpa1.headers })).statusCode).toBe(200);
    const res = await saveAs(s.logins.cpa1, id);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 1101, data: [{ label: 'application_id', reason: `Application ${id} is not assigned to you, so you cannot resume its customer flow.` }] });
    const after = await s.app.inject({ method: 'GET', url: `/v3/application/${id}`, headers: s.logins.cpa2.headers });
    expect(after.json().data.customFields.firstName).toBeUndefined();
  });
});
