import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { applicationIdOf, fillLoan, fillPersonal, onToLoanStep } from '../support/portal-flow';

// Issue 28 at 390×844: the landing page helps choose a loan. Per product the amount and tenure ranges (its
// configuration), the indicative rate (its pricing), who can apply and the documents needed, in English and in
// Hindi; an EMI calculator that agrees with the loan step for the same terms; and "Apply" into the flow.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const card = (page: Page, code: string) => page.locator(`[data-product="${code}"]`);

async function fits(page: Page) {
  const w = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(w.page).toBe(w.screen);
}

test('each product shows its ranges, indicative rate, who can apply and documents, in English and in Hindi', async ({ page }) => {
  await page.goto('/newapplication');
  const pl = card(page, 'PL');
  await expect(pl.getByRole('heading', { level: 2, name: 'Personal Loan' })).toBeVisible();
  await expect(pl.getByTestId('product-amount')).toHaveText('₹50,000 to ₹40,00,000');
  await expect(pl.getByTestId('product-tenure')).toHaveText('12 to 60 months');
  await expect(pl.getByTestId('product-rate')).toHaveText('10.75% to 11.25% a year, fixed');
  await expect(pl.getByTestId('product-eligibility')).toContainText('Aged 21 or over, and at most 60 when the loan ends');
  await expect(pl.getByTestId('product-eligibility')).toContainText('Net monthly income of at least ₹25,000');
  await expect(pl.getByTestId('product-documents').getByRole('listitem')).toHaveText(['Identity and address proof', 'Income proof (last 3 months)']);

  const hl = card(page, 'HL');
  await expect(hl.getByTestId('product-amount')).toHaveText('₹5,00,000 to ₹10,00,00,000');
  await expect(hl.getByTestId('product-tenure')).toHaveText('12 to 360 months');
  await expect(hl.getByTestId('product-rate')).toHaveText('8.60% a year, floating');
  await expect(hl.getByTestId('product-documents')).toContainText('Property Documents (if you have them)');

  const bl = card(page, 'BL');
  await expect(bl.getByTestId('product-amount')).toHaveText('₹1,00,000 to ₹5,00,00,000');
  await expect(bl.getByTestId('product-rate')).toHaveText('14.50% a year, fixed');
  await expect(bl.getByTestId('product-eligibility')).toContainText('Business owners');
  await expect(bl.getByTestId('product-eligibility')).toContainText('Annual turnover of at least ₹40,00,000');
  await expect(bl.getByTestId('product-documents')).toContainText('GST returns (if you have them)');
  await expect(page.getByRole('link', { name: /^Apply for / })).toHaveCount(3);
  await fits(page);
  // Accessible with a calculator open: labelled inputs, contrast, landmarks (axe: no serious or critical finding).
  await pl.getByText('Work out your EMI').click();
  await expect(pl.getByTestId('landing-emi')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' ; ')}`)).toEqual([]);
  await pl.getByText('Work out your EMI').click();

  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'हिन्दी' });
  await expect(pl.getByRole('heading', { level: 3, name: 'कौन आवेदन कर सकता है' })).toBeVisible();
  await expect(pl.getByTestId('product-tenure')).toHaveText('12 से 60 महीने');
  await expect(pl.getByTestId('product-amount')).toHaveText('₹50,000 से ₹40,00,000 तक');
  await expect(pl.getByTestId('product-rate')).toHaveText('10.75% से 11.25% प्रति वर्ष, स्थिर');
  await expect(hl.getByTestId('product-rate')).toHaveText('8.60% प्रति वर्ष, अस्थिर');
  await expect(pl.getByTestId('product-eligibility')).toContainText('कम से कम ₹25,000 की शुद्ध मासिक आय');
  await expect(pl.getByTestId('product-documents').getByRole('listitem')).toHaveText(['पहचान और पते का प्रमाण', 'आय का प्रमाण (पिछले 3 महीने)']);
  await expect(pl.getByRole('heading', { level: 3, name: 'आपको ये दस्तावेज़ चाहिए होंगे' })).toBeVisible();
  await pl.getByText('अपनी EMI जानें').click();
  await expect(pl.getByLabel('ऋण राशि (₹)')).toBeVisible();
  await expect(pl.getByRole('status')).toContainText('मासिक किस्त (EMI)');
  await fits(page);
});

test("the landing page's EMI calculator agrees with the loan step, and Apply starts the flow", async ({ page }) => {
  test.setTimeout(90_000); // the landing page, then the flow up to its loan step
  await page.goto('/newapplication?source_id=web&campaign_id=E2E-LANDING');
  const pl = card(page, 'PL');
  await pl.getByText('Work out your EMI').click();
  const amount = pl.getByLabel('Loan amount (₹)');
  await amount.fill('3,00,000');
  await pl.getByLabel('Tenure').selectOption({ label: '24 months' });
  const result = pl.getByRole('status');
  // ₹3,00,000 at 11.25 % over 24 months: the annuity formula gives ₹14,017.20.
  await expect(pl.getByTestId('landing-emi')).toHaveText('₹14,017.20');
  await expect(pl.getByTestId('landing-interest')).toHaveText(/^₹\d{1,2},\d{3}(\.\d{2})?$/);
  await expect(result).toContainText('11.25% a year, fixed');
  const landingEmi = (await pl.getByTestId('landing-emi').textContent())!;
  // Outside the product's range the calculator says so instead of a number.
  await amount.fill('10000');
  await expect(result).toHaveText('Enter an amount from ₹50,000 to ₹40,00,000.');
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await amount.fill('300000');
  await expect(pl.getByTestId('landing-emi')).toHaveText(landingEmi);
  await fits(page);

  // Apply: the start form of that product, the entry link's campaign kept, then the flow.
  await pl.getByRole('link', { name: 'Apply for Personal Loan' }).click();
  await expect(page).toHaveURL(/\/newapplication\?.*product_code=PL/);
  expect(new URL(page.url()).searchParams.get('campaign_id')).toBe('E2E-LANDING');
  await page.getByRole('button', { name: 'Start application' }).click();
  await expect(page.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  expect(await applicationIdOf(page)).toMatch(/^APP-\d{8}$/);
  await fillPersonal(page);
  await onToLoanStep(page);
  await fillLoan(page, { purpose: false }); // 12 → 24 months
  await expect(page.getByTestId('loan-cost-emi')).toHaveText(landingEmi);
});
