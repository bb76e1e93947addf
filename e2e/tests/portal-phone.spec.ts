import { expect, test, type Page } from '@playwright/test';
import { documentsAndSignature, fillBankAccount, fillPersonal, fillSalaried, saveAndContinue, startApplication, verifyMobile } from '../support/portal-flow';

// Issue 19: the portal fits a phone. Every step of the personal-loan flow at 390×844: no sideways scrolling,
// no developer note, a step line that reads on a small screen, the right keyboards and tap targets a thumb hits.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

async function checkFits(page: Page, step: string) {
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect({ step, ...widths }).toEqual({ step, page: widths.screen, screen: widths.screen });
  await expect(page.getByText('Not available yet')).toHaveCount(0);
  const compact = page.getByTestId('step-compact');
  await expect(compact).toBeVisible();
  await expect(compact).toContainText(new RegExp(`^Step \\d+ of \\d+ · ${step}`));
  await expect(page.getByRole('navigation', { name: 'Application progress' }).locator('ol')).toBeHidden();
  // Every visible button is at least 44 px tall (WCAG 2.5.5 target size on touch).
  const small = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('main button, main [role="button"]')]
      .filter((b) => b.offsetParent !== null && b.getBoundingClientRect().height > 0 && b.getBoundingClientRect().height < 44)
      .map((b) => `${b.textContent?.trim() || b.getAttribute('aria-label')}: ${Math.round(b.getBoundingClientRect().height)}px`),
  );
  expect({ step, small }).toEqual({ step, small: [] });
}

test('every step of the personal-loan flow fits a 390 px phone, with the right keyboards', async ({ page }) => {
  await startApplication(page);
  await checkFits(page, 'Applicant details');
  await expect(page.getByLabel('Mobile number')).toHaveAttribute('type', 'tel');
  await expect(page.getByLabel('Mobile number')).toHaveAttribute('autocomplete', 'tel-national');
  await expect(page.getByLabel('Email address')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Date of birth')).toHaveAttribute('inputmode', 'numeric');
  await fillPersonal(page);
  await saveAndContinue(page);

  await checkFits(page, 'Applicant details');
  await verifyMobile(page);
  await saveAndContinue(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Loan requirement' })).toBeVisible();
  await checkFits(page, 'Loan requirement');
  await expect(page.getByLabel('Loan amount')).toHaveAttribute('inputmode', 'decimal');
  await page.getByLabel('Loan amount').fill('1500000');
  await page.getByLabel('Loan amount').blur();
  await page.getByLabel('Tenure (months)').focus();
  await page.keyboard.press('ArrowRight');
  await page.getByLabel('Purpose of the loan').selectOption('Travel');
  await saveAndContinue(page);

  await expect(page.getByRole('radio', { name: 'Salaried' })).toBeVisible();
  await checkFits(page, 'Employment and income');
  await fillSalaried(page, { income: '85000', years: 2, press: 'tap' });
  await saveAndContinue(page);

  await documentsAndSignature(page, 'Asha Rao', () => checkFits(page, 'Documents'));

  await expect(page.getByLabel('Account number')).toBeVisible();
  await checkFits(page, 'Bank account');
  await fillBankAccount(page, '123456789012', 'HDFC0001234');
  await saveAndContinue(page);

  await expect(page.getByRole('heading', { level: 2, name: 'Review and submit' })).toBeVisible();
  await checkFits(page, 'Review and submit');
});
