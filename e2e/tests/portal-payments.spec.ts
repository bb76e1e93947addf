import { expect, test } from '@playwright/test';
import { gotoStep, saveAndContinue, staffSession, startApplication } from '../support/portal-flow';

// Issue 5: the payments page over the sandbox payment adapter — the customer sees the payment succeed, and it is
// recorded on the application for staff.

test('the customer pays the processing fee through the sandbox adapter; staff see it on the application', async ({ page, browser }) => {
  const id = await startApplication(page);
  // Issue 27: the fee is the product's pricing for the loan's terms, so there is none before they are chosen.
  await page.goto(`/payments?application_id=${id}`);
  await expect(page.getByText('The processing fee is known once you choose the loan amount and tenure.')).toBeVisible();
  await gotoStep(page, 'loan_details', 'PL_loan');
  await page.getByLabel('Loan amount').fill('100000');
  await page.getByLabel('Tenure (months)').focus();
  await page.keyboard.press('ArrowRight'); // the slider starts at (and counts) 12 months: 12 → 24
  await page.getByLabel('Purpose of the loan').selectOption('Medical');
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Employment and income' })).toBeVisible();

  await page.goto(`/payments?application_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Processing fee' })).toBeVisible();
  await expect(page.getByText('₹1,000')).toBeVisible(); // the personal loan's 1 % of ₹1,00,000
  await expect(page.getByText(`Application ${id}`)).toBeVisible();
  // Which payment adapter runs is not the applicant's business (issue 28): staff see it in the audit below.
  await expect(page.getByText(/adapter|sandbox/i)).toHaveCount(0);

  await page.getByRole('button', { name: 'Pay now' }).click();
  const paid = page.getByRole('status').filter({ hasText: /^Paid\. Reference SBX-[0-9A-F]{12}\.$/ });
  await expect(paid).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  const reference = (await paid.textContent())!.match(/SBX-[0-9A-F]{12}/)![0];

  // Paid stays paid: the page reads it back from the server.
  await page.reload();
  await expect(page.getByText(`Paid. Reference ${reference}.`)).toBeVisible();

  const staff = await staffSession(browser);
  const payments = (await staff.get(`/v3/portal/payments?application_id=${id}`)).body.data.payments;
  expect(payments).toEqual([expect.objectContaining({ status: 'SUCCESS', reference, amount: 1000, purpose: 'PROCESSING_FEE' })]);
  const history = (await staff.get(`/v3/audits/getAudits?application_id=${id}&fieldKey=_action`)).body.data;
  expect(history.map((a: { action: string }) => a.action)).toContain('payment');
  const entry = history.find((a: { action: string }) => a.action === 'payment');
  expect(entry).toMatchObject({ userId: 'portal-customer', newValue: { action: 'payment', status: 'SUCCESS', reference, adapter: 'sandbox', amount: 1000 } });
  await staff.close();
});
