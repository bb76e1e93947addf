import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from '../support/page-health';
import { declareAndSubmit, documentsAndSignature, gotoStep, saveAndContinue, startApplication } from '../support/portal-flow';

// Issue 28: nothing internal on an applicant's screen, and a form that helps, on a 390×844 touch phone.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** What an applicant must never read: versions, adapters, internal ids, a 0–100 % band, an offer clock without an offer. */
const INTERNAL: Array<[string, RegExp]> = [
  ['a version string', /\bv\d+\.\d+\.\d+/],
  ['an adapter name', /\badapter\b|\bsandbox\b/i],
  ['an internal applicant id', /APP-\d+-(?:P|S\d+|G\d+)\b/],
  ['a 0–100 % range', /0\.00\s*%[\s\S]{0,40}100\.00\s*%/],
  ['an offer countdown', /Offer valid for/i],
  ['drag-and-drop on a touch phone', /drop (?:them|files) here/i],
];

/** Reads the page as the applicant sees it and fails on anything internal, naming the page and the item. */
async function expectNothingInternal(page: Page, where: string) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const text = await page.locator('body').innerText();
  const found = INTERNAL.filter(([, re]) => re.test(text)).map(([what]) => what);
  expect({ where, found }).toEqual({ where, found: [] });
  // The tenant comes from the address or the link: no picker on a customer page.
  await expect(page.getByRole('combobox', { name: /Tenant/i }), `${where}: tenant picker`).toHaveCount(0);
  await expect(page.getByTestId('remote-version'), `${where}: version`).toHaveCount(0);
  // No slider or band whose range is 0–100 (a rate band comes from the product's pricing, or is not asked).
  const ranges = await page.locator('input[type="range"]').evaluateAll((els) => els.map((e) => `${(e as HTMLInputElement).min}-${(e as HTMLInputElement).max}`));
  expect({ where, ranges: ranges.filter((r) => r === '0-100') }).toEqual({ where, ranges: [] });
}

