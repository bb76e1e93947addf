import { readFileSync } from 'node:fs';
import { fillMandatoryData } from '../support/mandatory-data';
import { expect, test, type Page } from '@playwright/test';
import { read, utils } from 'xlsx';
import { loginAs } from '../support/login';
import { addFilter } from '../support/list-filters';
import { choose, kitSelect, optionsOf } from '../support/kit';

// Issue 6: the backstage lists and the application detail page (mf-applications).

async function openList(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByTestId('list-count')).toHaveText(/\d+\+? applications/);
}

/** Opens the filter panel unless it is already open (it stays open across visits to the same list). */
async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
}

/**
 * Waits until the list shows the result of the filters just added: no fetch in flight and every row carries each
 * text. Right after "Add filter" the previous rows are still on screen; a row picked then is replaced (and its
 * checkbox cleared) when the filtered page arrives.
 */
async function rowsShow(page: Page, ...texts: string[]) {
  await expect.poll(async () => {
    if ((await page.locator('[aria-busy="true"]').count()) > 0) return false;
    const rows = await page.getByTestId('list-row').allInnerTexts();
    return rows.length > 0 && rows.every((r) => texts.every((t) => r.includes(t)));
  }).toBe(true);
}

/** Takes one unassigned team application ("Assign to me") so the user has work in My applications. */
async function takeOne(page: Page): Promise<string> {
  await openList(page, 'Team applications');
  await openFilters(page);
  await addFilter(page, 'Progress', { pick: 'Pending' });
  await rowsShow(page, 'Pending');
  const row = page.getByTestId('list-row').first();
  const id = (await row.locator('td a').innerText()).trim();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Assign to me', exact: true }).click();
  await expect(page.getByTestId('assign-status')).toContainText('1 application(s) assigned to');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  return id;
}

const countOf = async (page: Page) => Number((await page.getByTestId('list-count').innerText()).replace(/\D/g, ''));

