import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { loginAs } from '../support/login';
import { pdfText } from '../../server/test/helpers/pdf-text';
import { choose, chooseNth, kitSelect } from '../support/kit';

// Issue 14: the documents tab (mf-tasks DocumentsTab inside mf-applications' detail) against the production build.

async function pdf(label: string, pages = 1): Promise<string> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) doc.addPage([300, 300]).drawText(`${label} ${i}`, { x: 20, y: 150, size: 14, font });
  return Buffer.from(await doc.save()).toString('base64');
}

/** Drops files on the drop zone the way a browser does (a DataTransfer holding File objects). */
async function dropFiles(page: Page, files: { name: string; base64: string; type: string }[]) {
  const transfer = await page.evaluateHandle((list) => {
    const dt = new DataTransfer();
    for (const f of list) dt.items.add(new File([Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0))], f.name, { type: f.type }));
    return dt;
  }, files);
  await page.getByTestId('document-drop').dispatchEvent('drop', { dataTransfer: transfer });
}

const row = (page: Page, name: string) => page.locator(`[data-testid="document-row"][data-name="${name}"]`);

/** A row's action from its menu (issue 26: Preview is the row's button, the rest are in "More actions for …"). */
async function rowAction(page: Page, name: string, action: string | RegExp) {
  await row(page, name).getByRole('button', { name: `More actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('cpa1 uploads by drag and drop, previews, edits, replaces (history kept), merges, deletes with a reason and generates a Hindi sanction letter', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'cpa1');
  await page.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'Team applications', exact: true }).click();
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  // The sanction letter needs a loan amount and a tenure: take the newest team application that has both (other
  // journeys create applications without them).
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  let id = '';
  for (const candidate of (await page.getByTestId('list-row').locator('td a').allInnerTexts()).map((t) => t.trim())) {
    const res = await page.request.get(`/v3/application/${candidate}`, { headers: { access_token: session.access_token, sessionId: session.sessionId } });
    const fields = res.ok() ? (await res.json()).data.customFields ?? {} : {};
    if (fields.loanAmount && fields.tenureMonths) {
      id = candidate;
      break;
    }
  }
  expect(id).toMatch(/^APP-/);
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await page.getByRole('tablist').getByRole('tab', { name: 'Documents', exact: true }).click();
  const tab = page.getByTestId('documents-tab');
  await expect(tab).toBeVisible();

  // Two files at once, for the primary applicant, each with its own progress, then listed.
  const primary = await chooseNth(kitSelect(tab, 'Upload for'), 1);
  await tab.getByLabel('Document type').fill('KYC');
  await dropFiles(page, [
    { name: 'pan-card.pdf', base64: await pdf('pan'), type: 'application/pdf' },
    { name: 'salary-slip.pdf', base64: await pdf('salary', 2), type: 'application/pdf' },
  ]);
  await expect(row(page, 'pan-card.pdf')).toBeVisible();
  await expect(row(page, 'salary-slip.pdf')).toBeVisible();
  await expect(tab.getByRole('region', { name: primary })).toBeVisible();
  await expect(row(page, 'pan-card.pdf')).toContainText('cpa1');
  await expect(row(page, 'pan-card.pdf')).toContainText('v1');

  // A program renamed .pdf is refused and the tab says why.
  await dropFiles(page, [{ name: 'setup.pdf', base64: Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]).toString('base64'), type: 'application/pdf' }]);
  await expect(tab.getByRole('alert').filter({ hasText: 'setup.pdf was refused' })).toContainText('Windows program');

  // Preview in the page.
  await row(page, 'pan-card.pdf').getByRole('button', { name: 'Preview' }).click();
  const preview = page.getByTestId('document-preview');
  // Drawn by pdf.js onto a canvas (no frame: the CSP keeps frame-src 'self').
  await expect(preview.getByTestId('document-page')).toHaveCount(1);
  await preview.getByRole('button', { name: 'Close' }).click();

  // Metadata: type and verified.
  await rowAction(page, 'pan-card.pdf', 'Edit');
  const meta = page.getByTestId('document-metadata');
  await meta.getByLabel('Type').fill('PAN');
  await meta.getByLabel('Verified').check();
  await meta.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, 'pan-card.pdf')).toContainText('Verified by cpa1');
  await expect(tab.getByRole('table', { name: 'PAN' })).toBeVisible();

  // New version: v2, the first version in the history.
  await row(page, 'pan-card.pdf').getByTestId('document-replace').setInputFiles({ name: 'pan-card-2.pdf', mimeType: 'application/pdf', buffer: Buffer.from(await pdf('pan v2'), 'base64') });
  await expect(row(page, 'pan-card-2.pdf')).toContainText('v2');
  await rowAction(page, 'pan-card-2.pdf', 'History (1)');
  await expect(page.getByTestId('document-history-row').filter({ hasText: 'pan-card.pdf' })).toContainText('v1');

  // Merge two into one PDF.
  await row(page, 'pan-card-2.pdf').getByRole('checkbox').check();
  await row(page, 'salary-slip.pdf').getByRole('checkbox').check();
  await tab.getByRole('button', { name: 'Merge selected (2)' }).click();
  await page.getByTestId('document-merge').getByLabel('Name of the merged PDF').fill('kyc-pack');
  await page.getByTestId('document-merge').getByRole('button', { name: 'Merge' }).click();
  await expect(row(page, 'kyc-pack.pdf')).toBeVisible();

  // Delete with a reason: gone from the list.
  await rowAction(page, 'salary-slip.pdf', 'Delete');
  await page.getByTestId('document-delete').getByLabel('Reason').fill('Uploaded for the wrong applicant');
  await page.getByTestId('document-delete').getByRole('button', { name: 'Delete' }).click();
  await expect(row(page, 'salary-slip.pdf')).toHaveCount(0);

  // A Hindi sanction letter, generated, downloaded and read: Devanagari text and the applicant's name.
  await tab.getByRole('button', { name: 'Generate PDF' }).click();
  const gen = page.getByTestId('document-generate');
  await choose(kitSelect(gen, 'Template'), 'Sanction letter');
  await choose(kitSelect(gen, 'Language'), 'Hindi');
  await gen.getByRole('button', { name: 'Generate PDF' }).click();
  const letter = `sanction-letter-${id}-hi.pdf`;
  // The first PDF of a process loads and subsets the font: allow for a busy machine.
  await expect(row(page, letter)).toBeVisible({ timeout: 60_000 });
  const download = page.waitForEvent('download');
  await rowAction(page, letter, 'Download');
  const file = await (await download).path();
  const { text, fonts } = await pdfText(readFileSync(file!));
  const name = primary.split(' · ')[0];
  // (Extraction gives glyphs in visual order, so words with a pre-base vowel sign read reordered: check others.)
  expect(text).toContain(`आवेदन: ${id}`);
  expect(text).toContain(`${name},`);
  expect(text).toContain('ऋण');
  expect(text).not.toMatch(/[?\uFFFD]/);
  expect(fonts.some((f) => f.includes('NotoSansDevanagari'))).toBe(true);
});
