import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 19: lists that use the screen — fluid width, columns sized to their content, resizable and remembered,
// the id and the applicant never cut, cut values whole on hover and focus, §9 formats, keyboard alone.

const LIST = '/backstage/lists/all-applications';
// Set to a folder to keep screenshots of the list at 1400×900 and 390×844 (not part of the assertions).
const SCREENS = process.env.LIST_SCREENS_DIR;

test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;

// One sign-in for the whole file: the tests run in order on one page.
test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  page = await context.newPage();
  await loginAs(page, 'bh1');
});
test.afterAll(async () => {
  await context.close();
});

async function openAllApplications() {
  await page.goto(LIST);
  await expect(page.getByTestId('list-count')).toHaveText(/\d+\+? applications/);
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  await expect(page.locator('.ll-list-scroll[aria-busy="true"]')).toHaveCount(0);
}

/** The 1-based position of a column in the table (the tick-box column counts). */
async function columnAt(name: string): Promise<number> {
  const headers = (await page.getByTestId('list-table').locator('thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim());
  const i = headers.indexOf(name);
  expect(i, `column ${name}`).toBeGreaterThan(-1);
  return i + 1;
}

const cut = (cell: Locator) => cell.evaluate((el) => el.scrollWidth > el.clientWidth);
const widthOf = async (handle: Locator) => Number(await handle.getAttribute('aria-valuenow'));

test('at 1400×900 the table uses the page width; no id or applicant is cut; amounts and dates read as §9 says', async () => {
  await openAllApplications();
  const box = (await page.locator('.ll-list-scroll').boundingBox())!;
  expect(box.width).toBeGreaterThan(1400 - 120); // the shell's 72rem (1,152 px) column is gone
  const table = (await page.getByTestId('list-table').boundingBox())!;
  expect(table.width).toBeGreaterThanOrEqual(box.width - 2);

  const rows = page.getByTestId('list-row');
  const n = await rows.count();
  expect(n).toBeGreaterThan(1);
  const id = await columnAt('Application ID');
  const applicant = await columnAt('Applicant');
  for (let r = 0; r < n; r++) {
    for (const c of [id, applicant]) {
      const cell = rows.nth(r).locator(`td:nth-child(${c})`);
      expect(await cut(cell), `row ${r + 1}, column ${c}: ${await cell.innerText()}`).toBe(false);
    }
  }

  const amount = await columnAt('Loan amount');
  const amounts = (await rows.locator(`td:nth-child(${amount})`).allInnerTexts()).map((t) => t.trim()).filter(Boolean);
  expect(amounts.length).toBeGreaterThan(0);
  for (const a of amounts) expect(a).toMatch(/^(\d{1,2},)?(\d{2},)*\d{1,3}(\.\d{2})?$/); // lakh grouping
  expect(amounts.some((a) => /^\d{1,2}(,\d{2})*,\d{3}/.test(a) && a.split(',').length >= 3)).toBe(true); // a lakh or more: "12,40,000"
  await expect(rows.first().locator(`td:nth-child(${amount})`)).toHaveCSS('text-align', 'right');
  const created = await columnAt('Created');
  for (const d of await rows.locator(`td:nth-child(${created})`).allInnerTexts()) expect(d.trim()).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} [AP]M$/);

  const axe = await new AxeBuilder({ page }).include('.ll-list-page').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)).toEqual([]);
});

test('a column resized by keyboard and by pointer keeps its width after a reload; a cut value shows whole on hover and focus', async () => {
  await openAllApplications();
  // The handles arrive when the pointer (or focus) first enters the header.
  await page.getByTestId('list-table').locator('thead').hover();
  // Keyboard: the Stage column made narrow, so its values are cut.
  const stageHandle = page.getByRole('separator', { name: 'Resize column Stage' });
  const stageBefore = await widthOf(stageHandle);
  const taskAtStart = await widthOf(page.getByRole('separator', { name: 'Resize column Task' }));
  await stageHandle.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowLeft');
  const stageAfter = await widthOf(stageHandle);
  expect(stageAfter).toBeLessThan(stageBefore);
  // Pointer: the Task column dragged 80 px wider.
  const taskHandle = page.getByRole('separator', { name: 'Resize column Task' });
  const taskBefore = await widthOf(taskHandle);
  const grip = (await taskHandle.boundingBox())!;
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2 + 40, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.move(grip.x + grip.width / 2 + 80, grip.y + grip.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => widthOf(taskHandle)).toBe(taskBefore + 80);

  await page.reload();
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  await expect(page.locator('.ll-list-scroll[aria-busy="true"]')).toHaveCount(0);
  await page.getByTestId('list-table').locator('thead').hover();
  await expect.poll(() => widthOf(stageHandle)).toBe(stageAfter);
  await expect.poll(() => widthOf(taskHandle)).toBe(taskBefore + 80);

  // Hover: a cut Stage value shows whole in a tip.
  const stage = await columnAt('Stage');
  const cells = page.getByTestId('list-row').locator(`td:nth-child(${stage})`);
  let r = 0;
  for (const n = await cells.count(); r < n && !(await cut(cells.nth(r))); r++);
  const cell = cells.nth(r);
  expect(await cut(cell), 'a Stage value is cut at this width').toBe(true);
  const whole = (await cell.innerText()).trim();
  await cell.hover();
  await expect(page.getByRole('tooltip')).toHaveText(whole);
  const tip = (await page.getByRole('tooltip').boundingBox())!;
  expect(tip.width).toBeGreaterThan((await cell.boundingBox())!.width);
  await page.mouse.move(5, 5);
  await expect(page.getByRole('tooltip')).toHaveCount(0);

  // Focus: the row, then Right across its cells to the Stage cell; the tip describes it.
  await page.getByTestId('list-row').nth(r).focus();
  const dataCol = Number(await cell.getAttribute('data-col'));
  for (let i = 0; i <= dataCol; i++) await page.keyboard.press('ArrowRight');
  await expect(cell).toBeFocused();
  await expect(page.getByRole('tooltip')).toHaveText(whole);
  await expect(cell).toHaveAttribute('aria-describedby', (await page.getByRole('tooltip').getAttribute('id'))!);

  // Home on a handle returns the column to its automatic width. Automatic widths share the frame (issue 26: columns
  // fit it when they can), so with Task still widened Stage's is narrower: both are back once both are reset.
  await stageHandle.focus();
  await page.keyboard.press('Home');
  await taskHandle.focus();
  await page.keyboard.press('Home');
  await expect.poll(() => widthOf(taskHandle)).toBe(taskAtStart);
  await expect.poll(() => widthOf(stageHandle)).toBe(stageBefore);
});

