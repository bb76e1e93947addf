import { expect, test, type Page, type Route } from '@playwright/test';
import { logOut } from '../support/user-menu';
import { DEMO_PASSWORD, loginAs } from '../support/login';
import { staffSession } from '../support/portal-flow';
import { captureLoan } from '../support/staff-capture';

// Issue 26: a session that follows the officer. Activity keeps it alive (the §8 question comes only after idle
// time), and whatever ends it, unsaved edits come back to the same user after signing in again — never to another.

test.use({ viewport: { width: 1400, height: 900 } });

const SESSION_MS = 8000;

/**
 * A short session for the test: the page is told each session (login and every refresh) ends in 8 s, asks 5 s
 * before, and refreshes on activity at most once a second (GET /setup/configs/Admin/Session, as identity.spec.ts).
 */
async function shortSessions(page: Page) {
  await page.route('**/setup/configs/Admin/Session*', (route) =>
    route.fulfill({ json: { data: { validSessionTime: 900, warningBeforeSeconds: 5, warningMinExpiresIn: 0, questionTimeoutMs: 20000, activityRefreshSeconds: 1 } } }),
  );
  const shorten = async (route: Route) => {
    const response = await route.fetch();
    const json = await response.json();
    if (response.ok()) json.expiry_time = Date.now() + SESSION_MS;
    await route.fulfill({ response, json });
  };
  await page.route('**/v3/auth/login', shorten);
  await page.route('**/v3/auth/refresh-token', shorten);
}

test('activity for longer than the session keeps it alive without the warning; idle, the warning comes', async ({ page }) => {
  await shortSessions(page);
  let refreshes = 0;
  page.on('response', (r) => {
    if (r.url().endsWith('/v3/auth/refresh-token') && r.status() === 200) refreshes++;
  });
  await loginAs(page, 'cpa1');
  await expect(page.getByTestId('applications-total')).toHaveText(/^\d+$/);
  const warning = page.getByTestId('session-warning');
  // 20 s of work — two and a half session lengths — a key or a click every 700 ms.
  const until = Date.now() + 20_000;
  for (let i = 0; Date.now() < until; i++) {
    if (i % 2) await page.keyboard.press('Shift');
    else await page.mouse.click(700, 880);
    await page.waitForTimeout(700);
    await expect(warning).toHaveCount(0);
  }
  expect(refreshes).toBeGreaterThanOrEqual(5);
  await expect(page).toHaveURL(/\/backstage$/);
  await expect(page.getByTestId('session-expired')).toHaveCount(0);
  // Idle now: the question comes (3 s after the last refresh), and stays until answered.
  await expect(warning).toContainText('Your session will expire in next 1 minute. Do you wish to increase the session ?', { timeout: 6000 });
  await warning.getByRole('button', { name: 'YES' }).click();
  await expect(warning).toBeHidden();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

async function signIn(page: Page, username: string) {
  await page.goto('/');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const storedSession = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { refresh_token: string } | null);
const draftBlobs = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('lendline.drafts.')).map((k) => localStorage.getItem(k) ?? ''));

test('an edit survives a session ended elsewhere: restored with a notice for the same user, nothing for another', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const page = cpa1.page;
  const id = await captureLoan(cpa1);
  const detail = `/backstage/application?application_id=${id}`;
  await page.goto(detail);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await page.getByRole('button', { name: 'Edit Applicant details' }).click();
  const applicant = page.getByTestId('application-data').getByTestId('summary-section').filter({ has: page.getByRole('heading', { name: 'Applicant details' }) });
  const lastName = applicant.getByRole('textbox', { name: 'Last name', exact: true });
  await lastName.fill('Iyengar');
  await expect(page.getByTestId('save-button')).toBeEnabled();
  // Kept on the device as it was typed, and not readable there.
  await expect.poll(() => draftBlobs(page)).toHaveLength(1);
  expect((await draftBlobs(page))[0]).not.toContain('Iyengar');

  // The session is ended from another device (as by a logout elsewhere or an admin's forced logout); the officer's
  // Save then meets a 401 and the page goes to sign-in.
  const session = await storedSession(page);
  const elsewhere = await browser.newContext();
  expect((await elsewhere.request.post('/v3/auth/logout', { headers: { refresh_token: session!.refresh_token } })).ok()).toBe(true);
  await elsewhere.close();
  await page.getByTestId('save-button').click();
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  await expect(page.getByLabel('User name')).toBeVisible();
  expect(await draftBlobs(page)).toHaveLength(1);

  // Another user on the same browser sees nothing of it.
  await signIn(page, 'bcm1');
  await expect(page).toHaveURL(/\/backstage$/);
  await expect(page.getByTestId('user-display-name')).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByText('Your unsaved changes were restored')).toHaveCount(0);
  await expect(page).toHaveURL(/\/backstage$/);
  expect(await draftBlobs(page)).toHaveLength(1);
  // bcm1 signs out on this browser, as a colleague handing it over does. (Ending the session by an API call instead
  // raced the socket's LOGOUT push against the next page load: under the full run's load the reload came first, kept
  // the revoked session and showed the signed-in home page, which makes no call that would meet the 401.)
  await logOut(page);
  await expect(page.getByLabel('User name')).toBeVisible();

  // The same officer signs in again: back on the application, the section open with the edit, and told so.
  await signIn(page, 'cpa1');
  await expect(page.getByTestId('toasts')).toContainText('Your unsaved changes were restored');
  await expect(page).toHaveURL(new RegExp(`application\\?application_id=${id}$`));
  await expect(lastName).toHaveValue('Iyengar');
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('toasts')).toContainText('Application saved');
  await expect(applicant.getByTestId('value-lastName')).toHaveText('Iyengar');
  // Saved: nothing is kept any more.
  await expect.poll(() => draftBlobs(page)).toHaveLength(0);
  await cpa1.close();
});