test('every portal page of a single application shows nothing internal, and the form helps as it is filled', async ({ page }) => {
  test.setTimeout(120_000); // every page of the flow, one after another, on a busy machine
  const errors = watchConsole(page);
  await page.goto('/newapplication');
  await expect(page.getByRole('heading', { name: 'Personal Loan' })).toBeVisible();
  await expectNothingInternal(page, 'landing');

  await page.goto('/newapplication?product_code=PL&source_id=web&campaign_id=E2E');
  await expect(page.getByRole('button', { name: 'Start application' })).toBeVisible();
  await expectNothingInternal(page, 'start');
  const id = await startApplication(page);
  await expectNothingInternal(page, 'personal information');

  await page.getByLabel('First name').fill('Asha');
  await page.getByLabel('Last name').fill('Rao');
  await page.getByLabel('Date of birth').fill('15/08/1990');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByLabel('Email address').fill('asha@example.com');
  // A PAN typed in lower case on a phone keyboard is the PAN in capitals, accepted.
  await page.getByLabel('PAN').pressSequentially('abcde1234f');
  await expect(page.getByLabel('PAN')).toHaveValue('ABCDE1234F');
  await saveAndContinue(page);

  // The OTP field says what happened, not what has not: no "sent" before a code is sent.
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await expect(page.getByText(/sent to your mobile/i)).toHaveCount(0);
  await expect(page.getByText('Press "Send code" to get a code on ******3210.')).toBeVisible();
  await expectNothingInternal(page, 'verify mobile');
  const sent = page.waitForResponse((r) => r.url().includes('/v3/portal/otp/send'));
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = (await (await sent).json()).data.sandboxCode as string;
  await expect(page.getByText('Code sent to ******3210')).toBeVisible();
  await page.getByLabel('One-time password (OTP)').fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Verified' })).toBeVisible();
  await saveAndContinue(page);

  // The tenure slider starts at 12 months and that is an answer: saving untouched is not "required".
  await expect(page.getByRole('heading', { level: 2, name: 'Loan requirement' })).toBeVisible();
  await expect(page.getByLabel('Tenure (months)')).toHaveValue('12');
  await expect(page.getByText('Preferred interest rate band')).toHaveCount(0);
  await page.getByLabel('Loan amount').fill('500000');
  await page.getByLabel('Purpose of the loan').selectOption('Travel');
  await expectNothingInternal(page, 'loan details');
  await saveAndContinue(page);
  await expect(page.getByText('Tenure (months) is required')).toHaveCount(0);

  // Employment type is one choice: a radio group, whatever it looks like. Employer only for the salaried.
  await expect(page.getByRole('heading', { level: 2, name: 'Employment and income' })).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  const employment = page.getByRole('radiogroup', { name: /Employment type/ });
  await employment.getByRole('radio', { name: 'Self-employed' }).click();
  await expect(page.getByLabel('Employer name')).toHaveCount(0);
  await employment.getByRole('radio', { name: 'Salaried' }).click();
  await expect(employment.getByRole('radio', { name: 'Salaried' })).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Employer name').fill('Acme Ltd');
  await page.getByLabel('Net monthly income').fill('85000');
  await page.getByRole('button', { name: 'Increase Years in current job' }).tap();
  await expectNothingInternal(page, 'employment');
  await saveAndContinue(page);

  await documentsAndSignature(page, 'Asha Rao', (step) => expectNothingInternal(page, step));

  // IFSC is a code too: typed in lower case, kept in capitals.
  await page.getByLabel('Account number').fill('123456789012');
  await page.getByLabel('IFSC').pressSequentially('hdfc0001234');
  await expect(page.getByLabel('IFSC')).toHaveValue('HDFC0001234');
  await expectNothingInternal(page, 'bank account');
  await saveAndContinue(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible();
  await expectNothingInternal(page, 'review');
  await declareAndSubmit(page, ['BUREAU_PULL']);
  await expectNothingInternal(page, 'submitted');

  await page.goto(`/payments?application_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Processing fee' })).toBeVisible();
  await expectNothingInternal(page, 'payments');

  await page.goto(`/dynamic-resume/status?application_id=${id}`);
  await expectNothingInternal(page, 'status');

  await page.goto(`/dynamic-resume?application_id=${id}`);
  await expect(page).toHaveURL(/\/newapplication\//);
  // Submitted already: the resume lands on the application's submitted state, which names it.
  await expect(page.getByRole('status').filter({ hasText: id }).first()).toBeVisible();
  await expectNothingInternal(page, 'dynamic-resume (this browser)');

  await page.goto('/dynamic-resume');
  // No link: the applicant may ask for one by mobile or e-mail (the continue-later part of this issue).
  await expect(page.getByRole('heading', { name: 'Continue your application' })).toBeVisible();
  await expectNothingInternal(page, 'dynamic-resume (no link)');

  for (const path of ['/invalidURL', '/expired-link']) {
    await page.goto(path);
    await expectNothingInternal(page, path);
  }
  expect(errors).toEqual([]);
});

test('a multi-step page read in Hindi: option labels too, not only field labels', async ({ page }) => {
  await startApplication(page);
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'हिन्दी' });
  await expect(page.getByRole('textbox', { name: /पहला नाम/ })).toBeVisible();
  for (const name of ['महिला', 'पुरुष', 'अन्य']) await expect(page.getByRole('radio', { name, exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Female', exact: true })).toHaveCount(0);
  // The value stays the configured one: choosing महिला saves Female.
  await page.getByRole('radio', { name: 'महिला', exact: true }).check();
  await gotoStep(page, 'employment_details', 'PL_employment');
  await expect(page.getByRole('radiogroup', { name: /रोज़गार का प्रकार/ }).getByRole('radio', { name: 'वेतनभोगी' })).toBeVisible();
});
