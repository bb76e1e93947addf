import { expect, test } from '@playwright/test';
import { staffSession, startApplication } from '../support/portal-flow';

// Issue 5: the payments page over the sandbox payment adapter — the customer sees the payment succeed, and it is
// recorded on the application for staff.

test('the customer pays the processing fee through the sandbox adapter; staff see it on the application', async ({ page, browser }) => {
  const id = await startApplication(page);
  await page.goto(`/payments?application_id=${id}`);
  await expect(page.getByRole('heading', { name: 'Processing fee' })).toBeVisible();
  await expect(page.getByText(`Application ${id}`)).toBeVisible();
  await expect(page.getByText('Payments run through the sandbox payment adapter in this installation; no money moves.')).toBeVisible();

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
  expect(payments).toEqual([expect.objectContaining({ status: 'SUCCESS', reference, amount: 500, purpose: 'PROCESSING_FEE' })]);
  const history = (await staff.get(`/v3/audits/getAudits?application_id=${id}&fieldKey=_action`)).body.data;
  expect(history.map((a: { action: string }) => a.action)).toContain('payment');
  const entry = history.find((a: { action: string }) => a.action === 'payment');
  expect(entry).toMatchObject({ userId: 'portal-customer', newValue: { action: 'payment', status: 'SUCCESS', reference, adapter: 'sandbox', amount: 500 } });
  await staff.close();
});