test('the grid view is a card grid that reflows: several cards a line on a wide screen, one on a phone', async () => {
  await openAllApplications();
  if (SCREENS) {
    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: join(SCREENS, 'list-1400.png') });
  }
  const perLine = () =>
    page.getByTestId('list-card').evaluateAll((cards) => cards.filter((c) => c.getBoundingClientRect().top === cards[0].getBoundingClientRect().top).length);
  await page.getByRole('button', { name: 'Grid', exact: true }).click();
  await expect(page.getByTestId('list-card').nth(1)).toBeVisible();
  expect(await perLine()).toBeGreaterThanOrEqual(4);
  if (SCREENS) await page.screenshot({ path: join(SCREENS, 'list-grid-1400.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(perLine).toBe(1);
  const axe = await new AxeBuilder({ page }).include('[data-testid="list-grid"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  // On a phone the table scrolls sideways inside its box with the id column pinned.
  const scroller = page.locator('.ll-list-scroll');
  await scroller.evaluate((el) => (el.scrollLeft = 400));
  const idCell = page.getByTestId('list-row').first().locator('td.ll-pin');
  await expect.poll(async () => Math.round((await idCell.boundingBox())!.x - (await scroller.boundingBox())!.x)).toBeLessThanOrEqual(41);
  if (SCREENS) {
    await scroller.evaluate((el) => (el.scrollLeft = 0));
    await page.getByRole('heading', { level: 2, name: 'All applications' }).evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: join(SCREENS, 'list-390.png') });
  }
  await page.setViewportSize({ width: 1400, height: 900 });
});

test('keyboard alone: from the list, open an application and change its work tab', async () => {
  await page.goto(LIST);
  await expect(page.getByTestId('list-row').first()).toBeVisible();
  await expect(page.locator('.ll-list-scroll[aria-busy="true"]')).toHaveCount(0);
  const onRow = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'list-row');
  let presses = 0;
  while (!(await onRow()) && presses++ < 120) await page.keyboard.press('Tab');
  expect(await onRow(), 'Tab reaches the rows').toBe(true);
  await page.keyboard.press('ArrowDown');
  const focused = page.locator('[data-testid="list-row"]:focus');
  const id = (await focused.locator('td a').innerText()).trim();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/backstage/application\\?application_id=${id}`));
  await expect(page.getByTestId('detail-id')).toHaveText(id);

  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  expect(await tabs.count()).toBeGreaterThan(1);
  const onTab = () => page.evaluate(() => document.activeElement?.getAttribute('role') === 'tab');
  presses = 0;
  while (!(await onTab()) && presses++ < 120) await page.keyboard.press('Tab');
  expect(await onTab(), 'Tab reaches the work tabs').toBe(true);
  // The tab list Tab reached (the page may have more than one): Right moves to its next tab and selects it.
  const state = () =>
    page.evaluate(() => {
      const tab = document.activeElement as HTMLElement;
      const list = tab.closest('[role="tablist"]');
      const chosen = list?.querySelector('[role="tab"][aria-selected="true"]');
      return { focused: tab.textContent, selected: chosen?.textContent, focusedIsSelected: chosen === tab };
    });
  const before = await state();
  expect(before.focusedIsSelected).toBe(true);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter'); // manual-activation tab lists select on Enter; automatic ones already did
  await expect.poll(state).toMatchObject({ focusedIsSelected: true });
  const after = (await state()).selected!;
  expect(after).not.toBe(before.selected);
  await expect(page.getByRole('tabpanel', { name: after })).toBeVisible();
});
