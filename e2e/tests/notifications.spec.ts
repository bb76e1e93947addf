import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 13, the client: the bell (mf-notifications' ./Bell in the shell header), the §8 toast, the page.

const TOAST = 'You have new notification';

/** The bell's unread count once the socket has connected and counted (data-unread is set by UPDATE_COUNT_RESULT). */
async function unreadOf(page: Page): Promise<number> {
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', /^\d+$/);
  return Number(await bell.getAttribute('data-unread'));
}

/** A POST with the §7 session headers of the user signed in on `page` (its stored session). */
async function post(page: Page, path: string, data: object) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await page.request.post(path, { data, headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { data: { application_id: string } };
}

/**
 * A fresh CPA-NORTH team application (cpa1 creates it and releases it to the team's queue: a TEAM notification
 * for cpa2 too), then assigned by bcm1 to cpa2 (ASSIGNED): two notifications for cpa2 within a second.
 * Created here rather than picked from the seed, whose Pending rows the other journeys take.
 */
async function assignNewOneToCpa2(cpa1: Page, bcm1: Page): Promise<string> {
  const created = await post(cpa1, '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Bell', lastName: 'Journey', mobile: '9876543210', email: 'bell@example.in' }],
    customFields: { loanAmount: 250000 },
  });
  const id = created.data.application_id;
  await post(cpa1, '/v3/application/action/release', { application_id: id, verNum: 1 });
  await post(bcm1, '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' });
  return id;
}

test('cpa2 is told at once when bcm1 assigns work: the toast once, the bell count, the page, mark viewed', async ({ page, browser }) => {
  await loginAs(page, 'cpa2');
  const before = await unreadOf(page);

  const cpa1Context = await browser.newContext();
  const bcm1Context = await browser.newContext();
  const cpa1 = await cpa1Context.newPage();
  const bcm1 = await bcm1Context.newPage();
  await loginAs(cpa1, 'cpa1');
  await loginAs(bcm1, 'bcm1');
  const id = await assignNewOneToCpa2(cpa1, bcm1);
  await cpa1Context.close();
  await bcm1Context.close();

  // The toast at top center, once, and the bell counts the new one (UPDATE_COUNT after NEW).
  await expect(page.getByText(TOAST, { exact: true })).toBeVisible();
  await expect(page.getByText(TOAST, { exact: true })).toHaveCount(1);
  await expect.poll(() => unreadOf(page)).toBeGreaterThan(before);

  // The bell leads to the page, which lists it newest first, unread.
  await page.getByTestId('notification-bell').click();
  await expect(page).toHaveURL(/\/backstage\/notifications$/);
  const row = page.getByTestId('notification-row').filter({ hasText: `${id} (` }).filter({ hasText: 'is assigned to you' });
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('notification-row').first()).toContainText(id);
  await expect(row).toContainText('ASSIGNED');
  await expect(row).toContainText('bcm1');
  await expect(row).toHaveAttribute('data-status', 'unread');
  const unread = await unreadOf(page);

  // Mark viewed goes through the socket (UPDATE_VIEW → UPDATE_VIEW_RESULT) and the bell follows.
  await row.getByRole('button', { name: 'Mark viewed' }).click();
  await expect(row).toHaveAttribute('data-status', 'viewed');
  await expect(row.getByTestId('notification-state')).toHaveText('Viewed');
  await expect.poll(() => unreadOf(page)).toBe(unread - 1);
  // It stays viewed after a reload (the server's state, not only the page's).
  await page.reload();
  await expect(page.getByTestId('notification-row').filter({ hasText: `${id} (` }).filter({ hasText: 'is assigned to you' })).toHaveAttribute('data-status', 'viewed');
});

test('with mf-notifications down the header works on without a bell', async ({ page }) => {
  await page.route('**/releases/mf-notifications/**', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await loginAs(page, 'cpa2');
  await expect(page.getByTestId('user-display-name')).toBeVisible();
  await page.getByRole('link', { name: 'Applications', exact: true }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
});

test('a session ended elsewhere reaches the open page through the socket: LOGOUT → session expired, back to the start', async ({ page, browser }) => {
  await loginAs(page, 'cpa2');
  await unreadOf(page); // the socket is up
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { refresh_token: string });
  // Another device (no shared storage) logs this session out with its refresh token.
  const other = await browser.newContext();
  const out = await other.request.post('/v3/auth/logout', { headers: { refresh_token: stored.refresh_token } });
  expect(out.status()).toBeLessThan(300);
  await other.close();
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  await expect(page.getByLabel('User name')).toBeVisible();
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
});

test('logging out in this tab is not reported as an expired session (its own LOGOUT push is expected)', async ({ page }) => {
  await loginAs(page, 'cpa2');
  await unreadOf(page);
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByLabel('User name')).toBeVisible();
  // The push may trail the logout reply; give it time to arrive before checking that nothing was said.
  await page.waitForTimeout(1000);
  await expect(page.getByText('Session expired. Please login again.')).toHaveCount(0);
});
