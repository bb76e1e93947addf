import { staffApp } from './helpers/staff-app';
import { portalSession } from './helpers/portal-session';
import { dbKind } from './helpers/test-db';
import type { Json } from './helpers/json';
import { dedupeKey } from '../src/domain/applications/dedupe';

/**
 * Dedupe at intake (issue 25, §4 dedupe details): an applicant whose PAN, mobile or e-mail matches an existing
 * customer or an open application shows the match to staff who may open the application — the matched record linked
 * only for those who may open it too — while the applicant's own answers carry nothing of the other person; where the
 * product turns it on, the flow's dedupe sub-section switches the applicant type (primary ↔ secondary).
 */
const s = staffApp(['cpa1', 'dev1', 'admin']);
const { headers: staff } = s;
const portal = portalSession(s);
const portalSave = portal.save;
const startPortal = portal.start;
/** A staff-created application (dev1: branch SOUTH; cpa1: NORTH, where portal applications start). */
async function staffCreate(user: string, applicant: Json[]): Promise<string> {
  const res = await s.app.inject({ method: 'POST', url: '/v3/application/save', headers: staff[user], payload: { product_code: 'PL', singleORjoint: applicant.length > 1 ? 'Joint' : 'Single', applicant } });
  expect(res.statusCode).toBe(201);
  return res.json().data.application_id;
}
const matches = (user: string, id: string, extra: Record<string, string> = {}) =>
  s.app.inject({ method: 'GET', url: `/v3/application/dedupe/${id}`, headers: { ...staff[user], ...extra } });
const personal = (over: Record<string, string>) => ({ firstName: 'Kiran', lastName: 'Das', dateOfBirth: '01/01/1988', gender: 'Male', mobile: '9811100001', email: 'kiran.das@example.com', panNumber: 'BBBPD1111K', ...over });

