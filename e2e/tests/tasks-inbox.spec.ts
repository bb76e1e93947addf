import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { pick } from '../support/kit';

// Issue 12: the task inbox at /backstage/tasks (mf-tasks) and the snooze, worklogs and notes tabs of the detail page.

/** A call with the §7 session headers of the user signed in on `page` (its stored session). */
async function api(page: Page, method: 'GET' | 'POST', path: string, data?: object) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const headers = { access_token: session.access_token, sessionId: session.sessionId };
  const res = method === 'GET' ? await page.request.get(path, { headers }) : await page.request.post(path, { data, headers });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { data: Record<string, unknown>; application?: { verNum: number } };
}

/** cpa1's new PL application (its Data Entry task held by cpa1) with a query raised to bcm1: sub-status QUERIES. */
async function applicationWithQuery(cpa1: Page, lastName: string) {
  const created = await api(cpa1, 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Inbox', lastName, mobile: '9876543210', email: 'inbox@example.in' }],
    customFields: { loanAmount: 300000 },
  });
  const id = created.data.application_id as string;
  const raised = await api(cpa1, 'POST', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: 1, subject: `Salary slips for ${lastName}`, assignedTo: 'bcm1' });
  return { id, subject: `Salary slips for ${lastName}`, subTaskId: raised.data.subTaskId as string };
}

async function openInbox(page: Page, kind: 'Tasks' | 'Queries') {
  await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
  await expect(page).toHaveURL(/\/backstage\/tasks/);
  await expect(page.getByTestId('task-inbox')).toBeVisible();
  await pick(page.getByTestId('inbox-kind'), kind);
  await pick(page.getByLabel('Per page'), '100');
}

const item = (page: Page, id: string, kind: 'task' | 'query') => page.locator(`[data-testid="inbox-item"][data-application="${id}"][data-kind="${kind}"]`);

async function signedIn(browser: Browser, user: string) {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, user);
  return page;
}

test('a query raised to bcm1 is in bcm1\'s Today, earliest due first, and one click opens the application on the queries tab', async ({ browser }) => {
  const cpa1 = await signedIn(browser, 'cpa1');
  const { id, subject } = await applicationWithQuery(cpa1, 'Query');
  const bcm1 = await signedIn(browser, 'bcm1');
  await openInbox(bcm1, 'Queries');
  await expect(bcm1.getByRole('tab', { name: 'Today' })).toHaveAttribute('aria-selected', 'true');
  const row = item(bcm1, id, 'query');
  await expect(row).toContainText(subject);
  await expect(row).toContainText('from cpa1');
  await expect(row.getByTestId('due')).toHaveAttribute('data-risk', /on-track|at-risk|breached/);
  // Sorted by due time: the rows' due times never go down.
  const dues = await bcm1.locator('[data-testid="inbox-item"] time').evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime')!));
  expect(dues).toEqual([...dues].sort());

  // Keyboard: the first item is focusable, ↓ moves on, Enter opens; here one click on the row.
  await row.getByRole('link').click();
  await expect(bcm1).toHaveURL(new RegExp(`/backstage/application\\?application_id=${id}&tab=queries$`));
  await expect(bcm1.getByTestId('detail-id')).toHaveText(id);
  await expect(bcm1.getByRole('tab', { name: 'Queries' })).toHaveAttribute('aria-selected', 'true');
});

