import { expect, test } from '@playwright/test';
import { ASHA, fillPersonal, saveAndContinue, staffSession, startApplication } from '../support/portal-flow';

// Issue 5, §7/§8: external integration — a partner sends the customer to /newapplication?transactionToken=…;
// POST /v3/external-integration/validate-token opens the application when EXTERNAL_INTEGRATION is on (the seeded
// default) and the token is valid; otherwise the error state.

const INVALID = 'This link cannot open an application: it is invalid, already used or expired, or the integration is switched off.';

test('a staff-issued token lands the customer in the application on a new device; a bad or used token shows the error', async ({ page, browser }) => {
  const id = await startApplication(page);
  await fillPersonal(page, ASHA);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();

  const staff = await staffSession(browser);
  const issued = await staff.post('/v3/external-integration/issue-token', { application_id: id });
  expect(issued.status).toBe(200);
  const token = issued.body.data.transactionToken as string;
  await staff.close();

  // The partner's redirect, on a device that never saw the application.
  const device = await browser.newContext();
  const customer = await device.newPage();
  const checked = customer.waitForResponse((r) => r.url().endsWith('/v3/external-integration/validate-token'));
  await customer.goto(`/newapplication?transactionToken=${encodeURIComponent(token)}`);
  expect((await (await checked).json()).data).toEqual({ application_id: id });
  await expect(customer.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await expect(customer.getByText(`Application ${id}`)).toBeVisible();
  await customer.getByRole('button', { name: 'Back' }).click();
  await expect(customer.getByLabel('First name')).toHaveValue('Asha');

  // Single use: the same token again, and a made-up one, end in the error state with no application.
  for (const bad of [token, 'not-a-real-token']) {
    const reply = customer.waitForResponse((r) => r.url().endsWith('/v3/external-integration/validate-token'));
    await customer.goto(`/newapplication?transactionToken=${encodeURIComponent(bad)}`);
    const body = await (await reply).json();
    expect(body.error).toBe(true);
    expect(body.data).toBeUndefined();
    await expect(customer.getByRole('alert')).toHaveText(INVALID);
    await expect(customer.locator('[data-application-id]')).toHaveCount(0);
  }
  await device.close();
});
