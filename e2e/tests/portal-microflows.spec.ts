import { expect, test } from '@playwright/test';
import { pdfText } from '../../server/test/helpers/pdf-text';
import { gotoStep, startApplication } from '../support/portal-flow';

// Issue 5, §7: buttons that run microflows (POST /v3/microflow/execute/{id}, encrypted both ways) show their results.

/** The EMI of amount at a yearly rate over months, to two decimals. */
const emi = (amount: number, yearlyRate: number, months: number) => {
  const r = yearlyRate / 1200;
  return Math.round(((amount * r * (1 + r) ** months) / ((1 + r) ** months - 1)) * 100) / 100;
};

test('the loan step prices the terms as they change, and the summary downloads indicative terms that say they are not a sanction', async ({ page }) => {
  const id = await startApplication(page);
  await gotoStep(page, 'loan_details', 'PL_loan');
  await page.getByLabel('Loan amount').fill('1000000');
  const tenure = page.getByLabel('Tenure (months)');
  await tenure.focus();
  await page.keyboard.press('ArrowRight'); // 12 → 24 months
  await expect(tenure).toHaveValue('24');
  await page.getByLabel('Purpose of the loan').selectOption('Medical');

  // Issue 27: no button to press; the personal loan's band above ₹5,00,000 is 10.75 % a year.
  const cost = page.getByRole('region', { name: 'What your loan costs' });
  await expect(cost.getByText('10.75 % a year, fixed')).toBeVisible();
  await expect(page.getByTestId('loan-cost-emi')).toHaveText(`₹${emi(1000000, 10.75, 24).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  await page.getByRole('button', { name: 'Save and continue', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Employment and income' })).toBeVisible();

  await gotoStep(page, 'summary', 'PL_review');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download indicative sanction letter' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`sanction-letter-${id}.pdf`);
  const bytes = await (await import('node:fs/promises')).readFile((await file.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  // The letter is text a reader can copy (compressed streams, embedded Noto font): read back through its ToUnicode map.
  const { text } = await pdfText(bytes);
  expect(text).toContain(id);
  expect(text).toContain('Indicative loan terms (not a sanction letter)');
  expect(text).not.toContain('We are pleased to sanction');
  await expect(page.getByText(`Downloaded sanction-letter-${id}.pdf`)).toBeVisible();
});

test('Find city and state looks the PIN code up; an unknown PIN code says so', async ({ page }) => {
  await startApplication(page, { product: 'HL' });
  await gotoStep(page, 'property_details', 'HL_property');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.getByLabel('PIN code').fill('560001');
  await page.getByRole('button', { name: 'Find city and state' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Found: Bengaluru, Bengaluru Urban, Karnataka' })).toBeVisible();
  await expect(page.getByLabel('City')).toHaveValue('Bengaluru');
  await expect(page.getByLabel('District')).toHaveValue('Bengaluru Urban');
  await expect(page.getByLabel('State')).toHaveValue('Karnataka');

  await page.getByLabel('PIN code').fill('999999');
  await page.getByRole('button', { name: 'Find city and state' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'PIN code 999999 was not found' })).toBeVisible();
});
