import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { choose, kitSelect } from '../support/kit';

// Issue 25, §1 Team leads / My leads, §2 lead creation: an officer creates a lead from the backstage, finds it in
// My leads, converts it, and finds the application in My applications (the lead gone from My leads).

async function openList(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

async function rowsFor(page: Page, list: string, id: string) {
  await openList(page, list);
  await page.getByLabel('Search this list').fill(id);
  return page.getByTestId('list-row').filter({ hasText: id });
}

test('a lead created from the backstage, seen in My leads, converted, then seen in My applications', async ({ page }) => {
  await loginAs(page, 'cpa1');
  await page.getByTestId('new-lead-link').click();
  await expect(page.getByRole('heading', { level: 2, name: 'New lead' })).toBeVisible();

  // The server's §5 checks answer by label in the §8 modal; the form keeps what was typed.
  const form = page.getByTestId('new-lead-form');
  await form.getByLabel('First name *').fill('Meera');
  await form.getByLabel('Last name *').fill('Journey');
  await form.getByLabel('Mobile number *').fill('12345');
  await form.getByLabel('Email address *').fill('meera@example.com');
  await choose(kitSelect(form, 'Product *'), 'Personal Loan');
  await choose(kitSelect(form, 'Preferred contact'), 'E-mail');
  await choose(kitSelect(form, 'Source *'), 'Referral');
  await form.getByLabel('Campaign (optional)').fill('DIWALI-2026');
  await page.getByTestId('create-lead').click();
  const modal = page.getByTestId('error-modal');
  await expect(modal.getByTestId('error-modal-entry')).toHaveText([/^Mobile number - /]);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(form.getByLabel('First name *')).toHaveValue('Meera');

  await form.getByLabel('Mobile number *').fill('9876512345');
  await page.getByTestId('create-lead').click();
  await expect(page).toHaveURL(/\/backstage\/application\?application_id=APP-\d+$/);
  const leadId = (await page.getByTestId('detail-id').innerText()).trim();
  await expect(page.getByTestId('lead-badge')).toHaveText('Lead');
  await expect(page.getByTestId('initiated-by')).toHaveText('Initiated by cpa1');

  await expect(await rowsFor(page, 'My leads', leadId)).toHaveCount(1);
  await expect(await rowsFor(page, 'My applications', leadId)).toHaveCount(0);

  await (await rowsFor(page, 'My leads', leadId)).getByRole('link', { name: leadId }).click();
  await page.getByTestId('convert-lead').click();
  await expect(page.getByTestId('converted-from')).toHaveText(`From lead ${leadId}`);
  const appId = (await page.getByTestId('detail-id').innerText()).trim();
  expect(appId).not.toBe(leadId);
  await expect(page.getByTestId('lead-badge')).toHaveCount(0);

  await expect(await rowsFor(page, 'My applications', appId)).toHaveCount(1);
  await expect(await rowsFor(page, 'My leads', leadId)).toHaveCount(0);

  // The lead's page says what it became.
  await page.goto(`/backstage/application?application_id=${leadId}`);
  await expect(page.getByTestId('converted-to')).toHaveText(`Converted to ${appId}`);
  await expect(page.getByTestId('convert-lead')).toHaveCount(0);
});

test('an officer starts the customer flow on a customer\'s behalf: the same flow, the officer its initiator', async ({ page }) => {
  await loginAs(page, 'cpa1');
  await page.getByTestId('new-application-link').click();
  await expect(page).toHaveURL(/\/backstage\/newapplication$/);
  await expect(page.getByRole('heading', { level: 2, name: "New application on a customer's behalf" })).toBeVisible();
  await page.getByRole('link', { name: 'Personal Loan' }).click();
  await page.getByRole('button', { name: 'Start application' }).click();
  // The flow goes on as the officer's resume of the application they now hold.
  await expect(page.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  await expect(page).toHaveURL(/\/backstage\/newapplication\/personal_info\?.*application_id=APP-\d+/);
  const id = new URL(page.url()).searchParams.get('application_id');
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  const res = await page.request.get(`/v3/application/${id}`, { headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect((await res.json()).data).toMatchObject({ initiatedBy: { id: 'cpa1' }, assignedToCurrentUser: true, source_id: 'BRANCH' });
});
