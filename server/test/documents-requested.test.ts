import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { aesEncrypt } from '../src/crypto/aes';

/**
 * Documents asked for and not received yet are listed beside the documents (GET /v3/document/list data.requested):
 * through a query's request for information, and by the applicant in the portal's upload hub (documentCollectionMode
 * REQUEST, requestSent). Each placeholder names the applicant, the field, who asked and when, and gives way to the
 * document once the applicant uploads it.
 */
let t: TestApp;
const headers: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
  headers.customer = (await loginAs(t.app, 'portal-customer')).headers;
}, 180_000);
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json, extra: Record<string, string> = {}) {
  const res = await t.app.inject({ method, url, headers: { ...headers[user], ...extra }, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const list = (user: string, id: string) => call(user, 'GET', `/v3/document/list?application_id=${id}`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
const secretOf = (link: string) => new URL(link).searchParams.get('rfi')!;
const verNum = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;

async function staffApplication(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Asha', lastName: 'Rao', email: 'asha.rao@example.com', mobile: '9876543210' }],
    customFields: { loanAmount: 250000 },
  });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
const askFor = async (id: string, documents: string[]) =>
  call('cpa1', 'POST', '/v3/application/queries/requestInfo', { application_id: id, verNum: await verNum(id), fields: [], documents, message: 'Please send your income proof.' });

/** The portal's save as it goes over the wire (§9: the body AES-encrypted with the access token). */
const portalSave = (body: Json, appRefId?: string) =>
  call('customer', 'POST', '/v3/application/consumer/save_or_update', { data: aesEncrypt(JSON.stringify(body), headers.customer.access_token) }, {
    'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc', ...(appRefId ? { appRefId } : {}),
  });

describe(`requested documents on ${dbKind()}`, () => {
  test('a request for information lists its documents as requested (who, when, which query) until the applicant answers with the file', async () => {
    const id = await staffApplication();
    expect((await list('cpa1', id)).body.data.requested).toEqual([]);
    const asked = await askFor(id, ['incomeDocuments', 'kycDocuments']);
    expect(asked.status).toBe(200);
    const before = await list('cpa1', id);
    expect(before.status).toBe(200);
    expect(before.body.data.requested).toEqual([
      { fieldKey: 'incomeDocuments', label: 'Income proof (last 3 months)', applicantId: `${id}-P`, applicantType: 'primary', via: 'REQUEST_FOR_INFORMATION', requestedBy: 'cpa1', requestedAt: expect.any(String), subTaskId: asked.body.data.query.subTaskId, message: 'Please send your income proof.' },
      expect.objectContaining({ fieldKey: 'kycDocuments', label: 'Identity and address proof', via: 'REQUEST_FOR_INFORMATION', requestedBy: 'cpa1' }),
    ]);
    expect(Date.now() - Date.parse(before.body.data.requested[0].requestedAt)).toBeLessThan(10 * 60_000);

    const answered = await call('customer', 'POST', '/v3/queries/updateAndResolveQuery', {
      application_id: id, requestForInfoId: secretOf(asked.body.data.sandboxLink), values: {},
      files: [{ fieldKey: 'incomeDocuments', fileName: 'salary.pdf', type: 'application/pdf', content: PDF }, { fieldKey: 'kycDocuments', fileName: 'pan.pdf', type: 'application/pdf', content: PDF }],
    });
    expect(answered.status).toBe(200);
    const after = (await list('cpa1', id)).body.data;
    expect(after.requested).toEqual([]);
    // Both answered in one transaction (same time): compared in name order.
    // …filed under the primary applicant, where the placeholders stood.
    expect(after.documents.map((d: Json) => [d.name, d.fieldKey, d.source, d.applicantId]).sort()).toEqual([['pan.pdf', 'kycDocuments', 'PORTAL', `${id}-P`], ['salary.pdf', 'incomeDocuments', 'PORTAL', `${id}-P`]]);
  });

  test('a request whose query is closed unanswered is no longer waited for', async () => {
    const id = await staffApplication();
    const asked = await askFor(id, ['incomeDocuments']);
    expect((await list('cpa1', id)).body.data.requested).toHaveLength(1);
    const closed = await call('cpa1', 'POST', '/queries/updateQuery', { application_id: id, verNum: await verNum(id), subTaskId: asked.body.data.query.subTaskId, status: 'CLOSED', comment: 'Received by e-mail' });
    expect(closed.status).toBe(200);
    expect((await list('cpa1', id)).body.data.requested).toEqual([]);
  });

  test('the applicant asks for an upload link in the portal hub: requested in their name with the time of the save, gone once the file is uploaded', async () => {
    const created = await portalSave({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single' });
    expect(created.status).toBe(201);
    const id: string = created.body.data.application_id;
    const ref: string = created.body.appRefId;
    const personal = { firstName: 'Meera', lastName: 'Nair', dateOfBirth: '15/08/1990', gender: 'Female', mobile: '9876543210', email: 'meera@example.com', panNumber: 'ABCDE1234F' };
    expect((await portalSave({ application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: personal, draft: true }, ref)).status).toBe(200);
    const later = { uploadedDocuments: [], documentCollectionMode: 'REQUEST', requestSent: true };
    const saved = await portalSave({ application_id: id, section_id: 'PL_documents', sub_section_id: 'PL_upload', values: { incomeDocuments: later }, draft: true }, ref);
    expect(saved.status).toBe(200);

    const waiting = (await list('cpa1', id)).body.data.requested;
    expect(waiting).toEqual([
      { fieldKey: 'incomeDocuments', label: 'Income proof (last 3 months)', applicantId: `${id}-P`, applicantType: 'primary', via: 'UPLOAD_LINK', requestedBy: 'Meera Nair (applicant)', requestedAt: expect.any(String), subTaskId: null, message: null },
    ]);
    const { rows } = await t.app.db.query<{ at: Date }>(`SELECT at FROM audits WHERE application_id = $1 AND field_key = 'customFields.incomeDocuments'`, [id]);
    expect(waiting[0].requestedAt).toBe(new Date(rows[0].at).toISOString());

    // A file of another field does not answer it; the asked field's upload does, before the page even saves the field.
    const upload = (fieldKey: string, fileName: string) =>
      call('customer', 'POST', '/api/uploadLocalFiletoS3', { app_id: id, applicantId: `${id}-P`, fieldKey, fileName, type: 'application/pdf', content: PDF }, { appRefId: ref });
    expect((await upload('kycDocuments', 'pan.pdf')).status).toBe(200);
    expect((await list('cpa1', id)).body.data.requested).toHaveLength(1);
    const up = await upload('incomeDocuments', 'salary.pdf');
    expect(up.status).toBe(200);
    const now = (await list('cpa1', id)).body.data;
    expect(now.requested).toEqual([]);
    expect(now.documents.find((d: Json) => d.fieldKey === 'incomeDocuments')).toMatchObject({ name: 'salary.pdf', applicantId: `${id}-P`, source: 'PORTAL' });

    // Saved with the document, the field no longer waits either (and deleting the file does not bring back the link).
    const done = { uploadedDocuments: [{ fileId: up.body.data.fileId, name: 'salary.pdf', size: up.body.data.size, type: 'application/pdf' }], documentCollectionMode: 'REQUEST', requestSent: true };
    expect((await portalSave({ application_id: id, section_id: 'PL_documents', sub_section_id: 'PL_upload', values: { incomeDocuments: done }, draft: true }, ref)).status).toBe(200);
    expect((await call('cpa1', 'POST', '/v3/deleteDocument', { application_id: id, fileId: up.body.data.fileId, reason: 'Blurred scan' })).status).toBe(200);
    expect((await list('cpa1', id)).body.data.requested).toEqual([]);
  });
});
