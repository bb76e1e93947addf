import { expect, test } from '@playwright/test';
import { ASHA, applicationIdOf, fillPersonal, saveAndContinue, startApplication, verifyMobile, type Person } from '../support/portal-flow';

// Issue 28: "Save and continue later" on a phone, then the link opened in another browser (nothing stored), a code
// to the recorded mobile, and the same step with the values typed on the first device.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

// A number and address of this run: the link quotas count per recipient, so reruns within the hour stay under them.
const run = String(Date.now()).slice(-8);
const KAVYA: Person = { ...ASHA, first: 'Kavya', mobile: `97${run}`, email: `kavya.${run}@example.com` };

test('save and continue later: the link opens the same step with its values in a fresh browser after a code to the mobile', async ({ page, browser }) => {
  const id = await startApplication(page);
  await fillPersonal(page, KAVYA);
  await saveAndContinue(page);
  await verifyMobile(page);
  await saveAndContinue(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Loan requirement' })).toBeVisible();
  const amount = page.getByLabel('Loan amount');
  await amount.fill('1500000');
  await amount.blur();
  await page.getByLabel('Purpose of the loan').selectOption('Travel');
  const sent = page.waitForResponse((r) => r.url().includes('/v3/portal/continue-later/send'));
  await page.getByRole('button', { name: 'Save and continue later' }).click();
  const link = ((await (await sent).json()).data.sandboxLink as string).replace(/^https?:\/\/[^/]+/, '');
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to k${'*'.repeat(`kavya.${run}`.length - 1)}@example.com, ******${run.slice(-4)}` })).toBeVisible();

  const other = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const two = await other.newPage();
  // The step's own address opens nothing here (no reference in this browser): it points to the applicant's link.
  await two.goto(new URL(page.url()).pathname + new URL(page.url()).search);
  await expect(two.getByRole('link', { name: 'Get my link' })).toBeVisible();
  await two.goto(link);
  await expect(two.getByRole('heading', { name: 'Continue your application' })).toBeVisible();
  const code = two.waitForResponse((r) => r.url().includes('/v3/portal/continue-later/code'));
  await two.getByRole('button', { name: 'Send me the code' }).click();
  const sandboxCode = (await (await code).json()).data.sandboxCode as string;
  await expect(two.getByRole('status').filter({ hasText: `We sent a code to ******${run.slice(-4)}.` })).toBeVisible();
  await two.getByLabel('One-time code').fill(sandboxCode === '000000' ? '111111' : '000000');
  await two.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(two.getByRole('alert').filter({ hasText: 'That code is not right. 4 tries left.' })).toBeVisible();
  await two.getByLabel('One-time code').fill(sandboxCode);
  await two.getByRole('button', { name: 'Verify and continue' }).click();

  await expect(two.getByRole('heading', { level: 2, name: 'Loan requirement' })).toBeVisible();
  expect(await applicationIdOf(two)).toBe(id);
  await expect(two.getByLabel('Loan amount')).toHaveValue('15,00,000');
  await expect(two.getByLabel('Purpose of the loan')).toHaveValue('Travel');
  await expect(two.getByText('This application is not yours')).toHaveCount(0);
  await other.close();
});

test('/dynamic-resume without a link sends it again by mobile or e-mail and says the same for an unknown number', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const answers: string[] = [];
  for (const contact of [`96${run}`, KAVYA.mobile]) {
    await page.goto('/dynamic-resume');
    await page.getByLabel('No link? Your mobile number or e-mail address').fill(contact);
    await page.getByRole('button', { name: 'Send me a link' }).click();
    const said = page.getByRole('status').filter({ hasText: 'If an application in progress is recorded with these details' });
    await expect(said).toBeVisible();
    answers.push((await said.textContent()) ?? '');
  }
  expect(answers[0]).toContain('If an application in progress is recorded with these details');
  expect(answers[1]).toBe(answers[0]);
  await context.close();
});