describe(`dedupe at intake on ${dbKind()}`, () => {
  let south: string;
  let portalApp: { id: string; ref: string };

  beforeAll(async () => {
    // An open application in SOUTH whose primary has PAN BBBPD1111K.
    south = await staffCreate('dev1', [{ type: 'primary', firstName: 'Meena', lastName: 'Pillai', panNumber: 'BBBPD1111K', mobile: '9822200002', email: 'meena.p@example.com' }]);
    portalApp = await startPortal();
  });

  test('a portal applicant with the same PAN: the save answers nothing of the other person', async () => {
    const res = await portalSave({ application_id: portalApp.id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal({}) }, portalApp.ref);
    expect(res.statusCode).toBe(200);
    const body = JSON.stringify(res.json());
    expect(body).not.toContain(south);
    expect(body).not.toContain('Meena');
    expect(body).not.toContain('9822200002');
    expect(body).not.toMatch(/dedupe|matchedOn/i);
    // The applicant's own view, read again, is the same: no match in it.
    const view = await s.app.inject({ method: 'GET', url: `/v3/application/${portalApp.id}`, headers: { ...portal.headers, appRefId: portalApp.ref } });
    expect(view.statusCode).toBe(200);
    expect(JSON.stringify(view.json())).not.toContain(south);
  });

  test('the customer account may not ask for the matches', async () => {
    const mine = await s.app.inject({ method: 'GET', url: `/v3/application/dedupe/${portalApp.id}`, headers: { ...portal.headers, appRefId: portalApp.ref } });
    expect([403, 404]).toContain(mine.statusCode);
    expect(JSON.stringify(mine.json())).not.toContain(south);
  });

  test('staff who may open both see the matched record linked, with what matched', async () => {
    const res = await matches('admin', portalApp.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.matches).toEqual([{
      applicantId: `${portalApp.id}-P`, applicantType: 'primary', matchedOn: ['PAN'], kind: 'APPLICATION', matchedApplicantType: 'primary',
      applicationId: south, applicantName: 'Meena Pillai', status: 'ACTIVE', description: `PAN matches the primary applicant of an open application (${south})`,
    }]);
  });

  test('staff who may open the application but not the match see it described without data', async () => {
    const res = await matches('cpa1', portalApp.id);
    expect(res.json().data.matches).toEqual([{
      applicantId: `${portalApp.id}-P`, applicantType: 'primary', matchedOn: ['PAN'], kind: 'APPLICATION', matchedApplicantType: 'primary',
      applicationId: null, applicantName: null, status: null, description: 'PAN matches the primary applicant of an open application that you may not open',
    }]);
    expect(JSON.stringify(res.json())).not.toContain('Meena');
  });

  test('staff who may not open the application get the not-found answer', async () => {
    const res = await matches('dev1', portalApp.id);
    expect(res.statusCode).toBe(404);
    expect(JSON.stringify(res.json())).not.toContain('Meena');
  });

  test('mobile and e-mail match too (e-mail without regard to case); a completed application is an existing customer', async () => {
    const done = await staffCreate('cpa1', [{ type: 'primary', firstName: 'Old', lastName: 'Customer', mobile: '9811100001', email: 'KIRAN.DAS@Example.com' }]);
    await s.app.db.query(`UPDATE applications SET status = 'COMPLETED', closed_at = now() WHERE application_id = $1`, [done]);
    const res = await matches('cpa1', portalApp.id);
    const m = (res.json().data.matches as Json[]).find((x) => x.applicationId === done);
    expect(m).toMatchObject({ kind: 'CUSTOMER', matchedOn: ['EMAIL', 'MOBILE'], applicantName: 'Old Customer', status: 'COMPLETED', description: `EMAIL, MOBILE matches an existing customer (${done})` });
  });

  test('where the product turns it on, the dedupe sub-section switches a primary found as an existing co-applicant to secondary', async () => {
    // A joint application in NORTH whose co-applicant has the PAN the next portal applicant gives.
    await staffCreate('cpa1', [{ type: 'primary', firstName: 'Ravi', lastName: 'Shah' }, { type: 'secondary', firstName: 'Co', lastName: 'Borrower', panNumber: 'CCCPS2222L' }]);
    await s.app.db.query(`UPDATE flow_sub_sections SET body = body || '{"isDedupe": true}'::jsonb WHERE flow_id = 'PL_FLOW' AND body ->> 'subSectionId' = 'PL_personal'`);
    try {
      // Off for the product: nothing switches.
      const off = await startPortal();
      const kept = await portalSave({ application_id: off.id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal({ panNumber: 'CCCPS2222L', mobile: '9833300003', email: 'a1@example.com' }) }, off.ref);
      expect(kept.statusCode).toBe(200);
      expect(kept.json().data.applicant[0].dedupeSwitched).toBeUndefined();

      await s.app.db.query(`UPDATE products SET dedupe_switches_applicant_type = true WHERE product_code = 'PL'`);
      const on = await startPortal();
      const switched = await portalSave({ application_id: on.id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal({ panNumber: 'CCCPS2222L', mobile: '9833300004', email: 'a2@example.com' }) }, on.ref);
      expect(switched.statusCode).toBe(200);
      expect(switched.json().data.applicant[0]).toMatchObject({ type: 'primary', dedupeSwitched: true });
      expect(JSON.stringify(switched.json())).not.toContain('Borrower');
      const audit = await s.app.db.query<{ new_value: Json }>(`SELECT new_value FROM audits WHERE application_id = $1 AND action = 'dedupe' AND field_key = '_action'`, [on.id]);
      expect(audit.rows).toEqual([{ new_value: { action: 'dedupe', applicantId: `${on.id}-P`, matchedOn: ['PAN'], switchedTo: 'secondary' } }]);
      // A match of the same role (a primary found as an existing primary) switches nothing.
      const same = await startPortal();
      const none = await portalSave({ application_id: same.id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal({ panNumber: 'BBBPD1111K', mobile: '9833300005', email: 'a3@example.com' }) }, same.ref);
      expect(none.json().data.applicant[0].dedupeSwitched).toBeUndefined();
    } finally {
      await s.app.db.query(`UPDATE products SET dedupe_switches_applicant_type = false WHERE product_code = 'PL'`);
      await s.app.db.query(`UPDATE flow_sub_sections SET body = body - 'isDedupe' WHERE flow_id = 'PL_FLOW' AND body ->> 'subSectionId' = 'PL_personal'`);
    }
  });

  test('keys are normalised as the database normalises them: mobile digits (last ten), e-mail lower-case, PAN upper-case', async () => {
    expect([dedupeKey('mobile', '+91 98111 00001'), dedupeKey('email', ' A@B.in '), dedupeKey('pan', 'abcde1234f'), dedupeKey('mobile', ' ')]).toEqual(['mobile:9811100001', 'email:a@b.in', 'pan:ABCDE1234F', null]);
    const { rows } = await s.app.db.query<{ k: string[] }>(`SELECT dedupe_keys_of('+91 98111 00001', ' A@B.in ', '{"panNumber":"abcde1234f"}', '{"applicant":[7,{"values":"x"}]}') AS k`);
    expect(rows[0].k).toEqual(['email:a@b.in', 'mobile:9811100001', 'pan:ABCDE1234F']);
  });

  test('drafts are not matched: a nameless start with nothing given matches nothing', async () => {
    const draft = await startPortal();
    const res = await matches('admin', draft.id);
    expect(res.json().data.matches).toEqual([]);
    const other = await matches('admin', portalApp.id);
    expect((other.json().data.matches as Json[]).some((m) => m.applicationId === draft.id)).toBe(false);
  });
});
