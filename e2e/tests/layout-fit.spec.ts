import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 30: at 1280 and 1400 px every list and the application page fit — the page never scrolls sideways and no
// column header is cut off or clipped — and no English staff page uses an emoji or a unicode symbol as an icon (the
// same rule as the Hindi walk: such characters render as empty boxes on a machine without an emoji font).
//
// How a list fits: its default columns share the frame's width (issue 26) and the table does not scroll; the table
// scrolls sideways inside its own frame only when the columns a person chose (or widened) exceed it. Cut cell values
// keep their tooltip (lists-layout.spec.ts).

const ICON_CHARS = /[\p{Extended_Pictographic}\u2713-\u2718\u00D7\u25B2-\u25BE\u25C0-\u25C4\u2630]/u;
const VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 1400, height: 900 },
];

test.describe.configure({ mode: 'serial' });

/** Nothing wider than the window: the page itself never scrolls sideways. */
async function noSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where}: the page scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

/** Emoji or symbol characters used as icons: in the page's text, and in what buttons, links and images show. */
async function iconChars(page: Page): Promise<string[]> {
  const { text, shown } = await page.evaluate(() => ({
    text: document.body.innerText,
    shown: [...document.querySelectorAll('button, a, [role="img"], [aria-hidden="true"]')].map((e) => e.textContent ?? ''),
  }));
  return [...shown, text].flatMap((s) => [...s.matchAll(new RegExp(ICON_CHARS.source, 'gu'))].map((m) => m[0]));
}

/** Every header cell of the list table lies inside the table's frame and the window, and shows its whole label. */
async function headersWhole(page: Page, where: string) {
  const cells = await page.getByTestId('list-table').locator('thead th').evaluateAll((ths) => {
    const frame = ths[0]?.closest('.ll-list-scroll')?.getBoundingClientRect();
    return ths.map((th) => {
      const r = th.getBoundingClientRect();
      const label = th.querySelector('.ll-sort, .ll-th-label') ?? th;
      return {
        name: (th.textContent ?? '').trim(),
        inFrame: !frame || (r.left >= frame.left - 1 && r.right <= frame.right + 1),
        inWindow: r.left >= -1 && r.right <= window.innerWidth + 1,
        clipped: label.scrollWidth > label.clientWidth + 1 || th.scrollWidth > th.clientWidth + 1,
      };
    });
  });
  expect(cells.length, `${where}: header cells`).toBeGreaterThan(2);
  for (const c of cells) {
    expect(c.inFrame && c.inWindow, `${where}: column "${c.name}" is cut off`).toBe(true);
    expect(c.clipped, `${where}: column "${c.name}" shows only part of its label`).toBe(false);
  }
  // The default columns fit: the table's frame does not scroll sideways either.
  const overflow = await page.locator('.ll-list-scroll').first().evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, `${where}: the list's columns exceed its frame`).toBeLessThanOrEqual(1);
}

test('the lists, the application page and the other staff pages fit at 1280 and 1400 px, with no emoji icon', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext({ viewport: VIEWPORTS[0] });
  const page = await context.newPage();
  await loginAs(page, 'bh1');
  const nav = page.getByRole('navigation', { name: 'Application lists' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  const lists = await nav.getByRole('link').evaluateAll((links) => links.map((a) => ({ name: (a.textContent ?? '').replace(/\s+\d+\+?$/, '').trim(), href: a.getAttribute('href')! })));
  expect(lists.length, 'the lists bh1 sees').toBeGreaterThan(3);
  const icons: Record<string, string[]> = {};

  let applicationId: string | null = null;
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    for (const list of lists) {
      const where = `${list.href} at ${viewport.width}`;
      await page.goto(list.href);
      await expect(page.getByTestId('list-count')).toHaveText(/\d/);
      await expect(page.locator('.ll-list-scroll[aria-busy="true"]')).toHaveCount(0);
      await noSidewaysScroll(page, where);
      if ((await page.getByTestId('list-row').count()) > 0) {
        await headersWhole(page, where);
        applicationId ??= (await page.getByTestId('list-row').first().locator('td a').first().innerText()).trim();
      }
      icons[list.href] = await iconChars(page);
    }

    // The application page: the header's tools wrap under the id instead of pushing it apart; nothing past the window.
    expect(applicationId, 'an application to open').toBeTruthy();
    await page.goto(`/backstage/application?application_id=${applicationId}`);
    await expect(page.getByTestId('detail-id')).toHaveText(applicationId!);
    await expect(page.getByRole('tab').first()).toBeVisible();
    await noSidewaysScroll(page, `application page at ${viewport.width}`);
    const header = await page.locator('.ll-detail-header').evaluate((h) => {
      const box = h.getBoundingClientRect();
      const tools = h.querySelector('[role="toolbar"]')?.getBoundingClientRect();
      const id = h.querySelector('[data-testid="detail-id"]')!.getBoundingClientRect();
      const outside = [...h.querySelectorAll<HTMLElement>('button, a, dd')].filter((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1);
      });
      return { right: box.right, width: window.innerWidth, idRight: id.right, toolsLeft: tools?.left ?? null, outside: outside.map((e) => e.textContent) };
    });
    expect(header.right, 'the application header fits the window').toBeLessThanOrEqual(header.width);
    expect(header.outside, 'nothing sticks out of the application header').toEqual([]);
    if (header.toolsLeft !== null) expect(header.toolsLeft, 'the tools stay clear of the id').toBeGreaterThanOrEqual(header.idRight);
    icons['application page'] = await iconChars(page);

    // The other staff pages bh1 works in: the inbox, notifications, video calls, dashboard and reports.
    for (const [path, ready] of [
      ['/backstage/tasks', page.getByTestId('task-inbox')],
      ['/backstage/notifications', page.getByRole('toolbar', { name: 'Filter notifications' })],
      ['/backstage/video', page.getByRole('heading', { name: 'My video calls' })],
      ['/backstage/dashboard', page.getByTestId('chart-pipeline')],
      ['/backstage/reports', page.getByRole('heading', { name: 'Reports', level: 1 })],
    ] as const) {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await noSidewaysScroll(page, `${path} at ${viewport.width}`);
      icons[path] = await iconChars(page);
    }
  }
  expect(Object.fromEntries(Object.entries(icons).filter(([, found]) => found.length)), 'emoji or symbols used as icons').toEqual({});
  await context.close();
});
