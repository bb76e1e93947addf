import { expect, test } from '@playwright/test';
import { watchConsole } from '../support/page-health';

// Issue 11: an integrator reads the API at /docs/api without signing in. The reference page runs under its own
// Content-Security-Policy (the package's scripts only), lists the operations by area with their summaries, and
// shows an operation's request schema and its §8 errors.

test('the API reference renders the operations of every area, with no console error or CSP violation', async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto('/docs/api');
  expect(response!.status()).toBeLessThan(400);
  await expect(page.getByRole('heading', { name: /Lendline API/ })).toBeVisible();
  for (const area of ['identity', 'platform', 'backstage', 'portal']) {
    await expect(page.locator(`#operations-tag-${area}`)).toBeVisible();
  }
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
