import { expect, test, type Page } from '@playwright/test';
import { fillPersonal, gotoStep, PDF, saveAndContinue, staffSession, startApplication, uploadProofs } from '../support/portal-flow';

// Issue 14: what the applicant sends through the portal is in the staff documents tab, and what staff asked for and
// have not received yet is there as a placeholder until the applicant uploads it.

const row = (page: Page, name: string) => page.locator(`[data-testid="document-row"][data-name="${name}"]`);

async function openDocuments(page: Page, id: string) {
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await page.getByRole('tablist').getByRole('tab', { name: 'Documents', exact: true }).click();
  await expect(page.getByTestId('documents-tab')).toBeVisible();
}

test('the applicant uploads in the portal; cpa1 finds the files in the documents tab under the applicant', async ({ page, browser }) => {
  const id = await startApplication(page);
  await fillPersonal(page);
  await saveAndContinue(page);
  await gotoStep(page, 'upload_documents', 'PL_documents');
  await expect(page.getByRole('heading', { level: 3, name: 'Upload documents' })).toBeVisible();
  await uploadProofs(page, { kyc: 'asha-pan.pdf', income: 'asha-salary.pdf' });
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Signature' })).toBeVisible();

  const cpa1 = await staffSession(browser, 'cpa1');
  await openDocuments(cpa1.page, id);
  const asha = cpa1.page.getByRole('region', { name: 'Asha Rao · Primary applicant' });
  await expect(asha.locator('[data-testid="document-row"][data-name="asha-pan.pdf"]')).toBeVisible();
  await expect(asha.locator('[data-testid="document-row"][data-name="asha-salary.pdf"]')).toBeVisible();
  await row(cpa1.page, 'asha-pan.pdf').getByRole('button', { name: 'Preview' }).click();
  // The journey's file is only a PDF header: pdf.js (issue 26) cannot draw it and the dialog says so, offering the download.
  await expect(cpa1.page.getByTestId('document-preview').getByRole('alert')).toContainText('download the file instead');
  await cpa1.close();
});

test('a document asked for through a request for information is "Requested — not received" until the applicant answers with it', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const created = await cpa1.post('/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Neha', lastName: 'Kulkarni', email: 'neha.k@example.com', mobile: '9812345670' }],
    customFields: { loanAmount: 400000 },
  });
  expect(created.status).toBe(201);
  const id: string = created.body.data.application_id;
  const asked = await cpa1.post('/v3/application/queries/requestInfo', {
    application_id: id, verNum: created.body.data.verNum, fields: [], documents: ['incomeDocuments'], message: 'Please upload your last three salary slips.',
  });
  expect(asked.status).toBe(200);

  await openDocuments(cpa1.page, id);
  const neha = cpa1.page.getByRole('region', { name: 'Neha Kulkarni · Primary applicant' });
  const placeholder = neha.getByTestId('document-requested');
  await expect(placeholder).toContainText('Income proof (last 3 months) · Requested — not received · requested by cpa1 on');
  await expect(placeholder).toContainText('(request for information)');
  await expect(placeholder).toContainText('Please upload your last three salary slips.');

  // The applicant answers through the link, with no session of their own.
  const phone = await browser.newContext();
  const applicant = await phone.newPage();
  await applicant.goto(asked.body.data.sandboxLink.replace(/^https?:\/\/[^/]+/, ''));
  const form = applicant.getByTestId('rfi-page');
  await form.locator('input[type="file"]').setInputFiles({ ...PDF, name: 'neha-salary-slips.pdf' });
  await expect(form.getByRole('list', { name: 'Uploaded documents' })).toContainText('neha-salary-slips.pdf');
  await form.getByRole('button', { name: 'Send my answers' }).click();
  await expect(applicant.getByTestId('rfi-done')).toContainText('Your answers were sent to the bank.');
  await phone.close();

  // The placeholder has become the document.
  await openDocuments(cpa1.page, id);
  await expect(neha.locator('[data-testid="document-row"][data-name="neha-salary-slips.pdf"]')).toBeVisible();
  await expect(cpa1.page.getByTestId('document-requested')).toHaveCount(0);
  await cpa1.close();
});

test('"Send me a link" for papers the applicant does not have at hand: the link goes to their e-mail and opens the application on another device; cpa1 sees the document as requested', async ({ page, browser }) => {
  const id = await startApplication(page, { product: 'HL' });
  await fillPersonal(page);
  await saveAndContinue(page);
  await gotoStep(page, 'upload_documents', 'HL_documents');
  const property = page.getByRole('group', { name: 'Property Documents' });
  await expect(property).toContainText('You can upload now, or ask for a link to upload later.');
  const sent = page.waitForResponse((r) => r.url().endsWith('/v3/portal/applicants/send-link'));
  await property.getByRole('button', { name: 'Send me a link' }).click();
  const reply = await (await sent).json();
  expect(reply.data.sentTo).toBe('asha@example.com');
  await expect(property).toContainText('We have sent you a link to upload these documents later.');
  await expect(property.getByRole('button', { name: 'Send me a link' })).toHaveCount(0);
  await page.getByTestId('kycDocuments-input').setInputFiles({ ...PDF, name: 'asha-aadhaar.pdf' });
  await page.getByTestId('incomeDocuments-input').setInputFiles({ ...PDF, name: 'asha-itr.pdf' });
  await expect(page.getByRole('list', { name: 'Uploaded documents' })).toHaveCount(2);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Signature' })).toBeVisible();

  // The e-mailed link (the sandbox notifier hands it back) opens the application on a device with nothing stored.
  const other = await browser.newContext();
  const device = await other.newPage();
  await device.goto(reply.data.sandboxLink.replace(/^https?:\/\/[^/]+/, ''));
  await expect(device.getByText(`Application ${id}`)).toBeVisible();
  await other.close();

  const cpa1 = await staffSession(browser, 'cpa1');
  await openDocuments(cpa1.page, id);
  const placeholder = cpa1.page.getByRole('region', { name: 'Asha Rao · Primary applicant' }).getByTestId('document-requested');
  await expect(placeholder).toContainText('Property Documents · Requested — not received');
  await expect(placeholder).toContainText('the applicant asked for an upload link');
  await expect(cpa1.page.locator('[data-testid="document-row"][data-name="asha-aadhaar.pdf"]')).toBeVisible();
  await cpa1.close();
});
