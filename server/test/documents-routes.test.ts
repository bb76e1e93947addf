import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { pdfText } from './helpers/pdf-text';
import { aesEncrypt } from '../src/crypto/aes';
import { sweepStaging } from '../src/plugins/external/storage';
import { call, EXE, formWith, pdfOf, PNG_1PX } from './documents/fixtures';

// The documents tab's server side (§7 Documents): every route's success and its refusals as a client sees them.

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
let north = '';
let hindi = '';
let south = '';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const filesDir = () => join(t.env.dataDir, 'files');
const stored = () => (existsSync(filesDir()) ? readdirSync(filesDir()).sort() : []);
const staging = () => (existsSync(join(t.env.dataDir, 'tmp')) ? readdirSync(join(t.env.dataDir, 'tmp')) : []);

async function create(user: string, applicant: object[], customFields: object) {
  const r = await call(t.app, { method: 'POST', url: '/v3/application/save', headers: headers[user], payload: { product_code: 'PL', applicant, customFields } });
  expect(r.status).toBe(201);
  return r.body.data.application_id as string;
}

const upload = (user: string, appId: string, bytes: Buffer, name: string, query = '', type?: string) =>
  call(t.app, { method: 'POST', url: `/api/uploadLocalFiletoS3?app_id=${appId}${query}`, headers: headers[user], payload: formWith(bytes, name, type) as never });
const list = async (user: string, appId: string) => call(t.app, { method: 'GET', url: `/v3/document/list?application_id=${appId}`, headers: headers[user] });
const download = (user: string, appId: string, fileId: string, extra = '') => call(t.app, { method: 'GET', url: `/v3/document/file?application_id=${appId}&fileId=${fileId}${extra}`, headers: headers[user] });
const post = (user: string, url: string, payload: object) => call(t.app, { method: 'POST', url, headers: headers[user], payload });

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'dev1', 'viewer1', 'admin']) headers[u] = (await loginAs(t.app, u)).headers;
  headers.customer = (await loginAs(t.app, 'portal-customer')).headers;
  north = await create('cpa1', [{ type: 'primary', firstName: 'Meera', lastName: 'Iyer' }, { type: 'secondary', firstName: 'Ravi', lastName: 'Iyer' }], { loanAmount: 500000, tenureMonths: 24, interestRate: 10.5 });
  hindi = await create('cpa1', [{ type: 'primary', firstName: 'अनीता', lastName: 'देवी' }], { loanAmount: 300000, tenureMonths: 12 });
  south = await create('dev1', [{ type: 'primary', firstName: 'Suma' }], { loanAmount: 100000, tenureMonths: 12 });
}, 180_000); // a fresh database and its seed can take minutes on a busy shared machine
afterAll(() => t.close());