test('snooze moves cpa1\'s task from Today to Future, and back to Today when the snooze is removed', async ({ browser }) => {
  const cpa1 = await signedIn(browser, 'cpa1');
  const { id } = await applicationWithQuery(cpa1, 'Snooze');
  await openInbox(cpa1, 'Tasks');
  const row = item(cpa1, id, 'task');
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(cpa1.getByTestId('detail-id')).toHaveText(id);

  await cpa1.getByRole('tab', { name: 'Snooze' }).click();
  const tab = cpa1.getByTestId('snooze-tab');
  await expect(tab.getByTestId('snooze-state')).toHaveText('This task is not snoozed: it is in Today.');
  await tab.getByLabel('Reason').fill('Applicant abroad until next week');
  await tab.getByRole('button', { name: 'Snooze' }).click();
  await expect(tab.getByTestId('snooze-state')).toContainText('This task is snoozed until');

  await openInbox(cpa1, 'Tasks');
  await expect(cpa1.getByTestId('inbox-item').first().or(cpa1.getByTestId('inbox-empty'))).toBeVisible();
  await expect(item(cpa1, id, 'task')).toHaveCount(0);
  await cpa1.getByRole('tab', { name: 'Future' }).click();
  const future = item(cpa1, id, 'task');
  await expect(future).toContainText('review on');
  await future.getByRole('link').click();
  await expect(cpa1).toHaveURL(new RegExp(`application_id=${id}&tab=snooze$`));
  await expect(cpa1.getByRole('tab', { name: 'Snooze' })).toHaveAttribute('aria-selected', 'true');
  await cpa1.getByTestId('snooze-tab').getByRole('button', { name: 'Remove snooze' }).click();
  await expect(cpa1.getByTestId('snooze-tab').getByTestId('snooze-state')).toHaveText('This task is not snoozed: it is in Today.');

  await openInbox(cpa1, 'Tasks');
  await cpa1.getByRole('tab', { name: 'Today' }).click();
  await expect(item(cpa1, id, 'task')).toBeVisible();
  await cpa1.getByRole('tab', { name: 'Future' }).click();
  await expect(cpa1.getByTestId('inbox-item').first().or(cpa1.getByTestId('inbox-empty'))).toBeVisible();
  await expect(item(cpa1, id, 'task')).toHaveCount(0);
});

test('notes and worklogs on the detail page: add, edit and delete one\'s own note; another user cannot edit it; the worklogs show each step newest first', async ({ browser }) => {
  const cpa1 = await signedIn(browser, 'cpa1');
  const { id, subject } = await applicationWithQuery(cpa1, 'Notes');
  await cpa1.goto(`/backstage/application?application_id=${id}&tab=notes`);
  const notes = cpa1.getByTestId('notes-tab');
  await expect(cpa1.getByRole('tab', { name: 'Notes' })).toHaveAttribute('aria-selected', 'true');
  await notes.getByLabel('New note').fill('Employer confirmed by phone');
  await notes.getByRole('button', { name: 'Add note' }).click();
  const mine = notes.getByTestId('note').first();
  await expect(mine).toContainText('Employer confirmed by phone');
  await expect(mine).toContainText('Chitra Pillai');
  await mine.getByRole('button', { name: 'Edit' }).click();
  await notes.getByTestId('note-edit-text').fill('Employer confirmed by phone and e-mail');
  await notes.getByRole('button', { name: 'Save' }).click();
  await expect(mine).toContainText('Employer confirmed by phone and e-mail');
  await expect(mine).toContainText('edited');
  await notes.getByLabel('New note').fill('Temporary note');
  await notes.getByRole('button', { name: 'Add note' }).click();
  await expect(notes.getByTestId('note')).toHaveCount(2);
  await notes.getByTestId('note').first().getByRole('button', { name: 'Delete' }).click();
  await expect(notes.getByTestId('note')).toHaveCount(1);

  await cpa1.getByRole('tab', { name: 'Worklogs' }).click();
  const logs = cpa1.getByTestId('worklogs-tab').getByTestId('worklog');
  await expect(logs.first()).toContainText('Chitra Pillai · Note deleted: Temporary note');
  await expect(logs.nth(1)).toContainText('Note added: Temporary note');
  await expect(logs.nth(2)).toContainText('Note edited: Employer confirmed by phone and e-mail');
  await expect(logs.nth(3)).toContainText('Note added: Employer confirmed by phone');
  await expect(logs.nth(4)).toContainText(`Query raised to bcm1: ${subject}`);

  // bcm1 (same branch) reads cpa1's note but is offered no Edit or Delete on it.
  const bcm1 = await signedIn(browser, 'bcm1');
  await bcm1.goto(`/backstage/application?application_id=${id}&tab=notes`);
  const theirs = bcm1.getByTestId('notes-tab').getByTestId('note');
  await expect(theirs).toContainText('Employer confirmed by phone and e-mail');
  await expect(theirs.getByRole('button')).toHaveCount(0);
});
