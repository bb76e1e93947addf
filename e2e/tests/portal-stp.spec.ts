import { expect, test, type Page } from '@playwright/test';
import { staffSession, submitSalaried } from '../support/portal-flow';

// Issue 29 on a phone (390×844): a clean personal loan is decided straight through — no staff action — and the
// applicant watches it on the status page: the checks, then the offer with its Key Fact Statement, the decline with
// its reasons, or "an officer will review" (and the officer finds it in the queue with the checks done).
test.use({ viewport: { width: 390, height: 844 } });

/** The portal flow to the end as a salaried applicant asking for 3 lakh, consenting to the bureau and the bank statement. */
async function submitOnPhone(page: Page, pan: string, first: string): Promise<string> {
  const id = await submitSalaried(page, { first, last: 'Iyer', gender: 'Female', mobile: '9876505678', email: `${first.toLowerCase()}@example.com`, pan }, ['BUREAU_PULL', 'BANK_STATEMENT']);
  await page.getByRole('link', { name: 'Your application status and consents' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dynamic-resume/status\\?application_id=${id}`));
  return id;
}

const decision = (page: Page) => page.getByRole('article', { name: 'Decision on your application' });

test('ABCDE0200F: the offer with its Key Fact Statement within 60 s of submitting, with no staff action', async ({ page }) => {
  test.setTimeout(150_000);
  await submitOnPhone(page, 'ABCDE0200F', 'Lakshmi');
  const started = Date.now();
  await expect(decision(page).getByRole('status')).toHaveText('Your loan is approved.', { timeout: 60_000 });
  expect(Date.now() - started).toBeLessThan(60_000);
  const card = decision(page);
  await expect(card.getByRole('listitem')).toHaveText(['Checking your credit: done', 'Checking your bank statement: done', 'Decision: done']);
  await expect(card).toContainText('Loan amount₹3,00,000');
  await card.getByRole('link', { name: 'Read and accept your Key Fact Statement' }).click();
  await expect(page.getByRole('heading', { name: 'Key Fact Statement' })).toBeVisible();
  await expect(page.getByText(/^Proposal number APP-\d{8}-K1-[0-9A-F]{6}$/)).toBeVisible();
});

test('ABCDE0050F: the decline with its reasons', async ({ page }) => {
  test.setTimeout(150_000);
  await submitOnPhone(page, 'ABCDE0050F', 'Revathi');
  await expect(decision(page).getByRole('status')).toHaveText('We could not offer you this loan. The reasons are below.', { timeout: 60_000 });
  // The reasons in the applicant's words appear as the decision lands (no reload).
  const declined = page.getByRole('article', { name: 'We could not offer you this loan' });
  await expect(declined).toContainText('Your credit history does not meet our lending criteria.');
  await expect(declined).not.toContainText('BUREAU_SCORE');
  await expect(declined).toContainText('Integrated Ombudsman');
});

test('ABCDE0100F: "an officer will review" with the expected time; cpa1 finds it in the queue with the checks done', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const id = await submitOnPhone(page, 'ABCDE0100F', 'Meenakshi');
  await expect(decision(page).getByRole('status')).toHaveText('An officer will review your application. You can expect an answer within 4 h.', { timeout: 60_000 });
  await expect(decision(page)).not.toContainText('650');
  const cpa1 = await staffSession(browser, 'cpa1');
  // In the queue of cpa1's team (the inbox, scope teams, all pages: it is sorted by due time, the new one last).
  const inQueue = async () => {
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const r = (await cpa1.get(`/v3/taskconfigs/inbox?scope=teams&bucket=All&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)).body;
      if (JSON.stringify(r.data).includes(id)) return true;
      cursor = r.pageInfo?.nextCursor ?? undefined;
      if (!cursor) return false;
    }
    return false;
  };
  await expect.poll(inQueue, { timeout: 20_000 }).toBe(true);
  await cpa1.page.goto(`/backstage/application?application_id=${id}`);
  await cpa1.page.getByRole('tablist').getByRole('tab', { name: 'Credit', exact: true }).click();
  const tab = cpa1.page.getByTestId('credit-tab');
  await expect(tab.getByTestId('credit-bureau')).toContainText('Score 650');
  await expect(tab.getByTestId('credit-bank')).toContainText('0 bounce(s)');
  await expect(tab.getByTestId('credit-outcome')).toHaveText('Refer to a credit officer');
  await cpa1.close();
});