describe(`documents on ${dbKind()}`, () => {
  test('a staff upload (multipart, streamed) is listed with type, size, uploader and its SHA-256, and downloads as the same bytes', async () => {
    const pdf = await pdfOf(1, 'kyc');
    const up = await upload('cpa1', north, pdf, 'pan card.pdf', `&docType=PAN&applicantId=${north}-P`, 'application/pdf');
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ name: 'pan card.pdf', size: pdf.length, type: 'application/pdf' });
    const l = await list('cpa1', north);
    expect(l.status).toBe(200);
    const doc = l.body.data.documents.find((d: { fileId: string }) => d.fileId === up.body.data.fileId);
    expect(doc).toMatchObject({ name: 'pan card.pdf', type: 'application/pdf', size: pdf.length, version: 1, uploadedBy: 'cpa1', docType: 'PAN', applicantId: `${north}-P`, applicantType: 'primary', sha256: sha(pdf), source: 'STAFF', history: [] });
    expect(l.body.data.applicants.map((a: { type: string }) => a.type)).toEqual(['primary', 'secondary']);
    const name = 'पैन कार्ड.pdf';
    const got = await download('cpa1', north, doc.fileId, `&file_name=${encodeURIComponent(name)}`);
    expect(got.status).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
    expect(Buffer.compare(got.raw, pdf)).toBe(0);
    const worklog = await t.app.db.query<{ action: string; comment: string }>(`SELECT action, comment FROM worklogs WHERE application_id = $1 ORDER BY id DESC LIMIT 1`, [north]);
    expect(worklog.rows[0]).toEqual({ action: 'DOCUMENT_UPLOADED', comment: 'Uploaded pan card.pdf (PAN)' });
  });

  test('10485761 bytes are refused with the §5 reason; nothing is stored or left staged', async () => {
    const before = stored();
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10485761 - 9, 0x20)]);
    const r = await upload('cpa1', north, big, 'big.pdf');
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ code: 1101, data: [{ label: 'big.pdf', reason: 'File size must not exceed 10 MB' }] });
    expect(stored()).toEqual(before);
    expect(staging()).toEqual([]);
    // exactly 10485760 is allowed
    const ok = await upload('cpa1', north, big.subarray(0, 10485760), 'limit.pdf');
    expect(ok.status).toBe(200);
    expect(ok.body.data.size).toBe(10485760);
  });

  test('a program renamed .pdf is refused by its bytes; path parts of a name are dropped; bad file ids are refused', async () => {
    const before = stored();
    const exe = await upload('cpa1', north, EXE, 'statement.pdf', '', 'application/pdf');
    expect(exe.status).toBe(400);
    expect(exe.body.data).toEqual([{ label: 'statement.pdf', reason: "The file's content is a Windows program, which cannot be uploaded" }]);
    const html = await upload('cpa1', north, Buffer.from('<html><script>alert(1)</script></html>'), 'a.pdf');
    expect(html.body.data[0].reason).toMatch(/HTML page/);
    expect(stored()).toEqual(before);
    const traversal = await upload('cpa1', north, PNG_1PX, '../../../etc/passwd.png');
    expect(traversal.status).toBe(200);
    expect(traversal.body.data.name).toBe('passwd.png');
    for (const bad of ['../files/x', 'F-..%2F..%2Fetc', '%2Fetc%2Fpasswd']) {
      const r = await download('cpa1', north, bad);
      expect(r.status).toBe(400);
    }
    const json = await call(t.app, { method: 'POST', url: '/v3/updateDocument?application_id=' + north + '&fileId=' + traversal.body.data.fileId, headers: headers.cpa1, payload: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.data[0]).toEqual({ label: 'file', reason: 'must be sent as multipart/form-data with one part named file' });
  });

  test('bytes altered in storage are refused on download (500/1100 with the reason), never served', async () => {
    const pdf = await pdfOf(1, 'salary');
    const up = await upload('cpa1', north, pdf, 'salary.pdf');
    const fileId = up.body.data.fileId;
    const path = join(filesDir(), fileId);
    const tampered = Buffer.from(pdf);
    tampered[tampered.length - 20] ^= 0xff;
    writeFileSync(path, tampered);
    const r = await download('cpa1', north, fileId);
    expect(r.status).toBe(500);
    expect(r.body).toEqual({ code: 1100, message: 'Internal server error', data: [{ label: 'salary.pdf', reason: 'The stored file does not match its recorded checksum, so it is not served' }] });
    writeFileSync(path, pdf);
    expect((await download('cpa1', north, fileId)).status).toBe(200);
  });

  test('updateDocument makes a new version: the old stays readable and in the history; the same bytes again are a resubmission', async () => {
    const v1 = await pdfOf(1, 'v1');
    const up = await upload('cpa1', north, v1, 'itr.pdf', '&docType=ITR');
    const first = up.body.data.fileId;
    const v2 = await pdfOf(2, 'v2');
    const r = await call(t.app, { method: 'POST', url: `/v3/updateDocument?application_id=${north}&fileId=${first}`, headers: headers.cpa1, payload: formWith(v2, 'itr-2025.pdf') as never });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: '200', data: { version: 2, name: 'itr-2025.pdf', docType: 'ITR', current: true } });
    const doc = (await list('cpa1', north)).body.data.documents.find((d: { fileId: string }) => d.fileId === r.body.data.fileId);
    expect(doc.history.map((h: { fileId: string; version: number; current: boolean }) => [h.fileId, h.version, h.current])).toEqual([[first, 1, false]]);
    expect(Buffer.compare((await download('cpa1', north, first)).raw, v1)).toBe(0);
    // acting on the older version is refused; the same bytes again change nothing
    const stale = await call(t.app, { method: 'POST', url: `/v3/updateDocument?application_id=${north}&fileId=${first}`, headers: headers.cpa1, payload: formWith(v2, 'x.pdf') as never });
    expect(stale.status).toBe(404);
    const again = await call(t.app, { method: 'POST', url: `/v3/updateDocument?application_id=${north}&fileId=${r.body.data.fileId}`, headers: headers.cpa1, payload: formWith(v2, 'itr-2025.pdf') as never });
    expect(again.body).toMatchObject({ code: 'resubmission', message: 'resubmission', data: { fileId: r.body.data.fileId, version: 2 } });
  });

  test('metadata: type, applicant, dates and verified by the caller; bad dates and foreign applicants refused', async () => {
    const up = await upload('cpa1', north, PNG_1PX, 'photo.png');
    const fileId = up.body.data.fileId;
    const ok = await post('cpa1', '/v3/document/updatemetadata', { application_id: north, fileId, docType: 'PHOTO', applicantId: `${north}-S1`, issueDate: '2024-01-31', expiryDate: '2034-01-30', verified: true });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ docType: 'PHOTO', applicantId: `${north}-S1`, applicantType: 'secondary', issueDate: '2024-01-31', expiryDate: '2034-01-30', verifiedBy: 'cpa1' });
    const badDate = await post('cpa1', '/v3/document/updatemetadata', { application_id: north, fileId, issueDate: '2024-02-30' });
    expect(badDate.body).toMatchObject({ code: 1101, data: [{ label: 'issueDate', reason: 'must be a date YYYY-MM-DD' }] });
    const order = await post('cpa1', '/v3/document/updatemetadata', { application_id: north, fileId, expiryDate: '2020-01-01' });
    expect(order.body.data).toEqual([{ label: 'expiryDate', reason: 'must not be before the issue date' }]);
    const foreign = await post('cpa1', '/v3/document/updatemetadata', { application_id: north, fileId, applicantId: `${south}-P` });
    expect(foreign.body.data).toEqual([{ label: 'applicantId', reason: `${south}-P is not an applicant of ${north}` }]);
    const audit = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM audits WHERE application_id = $1 AND action = 'DOCUMENT_METADATA'`, [north]);
    expect(audit.rows[0].n).toBe(1);
  });

  test('copyFile files the document for another applicant (same bytes); merge of three PDFs has the sum of their pages', async () => {
    const parts = [await pdfOf(1, 'a'), await pdfOf(2, 'b'), await pdfOf(3, 'c')];
    const ids: string[] = [];
    for (const [i, p] of parts.entries()) ids.push((await upload('cpa1', north, p, `part${i}.pdf`)).body.data.fileId);
    const copy = await post('cpa1', '/v3/copyFile', { application_id: north, fileId: ids[0], toApplicantId: `${north}-S1`, docType: 'ADDRESS' });
    expect(copy.body.data).toMatchObject({ applicantId: `${north}-S1`, docType: 'ADDRESS', source: 'COPY', name: 'part0.pdf' });
    expect(copy.body.data.fileId).not.toBe(ids[0]);
    expect(Buffer.compare((await download('cpa1', north, copy.body.data.fileId)).raw, parts[0])).toBe(0);

    const merged = await post('cpa1', '/v3/mergeDocument', { application_id: north, fileIds: ids, fileName: 'bank statements' });
    expect(merged.status).toBe(200);
    expect(merged.body.data).toMatchObject({ name: 'bank statements.pdf', type: 'application/pdf', source: 'MERGE' });
    const bytes = (await download('cpa1', north, merged.body.data.fileId)).raw;
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(6);
    const withImage = await post('cpa1', '/v3/mergeDocument', { application_id: north, fileIds: [ids[0], (await upload('cpa1', north, PNG_1PX, 'p.png')).body.data.fileId], fileName: 'x.pdf' });
    expect((await PDFDocument.load((await download('cpa1', north, withImage.body.data.fileId)).raw)).getPageCount()).toBe(2);
    const zip = await upload('cpa1', north, Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]), 'a.zip');
    const refused = await post('cpa1', '/v3/mergeDocument', { application_id: north, fileIds: [ids[0], zip.body.data.fileId], fileName: 'x' });
    expect(refused.body.data).toEqual([{ label: 'a.zip', reason: 'Only PDF, JPEG and PNG files can be merged into a PDF' }]);
    const twice = await post('cpa1', '/v3/mergeDocument', { application_id: north, fileIds: [ids[0], ids[0]], fileName: 'x' });
    expect(twice.body.data).toEqual([{ label: 'fileIds', reason: 'must not name a document twice' }]);
  });

  test('delete with a reason hides every version (kept for audit); the removes work the same; a reason is required', async () => {
    const up = await upload('cpa1', north, await pdfOf(1, 'del'), 'old.pdf');
    const fileId = up.body.data.fileId;
    const noReason = await post('cpa1', '/v3/deleteDocument', { application_id: north, fileId, reason: '   ' });
    expect(noReason.body.data).toEqual([{ label: 'reason', reason: 'Say why the document is deleted' }]);
    const del = await post('cpa1', '/v3/deleteDocument', { application_id: north, fileId, reason: 'Wrong applicant' });
    expect(del.body).toEqual({ code: '200', message: 'Document deleted', data: { fileId, versions: 1 } });
    expect((await list('cpa1', north)).body.data.documents.some((d: { fileId: string }) => d.fileId === fileId)).toBe(false);
    expect((await download('cpa1', north, fileId)).status).toBe(404);
    const row = await t.app.db.query(`SELECT deleted_by, delete_reason FROM documents WHERE file_id = $1`, [fileId]);
    expect(row.rows[0]).toEqual({ deleted_by: 'cpa1', delete_reason: 'Wrong applicant' });
    expect((await post('cpa1', '/v3/deleteDocument', { application_id: north, fileId, reason: 'again' })).status).toBe(404);

    const a = (await upload('cpa1', north, PNG_1PX, 'r1.png')).body.data.fileId;
    const b = (await upload('cpa1', north, PNG_1PX, 'r2.png')).body.data.fileId;
    expect((await post('cpa1', '/upload/removeDocument', { application_id: north, fileId: a })).body.message).toBe('Document removed');
    const r = await call(t.app, { method: 'DELETE', url: `/v3/remove/?fileId=${b}&application_id=${north}`, headers: headers.cpa1 });
    expect(r.body).toEqual({ code: '200', message: 'Document removed', data: { fileId: b, versions: 1 } });
  });

  test('generatePDF: the Hindi sanction letter holds the Devanagari name in its text (embedded Noto font, no fallback); the key-fact statement has the EMI schedule', async () => {
    const r = await post('cpa1', '/pdfgenerate/generatePDF', { application_id: hindi, template_id: 'SANCTION_LETTER', lang: 'hi' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ kind: 'GENERATED', source: 'GENERATED', type: 'application/pdf', docType: 'SANCTION_LETTER', name: `sanction-letter-${hindi}-hi.pdf` });
    const bytes = (await download('cpa1', hindi, r.body.data.fileId)).raw;
    const { text, fonts } = await pdfText(bytes);
    expect(text).toContain('अनीता देवी');
    expect(text).toContain(hindi);
    expect(text).toContain('₹ 3,00,000.00');
    expect(text).not.toMatch(/[?\uFFFD]/);
    expect(fonts.some((f) => f.includes('NotoSansDevanagari'))).toBe(true);
    const en = await post('cpa1', '/pdfgenerate/generatePDF', { application_id: north, template_id: 'KEY_FACT_STATEMENT', lang: 'en' });
    const kfs = await pdfText((await download('cpa1', north, en.body.data.fileId)).raw);
    expect(kfs.text).toContain('Borrower: Meera Iyer');
    expect(kfs.text).toContain('Repayment schedule');
    // 24 instalments: the schedule lists each month, the last clears the balance
    expect(kfs.text).toMatch(/\n24\n₹ [\d,]+\.\d\d\n₹ [\d,]+\.\d\d\n₹ [\d,]+\.\d\d\n₹ 0\.00/);
    const unknown = await post('cpa1', '/pdfgenerate/generatePDF', { application_id: north, template_id: 'NO_SUCH', lang: 'en' });
    expect(unknown.status).toBe(404);
    const noTerms = await create('cpa1', [{ type: 'primary', firstName: 'No' }], {});
    const refused = await post('cpa1', '/pdfgenerate/generatePDF', { application_id: noTerms, template_id: 'SANCTION_LETTER' });
    expect(refused.body.data.map((d: { label: string }) => d.label)).toEqual(['loanAmount', 'tenureMonths']);
  });

  test('createTemplate saves the next version (used by generatePDF); unknown placeholders and unprintable letters are refused; needs MANAGE_DOCUMENT', async () => {
    const content = { en: [{ type: 'title', text: 'Welcome {{applicant_name}}' }], hi: [{ type: 'title', text: 'स्वागत {{applicant_name}}' }] };
    const r = await post('admin', '/pdfgenerate/createTemplate', { template_id: 'WELCOME_LETTER', template_name: 'Welcome', fileName: 'welcome-{{application_id}}.pdf', content });
    expect(r.body).toEqual({ code: '200', message: 'Template saved', data: { template_id: 'WELCOME_LETTER', template_name: 'Welcome', template_type: 'PDF', verNum: 243 } });
    const again = await post('admin', '/pdfgenerate/createTemplate', { template_id: 'WELCOME_LETTER', template_name: 'Welcome', fileName: 'welcome.pdf', content });
    expect(again.body.data.verNum).toBe(244);
    const versions = await post('admin', '/v3/template/templateListAllVersion', { templateTypesArray: ['PDF'] });
    expect(versions.body.data.filter((v: { template_id: string }) => v.template_id === 'WELCOME_LETTER').map((v: { verNum: number }) => v.verNum)).toEqual([243, 244]);
    const gen = await post('cpa1', '/pdfgenerate/generatePDF', { application_id: hindi, template_id: 'WELCOME_LETTER', lang: 'hi' });
    // The template's own text, then the grievance officer's footer every generated document ends its pages with (issue 27).
    const welcome = (await pdfText((await download('cpa1', hindi, gen.body.data.fileId)).raw)).text.split('\n');
    expect(welcome[0]).toBe('स्वागत अनीता देवी');
    expect(welcome.slice(1)).toEqual([expect.stringContaining('Meera Iyer, फ़ोन +91 22 4000 1100')]);
    const bad = await post('admin', '/pdfgenerate/createTemplate', { template_id: 'WELCOME_LETTER', template_name: 'W', fileName: 'w.pdf', content: { en: [{ type: 'paragraph', text: '{{password}} 你好' }] } });
    expect(bad.body.data).toEqual([
      { label: 'content.en', reason: expect.stringMatching(/^\{\{password\}\} is not a placeholder/) },
      { label: 'content.en', reason: 'The font cannot print 你 好' },
    ]);
    const mail = await post('admin', '/pdfgenerate/createTemplate', { template_id: 'REJECTION_EMAIL', template_name: 'W', fileName: 'w.pdf', content });
    expect(mail.body.data).toEqual([{ label: 'template_id', reason: 'REJECTION_EMAIL is a EMAIL template, not a PDF one' }]);
    const dev = await post('dev1', '/pdfgenerate/createTemplate', { template_id: 'X_LETTER', template_name: 'W', fileName: 'w.pdf', content });
    expect(dev.status).toBe(403);
  });

  test('uploadNICtos3 files an identity card (image or PDF only)', async () => {
    const ok = await call(t.app, { method: 'POST', url: `/api/uploadNICtos3?app_id=${north}&filename=aadhaar.png&filePath=${encodeURIComponent('C:\\scans\\a.png')}&docType=AADHAAR`, headers: headers.cpa1, payload: formWith(PNG_1PX, 'scan.png') as never });
    expect(ok.body.data).toMatchObject({ kind: 'NIC', source: 'NIC', docType: 'AADHAAR', name: 'aadhaar.png', type: 'image/png' });
    const zip = await call(t.app, { method: 'POST', url: `/api/uploadNICtos3?app_id=${north}`, headers: headers.cpa1, payload: formWith(Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]), 'id.zip') as never });
    expect(zip.body.data).toEqual([{ label: 'id.zip', reason: "The file's content is a ZIP archive, which this field does not accept" }]);
  });

  test('access: another branch’s application is the neutral 404; without MANAGE_DOCUMENT changes are 403', async () => {
    const foreign = await list('cpa1', south);
    expect(foreign.status).toBe(404);
    expect(foreign.body.data).toEqual([{ label: 'application_id', reason: 'Application not found' }]);
    expect((await upload('cpa1', south, PNG_1PX, 'x.png')).status).toBe(404);
    const southDoc = (await upload('admin', south, PNG_1PX, 's.png')).body.data.fileId;
    expect((await download('cpa1', south, southDoc)).status).toBe(404);
    // a file id of another application is not found through this one
    expect((await download('cpa1', north, southDoc)).status).toBe(404);
    const noPerm = await post('dev1', '/v3/deleteDocument', { application_id: south, fileId: southDoc, reason: 'x' });
    expect(noPerm.status).toBe(403);
    expect(noPerm.body.data).toEqual([{ label: 'permission', reason: 'This needs the MANAGE_DOCUMENT permission' }]);
    expect((await list('dev1', south)).status).toBe(200);
  });

  test('the customer (appRefId) uploads through the portal call, sees it in the staff tab, and removes only what the portal uploaded', async () => {
    const started = await call(t.app, {
      method: 'POST', url: '/v3/application/consumer/save_or_update',
      headers: { ...headers.customer, 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
      payload: { data: aesEncrypt(JSON.stringify({ product_code: 'HL', existing_or_new_customer: 'new', singleORjoint: 'Single' }), headers.customer.access_token) },
    });
    expect(started.status).toBe(201);
    const appId = started.body.data.application_id as string;
    const ref = { ...headers.customer, appRefId: started.body.appRefId as string };
    const json = await call(t.app, { method: 'POST', url: '/api/uploadLocalFiletoS3', headers: ref, payload: { app_id: appId, fieldKey: 'kycDocuments', fileName: 'pan.png', type: 'image/png', content: PNG_1PX.toString('base64') } });
    expect(json.status).toBe(200);
    const staffDoc = (await upload('admin', appId, PNG_1PX, 'staff.png')).body.data.fileId;
    const tab = await list('admin', appId);
    expect(tab.body.data.documents.map((d: { name: string; source: string; uploadedBy: string }) => [d.name, d.source, d.uploadedBy])).toEqual([['pan.png', 'PORTAL', 'portal-customer'], ['staff.png', 'STAFF', 'admin']]);
    expect((await call(t.app, { method: 'POST', url: '/upload/removeDocument', headers: ref, payload: { application_id: appId, fileId: staffDoc } })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v3/document/file?application_id=${appId}&fileId=${staffDoc}`, headers: ref })).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: `/v3/document/file?application_id=${appId}&fileId=${json.body.data.fileId}`, headers: ref })).status).toBe(200);
    const removed = await call(t.app, { method: 'POST', url: '/upload/removeDocument', headers: ref, payload: { application_id: appId, fileId: json.body.data.fileId } });
    expect(removed.body.data).toEqual({ fileId: json.body.data.fileId, versions: 1 });
    expect((await call(t.app, { method: 'GET', url: `/v3/document/list?application_id=${appId}`, headers: ref })).status).toBe(403);
  });
});

test('stale staged uploads (a crashed process) are swept; fresh ones are left alone', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lendline-staging-'));
  writeFileSync(join(dir, 'old.part'), 'x');
  writeFileSync(join(dir, 'new.part'), 'x');
  writeFileSync(join(dir, 'keep.txt'), 'x');
  const hourAgo = (Date.now() - 2 * 3600_000) / 1000;
  utimesSync(join(dir, 'old.part'), hourAgo, hourAgo);
  expect(await sweepStaging(dir, 3600_000)).toBe(1);
  expect(readdirSync(dir).sort()).toEqual(['keep.txt', 'new.part']);
});
