import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFRef } from 'pdf-lib';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { pdfText } from './helpers/pdf-text';
import { renderPdf } from '../src/domain/documents/pdf/render';
import { linkKey } from '../src/domain/portal/links';
import { consentLinkToken } from '../src/domain/consent/links';

// Issue 30, PDFs in the applicant's language: Hindi set in the embedded (subset) Noto Sans Devanagari with the font's
// shaping — GSUB's conjuncts and reordered i-matra, and GPOS's mark offsets and half-form kerning, which pdf-lib
// alone drops (documents/pdf/shaped-text.ts) — and a document made for an applicant who reads Hindi is in Hindi
// without anyone asking for it, the product named in Hindi.

let t: TestApp;
const headers: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'portal-customer']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

/** The page's content streams as written (operators and operands). */
async function contentOf(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const page = doc.getPages()[0];
  const contents = page.node.Contents()!;
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r as PDFRef)) : [contents];
  return streams.map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1')).join('\n');
}

describe(`Hindi PDFs on ${dbKind()}`, () => {
  test('Devanagari is embedded as a Noto Sans Devanagari subset and shaped: the vowel sign below moves onto क; copied text reads in reading order', async () => {
    const bytes = await renderPdf([{ type: 'title', text: 'मुख्य तथ्य विवरण' }, { type: 'paragraph', text: 'कृपया स्वीकृति देखें' }, { type: 'paragraph', text: 'हिन्दी' }], { title: 'परीक्षण', lang: 'hi' });
    const { text, fonts } = await pdfText(bytes);
    // The Devanagari face in both weights and nothing else (no fallback to a standard font), embedded as subsets:
    // the two full faces are over 200 KB each.
    expect(fonts.map((f) => f.replace(/-\d+$/, '')).sort()).toEqual(['/NotoSansDevanagari-Bold', '/NotoSansDevanagari-Regular']);
    expect(bytes.length).toBeLessThan(60_000);
    // The text as a reader copies it, in reading order (the runs' ActualText), nothing unmapped.
    expect(text).toContain('मुख्य तथ्य विवरण');
    expect(text).toContain('कृपया स्वीकृति देखें');
    expect(text).toContain('हिन्दी');
    expect(text).not.toContain('\uFFFD');
    // GPOS: ृ follows क as a zero-width mark moved 221 units left (under क's stem), and the pen moves back after it;
    // pdf-lib alone would have drawn it at its default place, right of क's stem.
    const content = await contentOf(bytes);
    expect(content).toMatch(/<[0-9A-F]{4}> 221 <[0-9A-F]{4}> -221 <[0-9A-F]{4}>/i);
  });

  test("generatePDF without a language writes the applicant's language: Hindi for one who read the consent notice in Hindi, with the product's Hindi name", async () => {
    const created = await t.app.inject({
      method: 'POST', url: '/v3/application/save', headers: headers.cpa1,
      payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'सुनीता', lastName: 'वर्मा' }], customFields: { loanAmount: 300000, tenureMonths: 12 } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.application_id as string;
    const english = await t.app.inject({ method: 'POST', url: '/pdfgenerate/generatePDF', headers: headers.cpa1, payload: { application_id: id, template_id: 'SANCTION_LETTER' } });
    expect(english.json().data.name).toBe(`sanction-letter-${id}-en.pdf`);

    // The applicant opens the e-mail's consent link in Hindi: their language is recorded with the consent.
    const primary = (await t.app.db.query<{ id: string }>(`SELECT doc -> 'applicant' -> 0 ->> 'applicantId' AS id FROM applications WHERE application_id = $1`, [id])).rows[0].id;
    const token = consentLinkToken(linkKey(t.env.dataDir), id, primary);
    const consent = await t.app.inject({ method: 'POST', url: '/v3/portal/consent/withdrawal', headers: headers['portal-customer'], payload: { application_id: id, token, lang: 'hi', purposes: ['COMMUNICATION'] } });
    expect(consent.statusCode).toBe(200);

    const r = await t.app.inject({ method: 'POST', url: '/pdfgenerate/generatePDF', headers: headers.cpa1, payload: { application_id: id, template_id: 'SANCTION_LETTER' } });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.name).toBe(`sanction-letter-${id}-hi.pdf`);
    const file = await t.app.inject({ method: 'GET', url: `/v3/document/file?application_id=${id}&fileId=${r.json().data.fileId}`, headers: headers.cpa1 });
    const { text, fonts } = await pdfText(file.rawPayload);
    expect(fonts.some((f) => f.includes('NotoSansDevanagari'))).toBe(true);
    expect(text).toContain('सुनीता वर्मा');
    expect(text).toContain('व्यक्तिगत ऋण'); // the product, by its configured Hindi name
    expect(text).not.toContain('Personal Loan');
  });
});
