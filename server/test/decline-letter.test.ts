import { createTestApp, type TestApp } from './helpers/test-app';
import { grantCompleteOverride } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { pdfText } from './helpers/pdf-text';
import { linkKey } from '../src/domain/portal/links';
import { consentLinkToken } from '../src/domain/consent/links';
import type { SandboxNotifier } from '../src/adapters/notify';

/**
 * Decline with reasons (issue 27, Fair Practices Code): the rejecting decision produces a letter in the applicant's
 * language with the main reasons (their applicant-facing text, never the internal code) and the grievance route,
 * filed as a document on the application and e-mailed; the portal's status page answers the same reasons.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  await grantCompleteOverride(t.app.db, ['cpa1']);
  for (const u of ['cpa1', 'bh1', 'portal-customer']) headers[u === 'portal-customer' ? 'customer' : u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

const verOf = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;
/** The four-eyes decline of issue 25: the officer recommends with a configured reason, the branch head confirms. */
async function declineByBranchHead(id: string, reasonCode: string) {
  const recommended = await t.app.inject({ method: 'POST', url: '/v3/application/action/reject', headers: headers.cpa1, payload: { application_id: id, verNum: await verOf(id), reasonCode, reason: 'Internal note: salary slips do not match' } });
  expect(recommended.statusCode).toBe(200);
  const pending = (await t.app.inject({ method: 'GET', url: `/v3/application/action/declineOptions?application_id=${id}`, headers: headers.bh1 })).json().data.pending;
  return t.app.inject({ method: 'POST', url: '/v3/application/approvals/approve', headers: headers.bh1, payload: { application_id: id, verNum: await verOf(id), subTaskId: pending.subTaskId } });
}
const sent = () => (t.app.notifier as SandboxNotifier).sent();

/**
 * An application an officer created (so it has its task to decline), with the applicant's e-mail; for 'hi' the
 * applicant opened the e-mail's consent link in Hindi (and withdrew the communication consent), which records the
 * language they read.
 */
async function application(lang: 'en' | 'hi') {
  const created = await t.app.inject({ method: 'POST', url: '/v3/application/save', headers: headers.cpa1, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Anita', lastName: 'Devi' }], customFields: { loanAmount: 200000 } } });
  const id = created.json().data.application_id as string;
  await t.app.db.query(`UPDATE applications SET email = $2 WHERE application_id = $1`, [id, `${lang}@example.com`]);
  if (lang === 'hi') {
    const primary = (await t.app.db.query<{ id: string }>(`SELECT doc -> 'applicant' -> 0 ->> 'applicantId' AS id FROM applications WHERE application_id = $1`, [id])).rows[0].id;
    const token = consentLinkToken(linkKey(t.env.dataDir), id, primary);
    const r = await t.app.inject({ method: 'POST', url: '/v3/portal/consent/withdrawal', headers: headers.customer, payload: { application_id: id, token, lang: 'hi', purposes: ['COMMUNICATION'] } });
    expect(r.statusCode).toBe(200);
  }
  return id;
}
const statusPage = async (id: string) => (await t.app.inject({ method: 'GET', url: `/v3/portal/decline?application_id=${id}`, headers: headers.cpa1 })).json().data;

async function letterOf(id: string) {
  const docs = (await t.app.db.query<{ file_id: string; name: string }>(`SELECT file_id, name FROM documents WHERE application_id = $1 AND doc_type = 'DECLINE_LETTER'`, [id])).rows;
  const file = await t.app.inject({ method: 'GET', url: `/v3/document/file?application_id=${id}&fileId=${docs[0].file_id}`, headers: headers.cpa1 });
  return { docs, text: (await pdfText(file.rawPayload)).text };
}

describe(`decline letters on ${dbKind()}`, () => {
  test('a decline files a letter with the reason as the applicant reads it and the grievance route, and e-mails it', async () => {
    const id = await application('en');
    expect(await statusPage(id)).toMatchObject({ declined: false, reasons: [] });
    const r = await declineByBranchHead(id, 'POOR_CREDIT_HISTORY');
    expect(r.statusCode).toBe(200);
    const { docs, text } = await letterOf(id);
    expect(docs).toEqual([expect.objectContaining({ name: `decline-letter-${id}.pdf` })]);
    expect(text).toContain('Dear Anita Devi,');
    expect(text).toContain('Your credit history does not meet our lending criteria.');
    expect(text).toContain('Grievance officer: Meera Iyer, phone +91 22 4000 1100, e-mail grievance@lendline.example');
    expect(text).not.toContain('POOR_CREDIT_HISTORY');
    expect(text).not.toContain('Internal note');
    const mail = sent().at(-1)!;
    expect(mail).toMatchObject({ to: 'en@example.com', subject: 'The decision on your loan application' });
    expect(mail.body).toContain('Your credit history does not meet our lending criteria.');
    expect(await statusPage(id)).toEqual({
      declined: true, reasons: ['Your credit history does not meet our lending criteria.'], lang: 'en', letterFileId: docs[0].file_id,
      grievanceOfficer: { name: 'Meera Iyer', phone: '+91 22 4000 1100', email: 'grievance@lendline.example' },
    });
  });

  test('an applicant who read the notices in Hindi gets the letter, the e-mail and the status page in Hindi', async () => {
    const id = await application('hi');
    expect((await declineByBranchHead(id, 'HIGH_OBLIGATIONS')).statusCode).toBe(200);
    const { text } = await letterOf(id);
    // (The Hindi line writes "email" in Latin letters: the font's shaped ई has no text mapping, so a reader could not copy it.)
    // pdfText reads the shaped glyphs in visual order (a pre-base vowel sign comes first), so whole words without one are compared.
    expect(text).toContain('Anita Devi,');
    expect(text).toContain('आपकी मौजूदा ऋण');
    expect(text).toContain('Meera Iyer, फ़ोन +91 22 4000 1100');
    expect(text).not.toContain('HIGH_OBLIGATIONS');
    expect(text).not.toMatch(/\uFFFD/);
    expect(sent().at(-1)).toMatchObject({ to: 'hi@example.com', subject: 'आपके ऋण आवेदन पर निर्णय' });
    // A customer holding no appRefId of this application is not told anything about it.
    expect((await t.app.inject({ method: 'GET', url: `/v3/portal/decline?application_id=${id}`, headers: headers.customer })).statusCode).toBe(403);
    expect(await statusPage(id)).toMatchObject({ declined: true, lang: 'hi', reasons: ['इस ऋण के लिए आपकी मौजूदा ऋण किस्तें बहुत अधिक हैं।'] });
  });
});
