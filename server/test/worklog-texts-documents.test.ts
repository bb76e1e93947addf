import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { call, formWith, PNG_1PX } from './documents/fixtures';

// Issue 30, worklog entries in the reader's language: document changes (upload, generate, delete) are written with a
// key of the language files (block documentWorklogTexts) and read in Hindi on the worklogs tab; the English comment
// stays word for word what it was. Names, reasons and template ids are data and stay as typed.

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginAs(t.app, 'cpa1')).headers;
});
afterAll(() => t.close());

type Entry = { action: string; comment: string; texts?: Record<string, string> };

describe(`document worklog entries in Hindi on ${dbKind()}`, () => {
  test('upload, generated PDF and delete read in Hindi; the English comment is unchanged', async () => {
    const saved = await call(t.app, { method: 'POST', url: '/v3/application/save', headers, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Kiran' }], customFields: { loanAmount: 200000, tenureMonths: 12 } } });
    const id = saved.body.data.application_id as string;
    const up = await call(t.app, { method: 'POST', url: `/api/uploadLocalFiletoS3?app_id=${id}&docType=PAN`, headers, payload: formWith(PNG_1PX, 'pan.png') as never });
    expect(up.status).toBe(200);
    const gen = await call(t.app, { method: 'POST', url: '/pdfgenerate/generatePDF', headers, payload: { application_id: id, template_id: 'SANCTION_LETTER', lang: 'hi' } });
    expect(gen.status).toBe(200);
    const del = await call(t.app, { method: 'POST', url: '/v3/deleteDocument', headers, payload: { application_id: id, fileId: up.body.data.fileId, reason: 'धुंधली प्रति' } });
    expect(del.status).toBe(200);

    const res = await call(t.app, { method: 'GET', url: `/v3/taskconfigs/worklogs/${id}?limit=50`, headers });
    const entries = (res.body.data ?? res.body) as Entry[];
    const of = (action: string) => entries.find((e) => e.action === action)!;
    expect(of('DOCUMENT_UPLOADED')).toMatchObject({ comment: 'Uploaded pan.png (PAN)', texts: { en: 'Uploaded pan.png (PAN)', hi: 'pan.png अपलोड किया (PAN)' } });
    const name = gen.body.data.name as string;
    expect(of('DOCUMENT_GENERATED')).toMatchObject({
      comment: expect.stringMatching(new RegExp(`^Generated ${name} from SANCTION_LETTER v\\d+ \\(hi\\)$`)),
      texts: { hi: expect.stringMatching(new RegExp(`^SANCTION_LETTER v\\d+ से ${name} बनाया \\(हिन्दी\\)$`)) },
    });
    expect(of('DOCUMENT_DELETED')).toMatchObject({ comment: 'Deleted pan.png: धुंधली प्रति', texts: { hi: 'pan.png हटाया: धुंधली प्रति' } });
  });
});
