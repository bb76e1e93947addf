import { expect, test } from '@playwright/test';
import { loginAs } from '../support/login';
import { watchConsole } from '../support/page-health';
import { declareAndSubmit, documentsAndSignature, fillBankAccount, fillPersonal, fillSalaried, saveAndContinue, startApplication, verifyMobile } from '../support/portal-flow';

// Issue 5: the customer portal's configuration-driven flow, in Chromium against the production build.

test('a new single applicant completes a personal loan end to end and it appears in the backstage data', async ({ page, browser }) => {
  const errors = watchConsole(page);
  const id = await startApplication(page);

  // Saving empty: the §5 message and every required control marked.
  await saveAndContinue(page);
  await expect(page.getByText('Please fill all mandatory fields')).toBeVisible();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');

  await fillPersonal(page);
  await saveAndContinue(page);

  // Mobile OTP through the sandbox notifier (the reply carries the code only in the sandbox).
  await verifyMobile(page);
  await saveAndContinue(page);

  // Loan: amount shown with lakh grouping, slider, dropdown.
  await expect(page.getByRole('heading', { level: 2, name: 'Loan requirement' })).toBeVisible();
  await expect(page.getByText('Not available yet')).toHaveCount(0); // no developer notes for applicants
  const amount = page.getByLabel('Loan amount');
  await amount.fill('1500000');
  await amount.blur();
  await expect(amount).toHaveValue('15,00,000');
  await page.getByLabel('Tenure (months)').focus();
  await page.keyboard.press('ArrowRight');
  await page.getByLabel('Purpose of the loan').selectOption('Travel');
  await saveAndContinue(page);

  // Step indicator: the sections before the current one are complete.
  const steps = page.getByRole('navigation', { name: 'Application progress' });
  await expect(steps.locator('li[aria-current="step"]')).toContainText('Employment and income');
  await expect(steps.locator('li').first()).toHaveAttribute('data-state', 'complete');

  await fillSalaried(page, { income: '85000', years: 2 });
  await saveAndContinue(page);

  await documentsAndSignature(page, 'Asha Rao');

  await fillBankAccount(page, '123456789012', 'HDFC0001234');
  await saveAndContinue(page);

  // Review: the summary reads the saved answers back; the declaration is required, and the consent step asks each
  // purpose on its own (issue 27).
  await expect(page.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible();
  await expect(page.getByText('Asha', { exact: true })).toBeVisible();
  await declareAndSubmit(page, ['BUREAU_PULL']);

  // Staff see it through the API with the customer's answers.
  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await loginAs(staffPage, 'cpa1');
  const { session } = JSON.parse((await staffPage.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  const res = await staffPage.request.get(`/v3/application/${id}`, { headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status()).toBe(200);
  const data = (await res.json()).data;
  expect(data).toMatchObject({ product_code: 'PL', singleORjoint: 'Single', campaign_id: 'E2E', source_id: 'web' });
  expect(data.customFields).toMatchObject({ firstName: 'Asha', loanAmount: '1500000', loanPurpose: 'Travel', employmentType: 'Salaried', declaration: true });
  expect(data.customFields.applicantSignature.fileId).toMatch(/^F-/);
  expect(data.progress.every((s: { status: string }) => s.status === 'COMPLETE')).toBe(true);
  await staff.close();
  expect(errors).toEqual([]);
});

test('errors for an impossible date, an 11-digit amount, an 11 MB file and a wrong-type file', async ({ page }) => {
  await startApplication(page);
  const dob = page.getByLabel('Date of birth');
  await dob.fill('31/02/1990');
  await dob.blur();
  await expect(page.getByText('Enter a real date for Date of birth as DD/MM/YYYY, within the allowed range')).toBeVisible();
  await expect(dob).toHaveAttribute('aria-invalid', 'true');

  // Straight to a later step by its route: the amount and the documents.
  const url = new URL(page.url());
  url.pathname = '/newapplication/loan_details';
  url.searchParams.set('section', 'PL_loan');
  await page.goto(url.toString());
  const amount = page.getByLabel('Loan amount');
  await amount.fill('12345678901');
  await amount.blur();
  await expect(page.getByText(/Enter a valid amount for Loan amount/)).toBeVisible();
  // Typing cannot go past 10 integer digits.
  await amount.fill('');
  await amount.pressSequentially('12345678901');
  await amount.focus();
  await expect(amount).toHaveValue('1234567890');

  url.pathname = '/newapplication/upload_documents';
  url.searchParams.set('section', 'PL_documents');
  await page.goto(url.toString());
  await page.getByTestId('kycDocuments-input').setInputFiles({ name: 'big.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(11 * 1024 * 1024) });
  await expect(page.getByText('big.pdf: File size must not exceed 10 MB')).toBeVisible();
  await page.getByTestId('kycDocuments-input').setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(page.getByText('setup.exe: File type is not allowed')).toBeVisible();
});

test('a reload in the middle loses nothing', async ({ page }) => {
  await startApplication(page);
  await page.getByLabel('First name').fill('Ravi');
  await page.getByLabel('Last name').fill('Kumar');
  await page.getByRole('radio', { name: 'Male', exact: true }).check();
  await page.waitForTimeout(400); // drafts are written 200 ms after the last change
  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Ravi');
  await expect(page.getByLabel('Last name')).toHaveValue('Kumar');
  await expect(page.getByRole('radio', { name: 'Male', exact: true })).toBeChecked();
});

test('an existing customer passes the OTP step first; a new one never sees it', async ({ page }) => {
  await page.goto('/newapplication?product_code=PL');
  await page.getByRole('radio', { name: 'Yes, I am an existing customer' }).check();
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Existing customer login' })).toBeVisible();
  await page.getByLabel('Customer ID').fill('AB12CD34');
  await page.getByLabel('Net banking password').fill('secret-pass');
  // The OTP goes to the mobile of the existing relationship; here the field's recipient is the mobile answer.
  await expect(page.getByRole('button', { name: 'Send code' })).toBeVisible();
});

test('a joint application: the co-applicant gets their own link, and an expired or broken link goes to /expired-link or /invalidURL', async ({ page, browser }) => {
  await page.goto('/newapplication?product_code=PL');
  await page.getByRole('radio', { name: 'Me and co-applicant(s)' }).check();
  await page.getByLabel('Number of guarantors').selectOption('1');
  await page.getByRole('button', { name: 'Start application' }).click();
  await fillPersonal(page);
  await saveAndContinue(page);
  // Skip ahead to the co-applicant page (custom route capture_1).
  const url = new URL(page.url());
  url.pathname = '/newapplication/capture_1';
  url.searchParams.set('section', 'PL_co_applicant');
  await page.goto(url.toString());
  const id = (await page.locator('[data-application-id]').getAttribute('data-application-id'))!;
  await page.getByLabel('E-mail address').first().fill('co@example.com');
  const sent = page.waitForResponse((r) => r.url().includes('/v3/portal/applicants/send-link'));
  await page.getByRole('button', { name: 'Send their link' }).first().click();
  const link = (await (await sent).json()).data.sandboxLink as string;
  await expect(page.getByText('Link sent to co@example.com')).toBeVisible();

  // The co-applicant on another device: their link verifies them and opens their part of the flow.
  const other = await browser.newContext();
  const co = await other.newPage();
  await co.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(co.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  await expect(co.getByText(`Application ${id} · Co-applicant`)).toBeVisible();
  await co.getByLabel('First name').fill('Kiran');
  await other.close();

  await page.goto('/dynamic-resume?appDetails=not-a-link');
  await expect(page).toHaveURL(/\/invalidURL$/);
});
