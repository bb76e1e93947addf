import { expect, test } from '@playwright/test';
import { fillPersonal, saveAndContinue, staffSession, type Person, type StaffApi } from '../support/portal-flow';

// Issue 5, §2: /backstage/newapplication?resume continues a customer-flow step, only when the application is assigned
// to the current user.

const RAVI: Person = { first: 'Ravi', last: 'Kumar', gender: 'Male', mobile: '9876501234', email: 'ravi@example.com', pan: 'RAVIK1234Z' };

async function createAs(staff: StaffApi): Promise<string> {
  const res = await staff.post('/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Walk', lastName: 'In' }] });
  expect(res.status).toBe(201);
  return res.body.data.application_id;
}

test('staff resume the customer flow of an application assigned to them, and are refused for one that is not', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const cpa2 = await staffSession(browser, 'cpa2');
  const mine = await createAs(cpa1);
  const theirs = await createAs(cpa2);
  const page = cpa1.page;

  // Assigned to cpa1: the flow opens under /backstage/newapplication and saves.
  await page.goto(`/backstage/newapplication?resume&application_id=${mine}`);
  await expect(page.getByRole('heading', { level: 3, name: 'Personal information' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/backstage/newapplication/personal_info\\?.*application_id=${mine}`));
  await fillPersonal(page, RAVI);
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await expect(page).toHaveURL(/\/backstage\/newapplication\/verify_mobile\?/);
  const saved = (await cpa1.get(`/v3/application/${mine}`)).body.data;
  expect(saved.customFields).toMatchObject({ firstName: 'Ravi', lastName: 'Kumar', panNumber: 'RAVIK1234Z' });
  expect(saved.sub_section_id).toBe('PL_personal');

  // Assigned to cpa2 (same team, so cpa1 may read it): a clear refusal and no form.
  await page.goto(`/backstage/newapplication?resume&application_id=${theirs}`);
  await expect(page.getByRole('alert')).toHaveText(`Application ${theirs} is not assigned to you, so you cannot resume its customer flow.`);
  await expect(page.getByLabel('First name')).toHaveCount(0);
  // The server refuses the same save, whatever the page does.
  const forced = await cpa1.post('/v3/application/consumer/save_or_update', { application_id: theirs, section_id: 'PL_applicant', sub_section_id: 'PL_personal', values: { firstName: 'Ravi' } });
  expect(forced.status).toBe(403);
  expect(forced.body.data).toEqual([{ label: 'application_id', reason: `Application ${theirs} is not assigned to you, so you cannot resume its customer flow.` }]);

  await cpa1.close();
  await cpa2.close();
});

test('"Resume customer flow" on the detail page opens the flow at the step after the one last saved (issue 25)', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const id = await createAs(cpa1);
  // The personal step is saved (as the applicant would have): the next step is the mobile verification.
  const saved = await cpa1.post('/v3/application/consumer/save_or_update', {
    application_id: id, section_id: 'PL_applicant', sub_section_id: 'PL_personal',
    values: { firstName: 'Ravi', lastName: 'Kumar', dateOfBirth: '01/01/1985', gender: 'Male', mobile: '9876501234', email: 'ravi@example.com', panNumber: 'RAVIK1234Z' },
  });
  expect(saved.status).toBe(200);
  const page = cpa1.page;
  await page.goto(`/backstage/application?application_id=${id}`);
  const link = page.getByTestId('resume-link');
  await expect(link).toHaveAttribute('href', `/backstage/newapplication?resume&application_id=${id}`);
  await link.click();
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/backstage/newapplication/verify_mobile\\?.*application_id=${id}`));
  await cpa1.close();
});
