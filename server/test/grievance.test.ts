import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { pdfText } from './helpers/pdf-text';
import { grievanceOfficer } from '../src/domain/config/grievance';

/**
 * The grievance officer (issue 27, RBI digital lending directions): the tenant's configuration (GLOBAL/GrievanceOfficer),
 * public for the portal's footer on every page, and printed at the foot of every generated document.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const officer = async (tenant?: string) => t.app.inject({ method: 'GET', url: `/setup/configs/GLOBAL/GrievanceOfficer${tenant ? `?tenant=${tenant}` : ''}` });

describe(`the grievance officer on ${dbKind()}`, () => {
  test('each tenant answers its own officer without a session (the portal shows it before anyone signs in)', async () => {
    expect((await officer()).json().data).toEqual({ name: 'Meera Iyer', phone: '+91 22 4000 1100', email: 'grievance@lendline.example' });
    expect((await officer('lendline')).json().data).toEqual({ name: 'Meera Iyer', phone: '+91 22 4000 1100', email: 'grievance@lendline.example' });
    expect((await officer('northbank')).json().data).toEqual({ name: 'Arjun Mehta', phone: '+91 11 4000 2200', email: 'grievance@northbank.example' });
    expect((await officer('nobank')).statusCode).toBe(400);
  });

  test('the domain reader (the PDFs and the KFS) answers the configured officer, and nothing for a switched-off or incomplete one', async () => {
    expect(await grievanceOfficer(t.app.db, 'northbank')).toEqual({ name: 'Arjun Mehta', phone: '+91 11 4000 2200', email: 'grievance@northbank.example' });
    await t.app.db.query(`UPDATE setup_configs SET enabled = false WHERE category = 'GLOBAL' AND sub_category = 'GrievanceOfficer' AND tenant = 'northbank'`);
    // NorthBank's own row is off: the shared row answers (the deployment's lender), never an invented contact.
    expect(await grievanceOfficer(t.app.db, 'northbank')).toEqual(expect.objectContaining({ name: 'Meera Iyer' }));
    await t.app.db.query(`UPDATE setup_configs SET enabled = true, config = '{"name": "Arjun Mehta"}' WHERE category = 'GLOBAL' AND sub_category = 'GrievanceOfficer' AND tenant = 'northbank'`);
    expect(await grievanceOfficer(t.app.db, 'northbank')).toBeNull();
    await t.app.db.query(`UPDATE setup_configs SET config = '{"name": "Arjun Mehta", "phone": "+91 11 4000 2200", "email": "grievance@northbank.example"}' WHERE category = 'GLOBAL' AND sub_category = 'GrievanceOfficer' AND tenant = 'northbank'`);
  });

  test('a generated document prints the officer at the foot of every page', async () => {
    const cpa1 = (await loginAs(t.app, 'cpa1')).headers;
    const created = await t.app.inject({ method: 'POST', url: '/v3/application/save', headers: cpa1, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar' }], customFields: { loanAmount: 300000, tenureMonths: 60 } } });
    const id = created.json().data.application_id;
    const gen = await t.app.inject({ method: 'POST', url: '/pdfgenerate/generatePDF', headers: cpa1, payload: { application_id: id, template_id: 'KEY_FACT_STATEMENT', lang: 'en' } });
    expect(gen.statusCode).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: `/v3/document/file?application_id=${id}&fileId=${gen.json().data.fileId}`, headers: cpa1 });
    const { pages } = await pdfText(file.rawPayload);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain('Grievance officer: Meera Iyer, phone +91 22 4000 1100, e-mail grievance@lendline.example');
  });
});
