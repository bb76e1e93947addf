import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * The staff save (POST /v3/application/user/save_or_update) and create (POST /v3/application/save) apply the §5 rules
 * the portal applies (they stored `<img src=x onerror=…>` as a first name), and a save never drops an applicant the
 * body does not explicitly remove (a body carrying only the primary used to drop a joint application's co-applicants).
 */
let t: TestApp;
let cpa1: LoggedIn;

async function call(url: string, payload: Json) {
  const res = await t.app.inject({ method: 'POST', url, headers: cpa1.headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const save = (body: Json) => call('/v3/application/user/save_or_update', body);
const row = async (id: string) =>
  (await t.app.db.query<{ ver_num: number; applicant_name: string; email: string; doc: { applicant: Json[] }; custom_fields: Json }>(
    `SELECT ver_num, applicant_name, email, doc, custom_fields FROM applications WHERE application_id = $1`, [id])).rows[0];

async function createJoint() {
  const r = await call('/v3/application/save', {
    product_code: 'PL', singleORjoint: 'Joint',
    applicant: [
      { type: 'primary', firstName: 'Asha', lastName: 'Rao', mobile: '9876543210', email: 'asha@example.in' },
      { type: 'secondary', firstName: 'Kiran', lastName: 'Rao', email: 'kiran@example.in' },
    ],
    customFields: { loanAmount: 250000 },
  });
  expect(r.status).toBe(201);
  return r.body.data.application_id as string;
}

beforeAll(async () => {
  t = await createTestApp();
  cpa1 = await loginAs(t.app, 'cpa1');
});
afterAll(() => t.close());

describe(`staff save on ${dbKind()}`, () => {
  test('markup in a name or an e-mail, and a value the portal refuses, are 400/1101 with nothing changed', async () => {
    const id = await createJoint();
    const before = await row(id);
    const [primary] = before.doc.applicant;
    const res = await save({
      application_id: id, verNum: before.ver_num,
      customFields: { firstName: '<img src=x onerror=alert(1)>', loanAmount: 1 },
      applicant: [{ applicantId: primary.applicantId, firstName: '<img src=x onerror=alert(1)>', email: 'a@b.c<script>alert(1)</script>' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(1101);
    expect(res.body.message).toBe('Validation Failed');
    expect(res.body.data).toEqual(expect.arrayContaining([
      { label: 'customFields.firstName', reason: 'First name: Invalid value' },
      { label: 'customFields.loanAmount', reason: expect.stringMatching(/^Loan amount: Value is out of range$/) },
      { label: 'applicant.0.firstName', reason: 'First name: Invalid value' },
      { label: 'applicant.0.email', reason: expect.stringMatching(/Invalid value$/) },
    ]));
    expect(await row(id)).toEqual(before);
  });

  test('the create refuses the same', async () => {
    const r = await call('/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: '<b>x</b>', email: 'x@example.in' }] });
    expect(r.status).toBe(400);
    expect(r.body.data).toEqual([{ label: 'applicant.0.firstName', reason: 'First name: Invalid value' }]);
  });

  test('a body with only the primary changes the primary and keeps the co-applicant', async () => {
    const id = await createJoint();
    const before = await row(id);
    expect(before.doc.applicant).toHaveLength(2);
    const [primary, co] = before.doc.applicant;
    const res = await save({ application_id: id, verNum: before.ver_num, applicant: [{ type: 'primary', firstName: 'Asha', lastName: 'Menon' }] });
    expect(res.status).toBe(200);
    const after = await row(id);
    expect(after.doc.applicant).toEqual([{ ...primary, lastName: 'Menon' }, co]);
    expect(after.applicant_name).toBe('Asha Menon');
    // By its id as well.
    const again = await save({ application_id: id, verNum: after.ver_num, applicant: [{ applicantId: primary.applicantId, mobile: '9123456780' }] });
    expect(again.status).toBe(200);
    expect((await row(id)).doc.applicant).toEqual([{ ...primary, lastName: 'Menon', mobile: '9123456780' }, co]);
  });

  test('an applicant is removed only when asked by id ({ applicantId, remove: true }); never the primary', async () => {
    const id = await createJoint();
    const before = await row(id);
    const [primary, co] = before.doc.applicant;
    const primaryGone = await save({ application_id: id, verNum: before.ver_num, applicant: [{ applicantId: primary.applicantId, remove: true }] });
    expect(primaryGone.status).toBe(400);
    expect(primaryGone.body.data).toEqual([{ label: 'applicant.0.remove', reason: 'The primary applicant cannot be removed' }]);
    const unknown = await save({ application_id: id, verNum: before.ver_num, applicant: [{ applicantId: `${id}-S9`, firstName: 'X' }] });
    expect(unknown.status).toBe(400);
    expect(await row(id)).toEqual(before);

    // A guarantor is added; then the co-applicant removed: the rest stay.
    const added = await save({ application_id: id, verNum: before.ver_num, applicant: [{ type: 'guarantor', firstName: 'Gita', lastName: 'Iyer' }] });
    expect(added.status).toBe(200);
    const withGuarantor = await row(id);
    expect(withGuarantor.doc.applicant).toEqual([primary, co, { applicantId: `${id}-G1`, type: 'guarantor', firstName: 'Gita', lastName: 'Iyer', primaryApplicantId: primary.applicantId }]);
    const removed = await save({ application_id: id, verNum: withGuarantor.ver_num, applicant: [{ applicantId: co.applicantId, remove: true }] });
    expect(removed.status).toBe(200);
    expect((await row(id)).doc.applicant.map((a) => a.applicantId)).toEqual([primary.applicantId, `${id}-G1`]);
  });
});
