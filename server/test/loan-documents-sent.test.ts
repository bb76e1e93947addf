import { applicantConsentsToBureau } from './helpers/bureau-consent';
import { issueAndAcceptKfs } from './helpers/accept-kfs';
import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import type { Json } from './helpers/json';
import { verifyDisbursementAccount } from './helpers/verify-account';
import type { SandboxNotifier, SentMessage } from '../src/adapters/notify';
import { sendSignedDocuments } from '../src/domain/loan-documents/send';
import { eventually } from './helpers/eventually';

/**
 * Loan documents sent automatically (issue 27): once core banking confirms the loan, the borrower's signed documents
 * (here the sanction letter and the key-fact statement generated on the application) are e-mailed to the recorded
 * address as PDF attachments, with a worklog entry each — exactly once per document version.
 */
const s = staffApp(['cpa1', 'bh1'], { env: { CREDIT_JOB_POLL_MS: '100' } });
const { headers, call, target } = s;

const outbox = () => (s.app.notifier as SandboxNotifier).sent();
const mailsFor = (id: string): SentMessage[] => outbox().filter((m) => m.subject.includes(id));
const deps = () => ({ db: s.app.db, files: s.app.files, notifier: s.app.notifier });

async function approved(email?: string) {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Ravi', lastName: 'Kumar', ...(email ? { email } : {}) }],
    customFields: { panNumber: 'ABCDE0200A', dateOfBirth: '01/01/1985', monthlyIncome: 150000, loanAmount: 600000, tenureMonths: 60, ...(email ? { email } : {}) },
  });
  const id = r.body.data.application_id as string;
  await applicantConsentsToBureau(s.app.db, id); // the applicant's own consent record (consent-records.test.ts)
  for (const path of ['/cibil/obligation', '/perfios/transactionLink', '/decision_engine/execute/PL/CREDIT_POLICY']) expect((await call('cpa1', 'POST', path, await target(id))).status).toBe(200);
  await verifyDisbursementAccount(s.app, headers.cpa1, id);
  await issueAndAcceptKfs(s.app, headers.cpa1, id); // loan creation needs the applicant's accepted KFS (kfs.test.ts)
  return id;
}
const generate = async (id: string, template: string) => {
  const r = await call('cpa1', 'POST', '/pdfgenerate/generatePDF', { application_id: id, template_id: template, lang: 'en' });
  expect(r.status).toBe(200);
  return r.body.data;
};
async function loanCreated(id: string) {
  expect((await call('cpa1', 'POST', '/integration/loanCreation', await target(id))).status).toBe(200);
  expect((await call('bh1', 'POST', '/integration/release', { ...(await target(id)), callId: `LOAN-${id}` })).status).toBe(200);
}
/** Bounded wait: the e-mails follow the confirmation's commit. */
async function until<T>(what: () => Promise<T> | T, ok: (v: T) => boolean): Promise<T> {
  return eventually(what, ok, 'timed out');
}

describe(`signed loan documents e-mailed on ${dbKind()}`, () => {
  test('the loan confirmed: each signed document goes once to the borrower, attached, with a worklog entry', async () => {
    const id = await approved('ravi.kumar@example.in');
    // The Key Fact Statement binds when the applicant accepts it (approved() has them accept it): e-mailed then.
    const accepted = await until(() => mailsFor(id), (m) => m.length === 1);
    expect(accepted.map((m) => m.subject)).toEqual([`Your signed loan documents for ${id}: Key Fact Statement`]);
    await generate(id, 'SANCTION_LETTER');
    expect(mailsFor(id)).toHaveLength(1); // the sanction letter waits for the loan to exist
    await loanCreated(id);
    const mails = await until(() => mailsFor(id), (m) => m.length === 2);
    expect(mails.map((m) => [m.to, m.subject]).sort()).toEqual([
      ['ravi.kumar@example.in', `Your signed loan documents for ${id}: Key Fact Statement`],
      ['ravi.kumar@example.in', `Your signed loan documents for ${id}: Sanction letter`],
    ]);
    for (const m of mails) {
      expect(m.attachments).toHaveLength(1);
      expect(m.attachments![0].mime).toBe('application/pdf');
      expect(m.attachments![0].content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const logs = await until(async () => (await s.app.db.query<Json>(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'loan_documents_sent' ORDER BY id`, [id])).rows, (r) => r.length === 2);
    expect(logs.map((l) => l.comment).join('\n')).toMatch(/Sanction letter \(sanction-letter-.*\.pdf, version 1\) e-mailed to the borrower at r\*\*\*@example\.in \(loan created\)/);
    const sentTexts = (await s.app.db.query<Json>(`SELECT text FROM worklogs WHERE application_id = $1 AND action = 'loan_documents_sent' ORDER BY id`, [id])).rows.map((r) => r.text);
    expect(sentTexts).toContainEqual(expect.objectContaining({ key: 'loanDocumentSentLog', params: expect.objectContaining({ title: 'SANCTION_LETTER', version: 1, trigger: 'loan created' }), terms: { title: 'loanDocument', trigger: 'loanDocumentTrigger' } }));

    // Triggered again (another confirmation, a restart's sweep): nothing is sent twice.
    expect(await sendSignedDocuments(deps(), id, 'again')).toEqual([]);
    expect(mailsFor(id)).toHaveLength(2);
    // A new sanction letter issued afterwards is its own document: sent once at the next trigger.
    await generate(id, 'SANCTION_LETTER');
    expect(await sendSignedDocuments(deps(), id, 'reissued')).toHaveLength(1);
    expect(await sendSignedDocuments(deps(), id, 'reissued')).toEqual([]);
    expect(mailsFor(id)).toHaveLength(3);
  });

  test('no e-mail recorded: nothing is sent and the worklog says why', async () => {
    const id = await approved();
    await generate(id, 'SANCTION_LETTER');
    expect(await sendSignedDocuments(deps(), id, 'loan created')).toEqual([]);
    expect(mailsFor(id)).toEqual([]);
    // Once when the applicant accepted the KFS (approved()), once now: each time the worklog says why.
    const logs = await until(async () => (await s.app.db.query<Json>(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'loan_documents_not_sent'`, [id])).rows, (r) => r.length === 2);
    for (const l of logs) expect(l.comment).toMatch(/not e-mailed: the borrower has no e-mail address recorded$/);
    const keyed = (await s.app.db.query<Json>(`SELECT text FROM worklogs WHERE application_id = $1 AND action = 'loan_documents_not_sent'`, [id])).rows;
    for (const k of keyed) expect(k.text).toMatchObject({ key: 'loanDocumentsNotSentLog', params: { names: expect.stringMatching(/\.pdf/) } });
  });
});
