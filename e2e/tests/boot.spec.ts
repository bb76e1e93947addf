import { expect, test, type Page } from '@playwright/test';
import { watchConsole } from '../support/page-health';

// Issue 16: the boot chain. The page carries the remotes document and the default texts, so the
// first paint asks for neither; the login page loads no remote; the portal's product chooser loads
// its one remote, each file once (the preloads the page names are the ones the runtime uses).
// Requests are observed, not timed: the timings are in bench/mobile.mjs.

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(new URL(r.url()).pathname));
  return urls;
}
const counts = (urls: string[]) => urls.reduce<Record<string, number>>((acc, u) => ({ ...acc, [u]: (acc[u] ?? 0) + 1 }), {});
const INLINED = ['/config/remotes', '/assets/i18n/en.json', '/assets/i18n/shell/en.json'];

test('the staff login paints without any remote, the remotes document or the default texts being fetched', async ({ page }) => {
  const errors = watchConsole(page);
  const urls = recordRequests(page);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await page.waitForLoadState('networkidle');
  expect(urls.filter((u) => u.startsWith('/releases/') || INLINED.includes(u))).toEqual([]);
  // The preloaded chunks are the ones the page runs: none fetched twice.
  expect(Object.entries(counts(urls)).filter(([, n]) => n > 1)).toEqual([]);
  expect(errors).toEqual([]);
});

test('the product chooser loads the portal remote only, each of its files once, and signs the customer in once', async ({ page }) => {
  const errors = watchConsole(page);
  const urls = recordRequests(page);
  await page.goto('/newapplication');
  await expect(page.getByRole('heading', { name: 'Home Loan' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const remoteFiles = urls.filter((u) => u.startsWith('/releases/'));
  expect(remoteFiles.some((u) => /^\/releases\/mf-portal\/[^/]+\/remoteEntry\.js$/.test(u))).toBe(true);
  expect(remoteFiles.filter((u) => !u.startsWith('/releases/mf-portal/'))).toEqual([]);
  expect(Object.entries(counts(urls)).filter(([, n]) => n > 1)).toEqual([]);
  expect(urls.filter((u) => INLINED.includes(u))).toEqual([]);
  expect(urls.filter((u) => u === '/tokenApi/getToken')).toHaveLength(1);
  expect(errors).toEqual([]);
});

test('a language other than the default still loads its texts', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lendline.language', 'hi'));
  const urls = recordRequests(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  expect(urls).toContain('/assets/i18n/hi.json');
  expect(urls).not.toContain('/assets/i18n/en.json');
});
