import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { read, utils } from 'xlsx';
import { loginAs } from '../support/login';
import { choose, dateValue, kitSelect } from '../support/kit';

// Issue 18: the managers' dashboard (bh1) and the optional chat bot, on the production build.

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The dashboard's own call, with the session of the user signed in on `page`. */
async function dashboardApi(page: Page, body: object) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await page.request.post('/backstage/dashboard', { data: body, headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { pipeline: { stepName: string; product_code: string; count: number }[]; slaByTeam: { team: string }[] };
}

test('bh1 opens the dashboard, filters by branch, reads the pipeline and SLA breaches as numbers, exports', async ({ page }) => {
  await loginAs(page, 'bh1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/backstage\/dashboard$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByTestId('chart-pipeline').getByRole('img')).toBeVisible();

  await choose(kitSelect(page, 'Branch'), 'South Branch');
  await page.getByRole('button', { name: 'Apply' }).click();
  const from = await dateValue(page.getByTestId('dashboard-from'));
  const to = await dateValue(page.getByTestId('dashboard-to'));
  expect(from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const south = await dashboardApi(page, { from, to, branch: ['BR-SOUTH'] });
  const all = await dashboardApi(page, { from, to });
  const southTotal = south.pipeline.reduce((s, p) => s + p.count, 0);
  expect(southTotal).toBeGreaterThan(0);
  expect(southTotal).toBeLessThan(all.pipeline.reduce((s, p) => s + p.count, 0));

  // The pipeline's numbers on demand: the rows of South only.
  const pipeline = page.getByTestId('chart-pipeline');
  await pipeline.getByRole('button', { name: 'Show numbers' }).click();
  const cells = pipeline.getByRole('table').locator('tbody tr td:last-child');
  await expect(cells).toHaveCount(south.pipeline.length);
  const shown = (await cells.allTextContents()).reduce((s, v) => s + Number(v.replace(/,/g, '')), 0);
  expect(shown).toBe(southTotal);

  // SLA breaches by team, as a chart and as a table.
  const sla = page.getByTestId('chart-slaByTeam');
  await expect(sla.getByRole('heading', { name: 'SLA breaches by team' })).toBeVisible();
  await sla.getByRole('button', { name: 'Show numbers' }).click();
  await expect(sla.getByRole('columnheader', { name: 'Open overdue' })).toBeVisible();
  await expect(sla.getByRole('table').locator('tbody tr')).toHaveCount(south.slaByTeam.length);
  await expect(sla.getByRole('button', { name: 'Hide numbers' })).toHaveAttribute('aria-expanded', 'true');

  // Export: one workbook, a sheet per chart, the pipeline sheet holding South's figures.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export to xlsx' }).click()]);
  expect(download.suggestedFilename()).toBe(`dashboard_${from}_${to}.xlsx`);
  const wb = read(readFileSync(await download.path()));
  expect(wb.SheetNames).toHaveLength(6);
  const rows = utils.sheet_to_json<(string | number)[]>(wb.Sheets[wb.SheetNames[0]], { header: 1 });
  expect(rows[2]).toEqual(['Step', 'Product', 'Applications']);
  expect(rows.slice(3).reduce((s, r) => s + Number(r[2]), 0)).toBe(southTotal);
});

test('a chart figure opens the applications it counts: by keyboard from the numbers, by pointer from a bar', async ({ page }) => {
  await loginAs(page, 'bh1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  const pipeline = page.getByTestId('chart-pipeline');
  await pipeline.getByRole('button', { name: 'Show numbers' }).click();
  // The first row's number is a link named for its figure; Enter on it opens the list.
  const row = pipeline.getByRole('table').locator('tbody tr').first();
  const [step, product] = [await row.locator('th').textContent(), await row.locator('td').first().textContent()];
  const link = row.getByRole('link');
  await expect(link).toHaveAccessibleName(new RegExp(`^Applications, ${esc(step!)} · ${esc(product!)}: [0-9,]+ — list these applications$`));
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/backstage\/dashboard\/applications\?chart=pipeline&/);
  await expect(page.getByRole('heading', { name: 'Applications behind the dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(`In the pipeline at ${step} (${product})`)).toBeVisible();
  const params = new URL(page.url()).searchParams;
  const bar = (await dashboardApi(page, { from: params.get('from'), to: params.get('to') })).pipeline.find((p) => p.stepName === step && p.product_code === product)!;
  await expect(page.getByTestId('drill-count')).toHaveText(`${bar.count.toLocaleString('en-IN')} applications`);
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(bar.count, 25));
  for (const cells of await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)))) {
    expect([cells[1], cells[2], cells[4]]).toEqual([product, step, 'Active']);
  }

  // Back on the dashboard, a bar opens the same list; an application of the list opens its page.
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await pipeline.locator('rect[data-drill]').first().click();
  await expect(page.getByText(`In the pipeline at ${step} (${product})`)).toBeVisible();
  const first = rows.first().getByRole('link');
  const id = await first.textContent();
  await first.click();
  await expect(page).toHaveURL(new RegExp(`/backstage/application\\?application_id=${id}$`));
});

test('the chat bot, when enabled, loads once across navigations; switched off it never loads', async ({ page }) => {
  const widgetRequests: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/chatbot-widget.js')) widgetRequests.push(r.url());
  });
  // Switched off (the seeded default): nothing is loaded.
  await loginAs(page, 'bh1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('chart-pipeline')).toBeVisible();
  expect(widgetRequests).toHaveLength(0);
  await expect(page.locator('#ll-chatbot')).toHaveCount(0);

  // Enabled (the config answer as an admin would set it): loaded once, whatever the navigation.
  await page.route('**/setup/configs/Chat/ChatBot*', (route) =>
    route.fulfill({ json: { data: { title: 'Loan assistant', greeting: 'Hello! How can I help with your application?', scriptUrl: '/chatbot-widget.js' } } }),
  );
  await page.reload();
  const bot = page.getByRole('button', { name: 'Loan assistant' });
  await expect(bot).toBeVisible();
  for (const link of ['Reports', 'Dashboard', 'All applications', 'Dashboard']) {
    await page.getByRole('link', { name: link, exact: true }).first().click();
    await expect(page.locator('main')).toBeVisible();
  }
  await page.getByRole('link', { name: 'Notifications' }).first().click();
  await expect(page).toHaveURL(/notifications/);
  await page.goBack();
  await expect(page.locator('script[data-ll-chatbot]')).toHaveCount(1);
  await expect(page.locator('#ll-chatbot')).toHaveCount(1);
  expect(widgetRequests).toHaveLength(1);
  await bot.click();
  await expect(page.getByRole('dialog', { name: 'Loan assistant' })).toHaveText('Hello! How can I help with your application?');
});

test('a chat bot widget that fails to load leaves the page working', async ({ page }) => {
  await page.route('**/setup/configs/Chat/ChatBot*', (route) => route.fulfill({ json: { data: { title: 'Bot', scriptUrl: '/chatbot-widget.js' } } }));
  await page.route('**/chatbot-widget.js', (route) => route.abort());
  await loginAs(page, 'bh1');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByTestId('chart-pipeline').getByRole('img')).toBeVisible();
  await expect(page.locator('#ll-chatbot')).toHaveCount(0);
});
