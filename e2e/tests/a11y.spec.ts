import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { gotoStep, startApplication } from '../support/portal-flow';

// Issue 19: accessibility checked, not assumed. axe-core over every kind of page the journeys visit,
// no violation of impact serious or critical. One browser context per role (anonymous, credit
// officer, branch head, applicant on a phone), each signed in once; soft assertions so one run names
// every page's findings. No rule is disabled on any page.

type Finding = { rule: string; impact: string | null | undefined; targets: string[] };

async function audit(page: Page, name: string) {
  // The page has settled: no region still loading.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  const { violations } = await builder.analyze();
  const findings: Finding[] = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
  for (const f of findings) console.log(`axe ${name} | ${f.rule} (${f.impact}) | ${f.targets.join(' ; ')}`);
  expect.soft(findings, `${name}: serious or critical axe violations`).toEqual([]);
}

async function staff(browser: Browser, user: string, viewport = { width: 1400, height: 900 }) {
  const page = await (await browser.newContext({ viewport })).newPage();
  await loginAs(page, user);
  return page;
}

/** A backstage page is up: its remote has rendered (its version mark is there). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.getByTestId('remote-version').first().waitFor();
}

// Four tests, one per role, so each has its own time: axe over some thirty pages ran past one test's limit when the
// full run's three journey shards and the server suites shared two cores.
test.describe.configure({ timeout: 180_000 });

test('no serious or critical axe violation: the login page and the status pages', async ({ browser }) => {
  const anon = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
  await anon.goto('/');
  await expect(anon.getByLabel('User name')).toBeVisible();
  await audit(anon, 'login');
  await anon.goto('/expired-link');
  await expect(anon.getByRole('img')).toBeVisible();
  await audit(anon, 'expired-link');
  await anon.goto('/invalidURL');
  await expect(anon.getByText('400 Invalid URL')).toBeVisible();
  await audit(anon, 'invalidURL');
  await anon.goto('/no-such-page');
  await expect(anon.getByRole('heading').first()).toBeVisible();
  await audit(anon, 'not-found');
  await anon.context().close();
});

test('no serious or critical axe violation: every list a credit officer has', async ({ browser }) => {
  const cpa1 = await staff(browser, 'cpa1');
  for (const slug of ['team-applications', 'team-leads', 'my-applications', 'my-leads', 'my-queries', 'my-approvals', 'all-applications', 'rejected', 'cancelled']) {
    await open(cpa1, `/backstage/lists/${slug}`);
    await audit(cpa1, `list ${slug}`);
  }
  await cpa1.context().close();
});

test("no serious or critical axe violation: a credit officer's application, inbox, notifications and video; the branch head's dashboard", async ({ browser }) => {
  const cpa1 = await staff(browser, 'cpa1');
  // An application cpa1 may open: one created here, so no other journey's rows matter.
  const session = await cpa1.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await cpa1.request.post('/v3/application/save', {
    headers: { access_token: session.access_token, sessionId: session.sessionId },
    data: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Axe', lastName: 'Check', mobile: '9876543210', email: 'axe@example.in' }], customFields: { loanAmount: 250000 } },
  });
  expect(res.status()).toBeLessThan(300);
  const id = (await res.json()).data.application_id as string;
  await open(cpa1, `/backstage/application?application_id=${id}`);
  await expect(cpa1.getByTestId('detail-id')).toHaveText(id);
  await audit(cpa1, 'application detail');
  await open(cpa1, '/backstage/tasks');
  await expect(cpa1.getByTestId('task-inbox')).toBeVisible();
  await audit(cpa1, 'tasks inbox');
  await open(cpa1, '/backstage/notifications');
  await audit(cpa1, 'notifications');
  await open(cpa1, '/backstage/video');
  await audit(cpa1, 'video');
  await cpa1.context().close();

  // The branch head: the managers' dashboard.
  const bh1 = await staff(browser, 'bh1');
  await open(bh1, '/backstage/dashboard');
  await audit(bh1, 'dashboard');
  await bh1.context().close();
});

test('no serious or critical axe violation: each step of the personal-loan flow on a phone at 390×844', async ({ browser }) => {
  const phone = await (await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })).newPage();
  await startApplication(phone);
  await audit(phone, 'portal personal_info');
  for (const [route, section] of [
    ['verify_mobile', 'PL_applicant'],
    ['loan_details', 'PL_loan'],
    ['employment_details', 'PL_employment'],
    ['upload_documents', 'PL_documents'],
    ['signature', 'PL_documents'],
    ['disbursal_account', 'PL_bank'],
    ['summary', 'PL_review'],
  ]) {
    await gotoStep(phone, route, section);
    await expect(phone.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await audit(phone, `portal ${route}`);
  }
  await phone.context().close();
});
