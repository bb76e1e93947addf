import { expect, test } from '@playwright/test';
import { saveAndContinue, staffSession, startApplication } from '../support/portal-flow';

// Issue 5: drafts are never lost — a connection that drops in the middle of a sub-section keeps what was typed and a
// save asked for offline reaches the server once the connection is back.

test('offline mid sub-section: typing goes on, the save waits on the device, and reaches the server when back online', async ({ page, context, browser }) => {
  const id = await startApplication(page);
  await page.getByLabel('First name').fill('Nisha');
  await page.getByLabel('Last name').fill('Verma');

  await context.setOffline(true);
  await expect(page.getByText('You are offline. You can keep filling in; nothing you type is lost.')).toBeVisible();
  await page.getByLabel('Date of birth').fill('02/03/1988');
  await page.getByRole('radio', { name: 'Female', exact: true }).check();
  await page.getByLabel('Mobile number').fill('9811122233');
  await page.getByLabel('Email address').fill('nisha@example.com');
  await page.getByLabel('PAN').fill('NISHA1234V');

  await saveAndContinue(page);
  await expect(page.getByText('You are offline. Your answers are kept on this device and will be saved when the connection is back.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  await expect(page.getByLabel('PAN')).toHaveValue('NISHA1234V');
  // Being offline is not an error: no error modal over the form.
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByText('Something bad happened; please try again later.')).toHaveCount(0);

  // The server has nothing of it yet.
  const staff = await staffSession(browser);
  const before = (await staff.get(`/v3/application/${id}`)).body.data;
  expect(before.customFields.firstName).toBeUndefined();

  const saved = page.waitForResponse((r) => r.url().includes('/v3/application/consumer/save_or_update') && r.request().method() === 'POST');
  await context.setOffline(false);
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(/You are offline/)).toHaveCount(0);
  // The save asked for offline went through: the user continues to the next step, as they asked.
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();

  // Staff read the answers typed offline, saved as a full save of that sub-section.
  await expect
    .poll(async () => (await staff.get(`/v3/application/${id}`)).body.data.customFields)
    .toMatchObject({ firstName: 'Nisha', lastName: 'Verma', dateOfBirth: '02/03/1988', gender: 'Female', mobile: '9811122233', email: 'nisha@example.com', panNumber: 'NISHA1234V' });
  const after = (await staff.get(`/v3/application/${id}`)).body.data;
  expect(after.sub_section_id).toBe('PL_personal');
  await staff.close();

  // Nothing is left waiting on the device, and a reload continues after the saved step.
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lendline.portal.draft:')))).toEqual([]);
  await page.goto(`/newapplication/start?application_id=${id}`);
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
});
