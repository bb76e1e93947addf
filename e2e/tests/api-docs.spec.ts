import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/page-health';

// Issue 11: an integrator reads the API at /docs/api without signing in. The reference page runs under its own
// Content-Security-Policy (the package's scripts only), lists the operations by area with their summaries, and
// shows an operation's request schema and its §8 errors.

test('the API reference renders the operations of every area, with no console error or CSP violation', async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto('/docs/api');
  expect(response!.status()).toBeLessThan(400);
  // The reference fetches and lays out the whole document (some 240 operations) before its heading shows: under the
  // full run's load that took longer than the default 10 s (the page still said "loading").
  await expect(page.getByRole('heading', { name: /Lendline API/ })).toBeVisible({ timeout: 30_000 });
  // The reference draws only the operations near the view (the document has grown past what it draws at once):
  // reading it top to bottom, every area's heading comes into view in turn.
  const areas = ['identity', 'platform', 'backstage', 'portal', 'tasks', 'queries', 'credit', 'approvals', 'documents', 'notifications', 'managers', 'video', 'leads', 'pricing'];
  const seen = new Set<string>();
  for (let step = 0; step < 400 && seen.size < areas.length; step++) {
    for (const id of await page.locator('[id^=operations-tag-]').evaluateAll((els) => els.map((e) => e.id.replace('operations-tag-', '')))) seen.add(id);
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(30);
  }
  expect([...seen].sort()).toEqual([...areas].sort());
  await page.evaluate(() => window.scrollTo(0, 0));
  // One operation opened: its summary, its parameters and the §8 error replies are there.
  const login = page.locator('#operations-identity-post_v3_auth_login');
  await expect(login).toBeVisible();
  await login.locator('.opblock-summary').click();
  await expect(login.getByText('Responses')).toBeVisible();
  await expect(login.locator('.responses-table')).toContainText('429');
  expect(errors).toEqual([]);
});

test('the document and the GraphQL schema are served as data', async ({ request }) => {
  const doc = await request.get('/docs/api/json');
  expect(doc.ok()).toBe(true);
  const body = await doc.json();
  expect(body.paths['/v3/graphql'].post.summary).toBeTruthy();
  const sdl = await request.get('/docs/api/schema.graphql');
  expect(await sdl.text()).toContain('type ApplicationListItem');
});
