import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { pick } from '../support/kit';

// Issue 19: a message the code emits must be seen. Remotes raise their toasts on the shared event bus
// ('toast'); the shell's one region (the UI kit's ToastRegion) shows them top center (§9). Where each
// emitted toast is seen in a journey:
//   mf-tasks inbox  '{id} is back in the team queue', '{id} is yours now'   → this spec
//   mf-tasks notes  'Note added', 'Note updated'                            → this spec
//   mf-tasks snooze 'Snoozed until {date}', 'Snooze removed'                → this spec
//   mf-applications detail 'Application saved', '{action}: done'            → backstage.spec.ts
//   mf-applications detail 'Copied to {id}'                                 → this spec
//   shell 'Session expired. Please login again.'                            → identity.spec.ts
//   mf-notifications 'You have new notification'                            → notifications.spec.ts
//   mf-tasks queries/approvals, mf-video                                    → queries, approvals, video specs
//   shell spinner timeout, tampered response, generic server error;
//   mf-tasks 'Request sent to the applicant', 'Query reopened', 'Link sent again' → shell-toasts.spec.ts
// One login, one application created through the API (so no other journey's rows matter).

const VIEWPORT = { width: 1400, height: 900 };

async function api(page: Page, path: string, data: object) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await page.request.post(path, { data, headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { data: Record<string, unknown> };
}

/** The toast with this text is visible, in the region's landmark, centred horizontally at the top of the viewport. */
async function seeToastTopCenter(page: Page, text: string | RegExp) {
  const region = page.getByRole('region', { name: 'Messages' });
  const toast = region.locator('.ll-toast').filter({ hasText: text });
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const centre = box.x + box.width / 2;
  expect(Math.abs(centre - VIEWPORT.width / 2), 'horizontally centred').toBeLessThanOrEqual(2);
  expect(box.y, 'at the top').toBeLessThan(120);
  // Closed by hand so the next action's toast is the one looked at.
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toHaveCount(0);
}

test.use({ viewport: VIEWPORT });

test('each action shows its toast top center: leave and pick up a task, add and edit a note, snooze and unsnooze, copy the application', async ({ page }) => {
  await loginAs(page, 'cpa1');
  const created = await api(page, '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Toast', lastName: 'Journey', mobile: '9876543210', email: 'toast@example.in' }],
    customFields: { loanAmount: 300000 },
  });
  const id = created.data.application_id as string;
  // A query raised to bcm1 puts the application in sub-status QUERIES, where §2 shows the snooze tab.
  await api(page, '/v3/taskconfigs/createSubTask', { application_id: id, verNum: 1, subject: 'Salary slips', assignedTo: 'bcm1' });

  // The inbox's quick actions (mf-tasks): the new application's Data Entry task is cpa1's.
  await page.goto('/backstage/tasks');
  await pick(page.getByTestId('inbox-kind'), 'Tasks');
  await pick(page.getByTestId('inbox-scope'), 'Both');
  await pick(page.getByLabel('Per page'), '100');
  const row = page.locator(`[data-testid="inbox-item"][data-application="${id}"][data-kind="task"]`);
  await row.getByTestId('quick-Leave').click();
  await seeToastTopCenter(page, `${id} is back in the team queue`);
  await row.getByTestId('quick-OpenTask').click();
  await seeToastTopCenter(page, `${id} is yours now`);

  // The detail page's tabs (mf-tasks' tab bodies inside mf-applications' page).
  await page.goto(`/backstage/application?application_id=${id}&tab=notes`);
  const notes = page.getByTestId('notes-tab');
  await notes.getByLabel('New note').fill('Called the applicant');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await seeToastTopCenter(page, 'Note added');
  await notes.getByRole('button', { name: 'Edit', exact: true }).first().click();
  await notes.getByTestId('note-edit-text').fill('Called the applicant; salary slips promised for Monday');
  await notes.getByRole('button', { name: 'Save', exact: true }).click();
  await seeToastTopCenter(page, 'Note updated');

  await page.goto(`/backstage/application?application_id=${id}&tab=snooze`);
  const snooze = page.getByTestId('snooze-tab');
  await snooze.getByLabel('Reason').fill('Applicant travelling');
  await snooze.getByRole('button', { name: 'Snooze' }).click();
  await seeToastTopCenter(page, /^Snoozed until \d{2}\/\d{2}\/\d{4}/);
  await snooze.getByRole('button', { name: 'Remove snooze' }).click();
  await seeToastTopCenter(page, 'Snooze removed');

  // The detail page's own tools (mf-applications): a copy opens the new application and says where it went.
  await page.getByRole('toolbar', { name: 'Application tools' }).getByRole('button', { name: 'Copy application' }).click();
  await seeToastTopCenter(page, /Copied to APP-\d+/);
  await expect(page.getByTestId('detail-id')).not.toHaveText(id);
});