test('as cpa1: my applications pages on the server, remembers the page size, and a row opens with the keyboard', async ({ page }) => {
  await loginAs(page, 'cpa1');
  await takeOne(page);
  await takeOne(page);
  await openList(page, 'My applications');
  await expect(page.getByTestId('list-row').nth(1)).toBeVisible();
  expect(await page.getByTestId('list-row').count()).toBeLessThanOrEqual(10);
  await choose(kitSelect(page, 'Rows per page'), '5');
  await expect.poll(() => page.getByTestId('list-row').count()).toBeLessThanOrEqual(5);
  await page.reload();
  await expect(kitSelect(page, 'Rows per page')).toHaveText('5');

  const first = page.getByTestId('list-row').first();
  const second = page.getByTestId('list-row').nth(1);
  const id = (await second.locator('td a').innerText()).trim();
  await first.focus();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/backstage/application\\?application_id=${id}$`));
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await expect(page.getByTestId('lifecycle')).toBeVisible();
  await expect(page.getByTestId('sla')).toBeVisible();
});

test('grid view with its page sizes, and the counts by stage filter the list', async ({ page }) => {
  await loginAs(page, 'bh1');
  await openList(page, 'All applications');
  const total = await countOf(page);
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(kitSelect(page, 'Rows per page')).toHaveText('6');
  expect(await optionsOf(kitSelect(page, 'Rows per page'))).toEqual(['6', '9', '27', '51', '99']);
  await expect(page.getByTestId('list-card')).toHaveCount(Math.min(6, total));
  const chip = page.getByTestId('counts-stage').getByRole('button').first();
  const expected = Number(await chip.locator('.ll-chip-count').innerText());
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('list-count')).toHaveText(`${expected} applications`);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
});

test('a column header sorts the list on the server, ascending then descending (table-config keys are row keys)', async ({ page }) => {
  await loginAs(page, 'bh1');
  await openList(page, 'All applications');
  const table = page.getByTestId('list-table');
  const headers = (await table.locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim());
  const amountAt = headers.indexOf('Loan amount');
  const stageAt = headers.indexOf('Stage');
  const amounts = async () => (await page.getByTestId('list-row').locator(`td:nth-child(${amountAt + 1})`).allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
  const header = table.getByRole('columnheader', { name: /Loan amount/ });
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => { const a = await amounts(); return a.length > 1 && a.every((v, i) => i === 0 || a[i - 1] <= v); }).toBe(true);
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => { const a = await amounts(); return a.length > 1 && a.every((v, i) => i === 0 || a[i - 1] >= v); }).toBe(true);
  // Cells read under the §3 row keys: the stage column is filled.
  expect((await page.getByTestId('list-row').first().locator(`td:nth-child(${stageAt + 1})`).innerText()).trim()).not.toBe('');
  await header.getByRole('button').click();
  await expect(header).toHaveAttribute('aria-sort', 'none');
});

test('each filter operator type narrows the list; a saved filter is reused', async ({ page }) => {
  await loginAs(page, 'bh1');
  await openList(page, 'All applications');
  const total = await countOf(page);
  await page.getByRole('button', { name: /^Filters/ }).click();
  const add = (field: string, condition: string, value: string, dropdown = false) =>
    addFilter(page, field, dropdown ? { condition, pick: value } : { condition, value });
  await add('Product', 'equals', 'PL', true); // dropdown
  await expect.poll(() => countOf(page)).toBeLessThan(total);
  const pl = await countOf(page);
  await add('Loan amount', 'at least', '100000'); // amount
  await expect.poll(() => countOf(page)).toBeLessThanOrEqual(pl);
  await add('Applicant', 'does not equal', 'Nobody Atall'); // text
  await add('Created', 'before', '2100-01-01'); // date
  const narrowed = await countOf(page);
  await expect(page.getByTestId('active-filters').getByRole('listitem')).toHaveCount(5);

  await page.getByLabel('Save filters as').fill('PL big loans');
  await page.getByRole('button', { name: 'Save filter' }).click();
  await expect(page.getByText('Filter "PL big loans" saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect.poll(() => countOf(page)).toBe(total);
  await choose(kitSelect(page, 'Saved filters'), 'PL big loans');
  await expect.poll(() => countOf(page)).toBe(narrowed);
  await page.getByRole('button', { name: 'Clear filters' }).click();
});

test('global search by application id and by applicant name', async ({ page }) => {
  await loginAs(page, 'bh1');
  await openList(page, 'All applications');
  const row = page.getByTestId('list-row').first();
  const id = (await row.locator('td a').innerText()).trim();
  const name = (await row.locator('td').nth(2).innerText()).trim();
  const search = page.getByRole('search', { name: 'Search all applications' });
  await search.getByRole('searchbox').fill(id);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('global-search-hit')).toHaveCount(1);
  await expect(page.getByTestId('global-search-hit').first()).toContainText(id);
  await search.getByRole('searchbox').fill(name.split(' ')[0]);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByTestId('global-search-hit').first()).toContainText(name.split(' ')[0]);
  expect(await page.getByTestId('global-search-hit').count()).toBeLessThanOrEqual(10);
});

test('export: the downloaded .xlsx has as many rows as the filtered count and the list columns', async ({ page }) => {
  await loginAs(page, 'cpa1');
  await takeOne(page);
  await openList(page, 'My applications');
  const count = await countOf(page);
  const headers = await page.getByTestId('list-table').locator('thead th').allInnerTexts();
  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^my-applications_export_\d{8}_\d{6}\.xlsx$/);
  const wb = read(readFileSync(await file.path()));
  const rows = utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
  expect(rows).toHaveLength(count);
  expect(Object.keys(rows[0] ?? {})).toEqual(expect.arrayContaining(headers.map((h) => h.replace(/[▲▼]/g, '').trim()).filter(Boolean)));
});

test('local search: the count of matches shows, and the export holds exactly the matching rows', async ({ page }) => {
  await loginAs(page, 'bh1');
  await openList(page, 'All applications');
  const total = await countOf(page);
  // A row with an applicant's name (journeys also leave applications started in the portal with no name yet).
  const names = (await page.getByTestId('list-row').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[2]?.textContent ?? ''))).map((x) => x.trim());
  const name = names.find((x) => /^\S{2,}/.test(x));
  expect(name, `a named applicant on the first page: ${JSON.stringify(names)}`).toBeTruthy();
  const word = name!.split(' ')[0];
  await page.getByLabel('Search this list').fill(word);
  const matches = page.getByTestId('local-search-count');
  await expect(matches).toHaveText(new RegExp(`^\\d+ matching “${word}”$`));
  const n = Number((await matches.innerText()).replace(/\D.*$/, ''));
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThan(total);
  await expect(page.getByTestId('list-count')).toHaveText(`${n} applications`);
  const onPage = (await page.getByTestId('list-row').locator('td a').allInnerTexts()).map((x) => x.trim());
  expect(onPage.length).toBe(Math.min(n, 10));

  const download = page.waitForEvent('download');
  await page.getByTestId('export-button').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^all-applications_export_\d{8}_\d{6}\.xlsx$/);
  const wb = read(readFileSync(await file.path()));
  const rows = utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
  expect(rows).toHaveLength(n);
  const ids = rows.map((r) => String(r['Application ID']));
  expect(ids).toEqual(expect.arrayContaining(onPage));
  if (n <= 10) expect([...ids].sort()).toEqual([...onPage].sort());
  await page.getByLabel('Search this list').fill('');
  await expect(matches).toHaveCount(0);
  await expect.poll(() => countOf(page)).toBe(total);
});

test('as bcm1: assign one team application to cpa2, who then sees it in my applications; bulk reassign of three', async ({ page, browser }) => {
  await loginAs(page, 'bcm1');
  await openList(page, 'Team applications');
  // Unassigned rows first: the Progress column says Pending.
  await page.getByRole('button', { name: /^Filters/ }).click();
  await addFilter(page, 'Progress', { pick: 'Pending' });
  // bcm1 also works in CREDIT; cpa2 can only take the CPA-NORTH team's rows.
  await addFilter(page, 'Team', { condition: 'equals', value: 'CPA-NORTH' });
  await expect(page.getByTestId('active-filters').getByRole('listitem')).toHaveCount(3);
  await rowsShow(page, 'Pending', 'CPA-NORTH');
  const row = page.getByTestId('list-row').first();
  const id = (await row.locator('td a').innerText()).trim();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Assign to…', exact: true }).click();
  await choose(kitSelect(page.getByTestId('assign-dialog'), 'User'), /\(cpa2\)$/);
  await page.getByTestId('assign-dialog').getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByTestId('assign-status')).toContainText('1 application(s) assigned to cpa2');
  await expect(page.getByTestId('list-row').filter({ hasText: id })).toHaveCount(0); // no longer Pending

  const other = await browser.newContext();
  const cpa2 = await other.newPage();
  await loginAs(cpa2, 'cpa2');
  await openList(cpa2, 'My applications');
  await cpa2.getByLabel('Search this list').fill(id);
  await expect(cpa2.getByTestId('list-row').filter({ hasText: id })).toHaveCount(1);
  await other.close();

  // Bulk: reassign three assigned rows to cpa1.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await addFilter(page, 'Progress', { pick: 'In Progress' });
  await addFilter(page, 'Assigned to', { condition: 'does not equal', value: 'cpa1' });
  await addFilter(page, 'Team', { condition: 'equals', value: 'CPA-NORTH' });
  await expect(page.getByTestId('active-filters').getByRole('listitem')).toHaveCount(4);
  await rowsShow(page, 'In progress', 'CPA-NORTH'); // the progress by its label (issue 26)
  await expect.poll(() => countOf(page)).toBeGreaterThanOrEqual(3);
  for (let i = 0; i < 3; i++) await page.getByTestId('list-row').nth(i).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Reassign to…', exact: true }).click();
  await choose(kitSelect(page.getByTestId('assign-dialog'), 'User'), /\(cpa1\)$/);
  await page.getByTestId('assign-dialog').getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByTestId('assign-status')).toContainText('3 application(s) assigned to cpa1');
  await page.getByRole('button', { name: 'Clear filters' }).click();
});

test('tab visibility for each §2 rule case; the first tab\'s body (worklogs) comes from mf-tasks; viewer1 sees no actions and cannot save, and a forged save is refused', async ({ page }) => {
  const tab = (name: string) => page.getByRole('tablist').getByRole('tab', { name, exact: true });
  // Assigned to the current user, no sub-status: content tabs, save and actions; no sub-status tabs.
  await loginAs(page, 'cpa1');
  const mine = await takeOne(page);
  await page.goto(`/backstage/application?application_id=${mine}`);
  await expect(page.getByTestId('detail-id')).toHaveText(mine);
  await expect(page.getByTestId('application-data')).toBeVisible();
  // The customer's own secrets are never rendered for staff (issue 19).
  await expect(page.getByLabel('Net banking password')).toHaveCount(0);
  await expect(page.getByText('Net banking password')).toHaveCount(0);
  await expect(tab('Worklogs')).toBeVisible();
  await expect(tab('Documents')).toBeVisible();
  await expect(tab('Notes')).toBeVisible();
  await expect(tab('Related tasks')).toBeVisible();
  for (const hidden of ['Queries', 'Approvals', 'Snooze', 'Close']) await expect(tab(hidden)).toHaveCount(0);
  await expect(page.getByTestId('worklogs-tab')).toBeVisible();
  await expect(page.getByTestId('actions-button')).toBeVisible();
  await expect(page.getByTestId('save-button')).toBeVisible();

  // Unassigned (Pending) application: no save, no actions.
  await page.goto('/backstage');
  await openList(page, 'Team applications');
  await openFilters(page);
  await addFilter(page, 'Progress', { pick: 'Pending' });
  await rowsShow(page, 'Pending');
  const pending = (await page.getByTestId('list-row').first().locator('td a').innerText()).trim();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.goto(`/backstage/application?application_id=${pending}`);
  await expect(page.getByTestId('detail-id')).toHaveText(pending);
  await expect(tab('Worklogs')).toBeVisible();
  await expect(page.getByTestId('actions-button')).toHaveCount(0);
  await expect(page.getByTestId('save-button')).toHaveCount(0);

  // Sub-status APPROVAL (an open approval held by bh1's team): the sub-status tabs show.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'bh1');
  await openList(page, 'My approvals');
  const approval = (await page.getByTestId('list-row').first().locator('td a').innerText()).trim();
  await page.goto(`/backstage/application?application_id=${approval}`);
  await expect(page.getByTestId('detail-id')).toHaveText(approval);
  await expect(tab('Approvals')).toBeVisible();
  await expect(tab('Queries')).toBeVisible();
  await expect(tab('Close')).toBeVisible();
  await expect(tab('Snooze')).toHaveCount(0); // bh1 lacks TASK_REVIEW_DATE

  // Application access only: no actions, no save, and the server refuses a forged save.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'viewer1');
  await openList(page, 'All applications');
  const id = (await page.getByTestId('list-row').first().locator('td a').innerText()).trim();
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await expect(tab('Worklogs')).toBeVisible();
  await expect(page.getByTestId('actions-button')).toHaveCount(0);
  await expect(page.getByTestId('save-button')).toHaveCount(0);
  // The server refuses a save that did not come from the UI.
  const status = await page.evaluate(async (appId) => {
    const key = Object.keys(localStorage).find((k) => /session/i.test(k) && localStorage.getItem(k)?.includes('access_token'))!;
    const { session } = JSON.parse(localStorage.getItem(key)!);
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json', access_token: session.access_token, sessionId: session.sessionId };
    const r = await fetch('/v3/application/user/save_or_update', { method: 'POST', headers, body: JSON.stringify({ application_id: appId, verNum: 1, customFields: { loanPurpose: 'forged' } }) });
    return r.status;
  }, id);
  expect([400, 403, 409]).toContain(status); // refused by the §4 rule, not for a missing session
});

/** cpa1 takes one unassigned CPA-NORTH personal-loan application (its next step, Credit Review, is CREDIT's). */
async function takePersonalLoan(page: Page): Promise<string> {
  await openList(page, 'Team applications');
  await openFilters(page);
  await addFilter(page, 'Progress', { pick: 'Pending' });
  await addFilter(page, 'Product', { condition: 'equals', pick: 'PL' });
  await expect(page.getByTestId('active-filters').getByRole('listitem')).toHaveCount(3);
  await rowsShow(page, 'Pending');
  const row = page.getByTestId('list-row').first();
  const id = (await row.locator('td a').innerText()).trim();
  await row.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Assign to me', exact: true }).click();
  await expect(page.getByTestId('assign-status')).toContainText('1 application(s) assigned to cpa1');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  return id;
}

test('as cpa1: my applications → open one → edit a field → save → its history shows the change → complete the step → it leaves my list and appears where the next step’s team works', async ({ page }) => {
  await loginAs(page, 'cpa1');
  const id = await takePersonalLoan(page);
  // The rest of the paper form keyed in (documents, signature, consents), so the checked completion lets it through.
  await fillMandatoryData(page, id);
  await openList(page, 'My applications');
  await page.getByLabel('Search this list').fill(id);
  await page.getByTestId('list-row').filter({ hasText: id }).getByRole('link', { name: id }).click();
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await expect(page.getByTestId('detail-assignee')).toHaveText('cpa1');
  await expect(page.getByTestId('detail-stage')).toHaveText('Data Entry');
  await expect(page.getByTestId('save-button')).toBeDisabled(); // nothing changed yet

  // Edit a field in the form mf-portal renders: the "Applicant details" section of the summary switches to it.
  // The label also holds the aria-hidden "*" of a mandatory field, so the field is found by its
  // accessible name.
  await page.getByRole('button', { name: 'Edit Applicant details' }).click();
  const applicant = page.getByTestId('summary-section').filter({ has: page.getByRole('heading', { name: 'Applicant details' }) });
  const lastName = applicant.getByRole('textbox', { name: 'Last name', exact: true });
  const before = (await lastName.inputValue()).trim();
  expect(before).not.toBe('');
  await lastName.fill('Edited');
  await expect(page.getByTestId('save-button')).toBeEnabled();
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('value-lastName')).toHaveText('Edited');
  // The remote's toast, raised on the shared event bus, is shown by the shell's one toast region.
  await expect(page.getByTestId('toasts')).toContainText('Application saved');
  await expect(page.getByTestId('save-button')).toBeDisabled();

  // Its history: who, when, old → new.
  await page.getByRole('button', { name: 'History of Last name' }).click();
  const history = page.getByTestId('field-history');
  await expect(history.getByTestId('history-row')).toHaveCount(1);
  await expect(history.getByTestId('history-row')).toContainText('cpa1');
  // Old → new, the arrow an icon named for what it says.
  await expect(history.getByTestId('history-row').getByRole('cell', { name: `${before} changed to Edited` })).toBeVisible();
  await expect(history.getByTestId('history-row').locator('td').first()).toHaveText(/\d{2}\/\d{2}\/\d{4}/);
  await history.getByRole('button', { name: 'Close' }).click();

  // The change survives a reload (it is the server's value, not the form's).
  await page.reload();
  await expect(page.getByTestId('value-lastName')).toHaveText('Edited');

  await page.getByTestId('actions-button').click();
  await page.getByRole('menuitem', { name: 'Complete step' }).click();
  const dialog = page.getByTestId('action-dialog');
  // The default is the checked completion (issue 25); this application's mandatory data was filled beforehand.
  await expect(kitSelect(dialog, 'How to complete')).toHaveText('Complete — check mandatory fields and documents');
  await dialog.getByRole('button', { name: 'Confirm: Complete step' }).click();
  await expect(page.getByTestId('detail-stage')).toHaveText('Credit Review');
  await expect(page.getByTestId('actions-button')).toHaveCount(0); // no longer cpa1's
  await expect(page.getByTestId('toasts')).toContainText('Complete step: done');

  await openList(page, 'My applications');
  await page.getByLabel('Search this list').fill(id);
  await expect(page.getByTestId('list-row').filter({ hasText: id })).toHaveCount(0);

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await loginAs(page, 'bcm1'); // CREDIT works the Credit Review step
  await openList(page, 'Team applications');
  await page.getByLabel('Search this list').fill(id);
  const row = page.getByTestId('list-row').filter({ hasText: id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Credit Review');
  await expect(row).toContainText('CREDIT');
});
