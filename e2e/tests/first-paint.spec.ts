import { expect, test, type Page, type Route } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/login';
import { watchConsole } from '../support/page-health';

// Issue 31: the staff login and the applicant's landing page paint from the HTML the server sends (React rendered on
// the server, its stylesheets in the page by the response's nonce), before any script of the page runs, then
// hydrate. What is typed before the script arrives is kept and goes through the same RSA encryption; the page's CSP
// has no 'unsafe-inline'.

/** Holds every script of the page back until `release()`: the page shows only what its HTML paints. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route(/\.js(\?|$)/, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('the login form painted from HTML keeps what is typed before the script, then signs in encrypted', async ({ page }) => {
  const errors = watchConsole(page);
  const release = await holdScripts(page);
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/v3/auth/login')) logins.push(r.postData() ?? '');
  });
  // 'commit': the page's deferred scripts are held, so DOMContentLoaded waits for them.
  await page.goto('/', { waitUntil: 'commit' });
  // No script has run: the form is the server's markup, and it cannot be submitted natively with a clear password.
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  await page.getByLabel('User name').pressSequentially('cpa1');
  await page.getByLabel('Password', { exact: true }).pressSequentially(DEMO_PASSWORD);
  await page.getByLabel('Password', { exact: true }).press('Enter');
  expect(page.url()).not.toContain(DEMO_PASSWORD);

  release();
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await expect(page.getByLabel('User name')).toHaveValue('cpa1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/backstage/);
  // The password travelled RSA-encrypted (§9), never as typed.
  expect(logins).toHaveLength(1);
  expect(logins[0]).not.toContain(DEMO_PASSWORD);
  expect(errors).toEqual([]);
});

test('a language picked on the painted page before the script is the one the page shows once hydrated', async ({ page }) => {
  const errors = watchConsole(page);
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
  // The server's <select>: the browser changes it, no handler is there yet to hear it.
  await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');

  release();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('button', { name: 'साइन इन करें' })).toBeEnabled();
  await expect(page.getByRole('combobox', { name: 'भाषा' })).toHaveValue('hi');
  expect(errors).toEqual([]);
});

test.describe('the landing page at 390×844', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('shows the products from HTML before any script, then hydrates without asking for them again', async ({ page }) => {
    const errors = watchConsole(page);
    const release = await holdScripts(page);
    const summaryReads: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/v3/portal/products') summaryReads.push(r.url());
    });
    await page.goto('/newapplication?campaign_id=PAINT', { waitUntil: 'commit' });
    // Real content, no spinner: the cards with their facts, the Apply link keeping the campaign.
    const pl = page.locator('[data-product="PL"]');
    await expect(pl.getByRole('heading', { level: 2, name: 'Personal Loan' })).toBeVisible();
    await expect(pl.getByTestId('product-amount')).toHaveText('₹50,000 to ₹40,00,000');
    await expect(page.getByRole('link', { name: /^Apply for / })).toHaveCount(3);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // Styled by the page's first-paint sheets (no script has added any): the cards are laid out as cards.
    expect(await pl.evaluate((el) => getComputedStyle(el).display)).toBe('flex');

    release();
    // Hydrated: the calculator disclosure works (its chunk loads on first open) and Apply navigates in the page.
    await pl.getByText('Work out your EMI').click();
    await expect(pl.getByRole('status')).toBeVisible();
    await pl.getByRole('link', { name: 'Apply for Personal Loan' }).click();
    await expect(page).toHaveURL(/product_code=PL/);
    await expect(page).toHaveURL(/campaign_id=PAINT/);
    // The page hydrated from the summary the server painted with: no second read of it.
    expect(summaryReads).toEqual([]);
    expect(errors).toEqual([]);
  });
});

test("the policy has no 'unsafe-inline': the first paint's sheets come by the page's nonce, / and /newapplication run without a violation", async ({ page }) => {
  const errors = watchConsole(page);
  const response = await page.goto('/');
  const csp = response!.headers()['content-security-policy'];
  // Files, the first paint's sheets in the page and react-aria's own two <style> elements, by the page's nonce
  // (never 'unsafe-inline').
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  // The only style elements are the server's first-paint sheets, each with this response's nonce; every other
  // sheet is a file or a constructed one.
  expect(await styleElements(page)).toEqual([
    { firstPaint: true, href: expect.stringMatching(/^\/fonts\.[0-9a-f]+\.css$/), nonce },
    { firstPaint: true, href: expect.stringMatching(/^\/first-paint\.[0-9a-f]+\.css$/), nonce },
  ]);
  const landing = await page.goto('/newapplication');
  const landingNonce = /'nonce-([^']+)'/.exec(landing!.headers()['content-security-policy'])![1];
  expect(landingNonce).not.toBe(nonce);
  await expect(page.getByRole('link', { name: /^Apply for / })).toHaveCount(3);
  await page.locator('[data-product="PL"]').getByText('Work out your EMI').click();
  await expect(page.locator('[data-product="PL"]').getByRole('status')).toBeVisible();
  expect((await styleElements(page)).map((s) => [s.firstPaint, s.href.replace(/\.[0-9a-f]+\.css$/, ''), s.nonce])).toEqual([
    [true, '/fonts', landingNonce],
    [true, '/first-paint', landingNonce],
    [true, expect.stringMatching(/^\/releases\/mf-portal\/[^/]+\/landing$/), landingNonce],
  ]);
  expect(errors).toEqual([]);
});

/** The page's <style> elements: whether the server put them there for the first paint, for which file, with which nonce. */
const styleElements = (page: Page) =>
  page.locator('style').evaluateAll((els) => els.map((el) => ({ firstPaint: el.hasAttribute('data-first-paint'), href: el.getAttribute('data-href') ?? '', nonce: (el as HTMLStyleElement).nonce })));

/** What the first paint needs over the wire: the page and the stylesheets it links (compressed, headers included). */
async function bytesToFirstPaint(page: Page, path: string): Promise<number> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const sheets = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => l.href));
    const css = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => sheets.has(r.name));
    return nav.transferSize + css.reduce((n, r) => n + r.transferSize, 0);
  });
}

test('bytes to first paint: / ≤ 60 KB, /newapplication ≤ 150 KB', async ({ page }) => {
  expect(await bytesToFirstPaint(page, '/')).toBeLessThanOrEqual(60 * 1024);
  expect(await bytesToFirstPaint(page, '/newapplication')).toBeLessThanOrEqual(150 * 1024);
});
