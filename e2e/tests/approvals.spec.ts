import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { fillMandatoryData } from '../support/mandatory-data';

// Issue 12, approvals: the approval matrix (branch head, then credit committee above 10 lakh), send_back to the
// maker with the reason, and maker-checker, through mf-tasks' Approvals tab on the application detail page.

/** A POST with the §7 session headers of the user signed in on `page`. */
async function post(page: Page, path: string, data: object) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await page.request.post(path, { data, headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { data: { application_id: string; verNum: number } };
}

async function signedIn(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, user);
  return page;
}

/**
 * A fresh personal loan taken to the approval step through the API: cpa1 captures and completes data entry, the
 * maker takes and completes credit review — the maker is who submitted it for approval.
 */
async function toApproval(browser: Browser, amount: number, maker: string): Promise<string> {
  const cpa1 = await signedIn(browser, 'cpa1');
  const created = await post(cpa1, '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Approval', lastName: 'Journey' }], customFields: { loanAmount: amount } });
  const id = created.data.application_id;
  // The officer keys the mandatory data first (issue 25: completion checks it by default).
  await fillMandatoryData(cpa1, id);
  await post(cpa1, '/v3/application/action/complete_step/user', { application_id: id, verNum: 2, completionType: 'COMPLETE_WITH_VALIDATIONS' });
  await cpa1.context().close();
  const m = await signedIn(browser, maker);
  await post(m, '/v3/application/action/assign', { application_id: id, verNum: 3 });
  await post(m, '/v3/application/action/complete_step/user', { application_id: id, verNum: 4, completionType: 'COMPLETE_WITH_VALIDATIONS' });
  await m.context().close();
  return id;
}

async function openApprovals(page: Page, id: string) {
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
  await page.getByRole('tablist').getByRole('tab', { name: 'Approvals', exact: true }).click();
  await expect(page.getByTestId('approvals-tab')).toBeVisible();
}
const level = (page: Page, n: number) => page.getByTestId('approval-row').and(page.locator(`[data-level="${n}"]`));

test('a 25 lakh loan: the branch head approves level 1, the credit committee finds it in My approvals and approves level 2, on to disbursement', async ({ page, browser }) => {
  const id = await toApproval(browser, 2500000, 'bcm1');

  await loginAs(page, 'bh1');
  await openApprovals(page, id);
  await expect(level(page, 1)).toHaveAttribute('data-state', 'PENDING');
  await expect(level(page, 1)).toContainText('Branch head (BH)');
  await expect(level(page, 1)).toContainText('Submitted by bcm1');
  await expect(level(page, 2)).toHaveAttribute('data-state', 'WAITING');
  await expect(level(page, 2)).toContainText('Credit committee (CREDIT_COMMITTEE)');
  await level(page, 1).getByTestId('approval-approve').click();
  await page.getByTestId('approval-form').getByLabel('Comment (optional)').fill('Income and bureau verified');
  await page.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(level(page, 1)).toHaveAttribute('data-state', 'APPROVED');
  // The decision says so in the shell's toast region (the message mf-tasks emits must be seen).
  await expect(page.getByRole('region', { name: 'Messages' })).toContainText('Approve: done');
  await expect(level(page, 1)).toContainText('bh1');
  await expect(level(page, 1)).toContainText('Income and bureau verified');
  await expect(level(page, 2)).toHaveAttribute('data-state', 'PENDING');
  await expect(level(page, 2).getByTestId('approval-approve')).toHaveCount(0); // not the branch head's level

  const cc1 = await signedIn(browser, 'cc1');
  await cc1.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'My approvals', exact: true }).click();
  await expect(cc1.getByRole('heading', { level: 2, name: 'My approvals' })).toBeVisible();
  await cc1.getByLabel('Search this list').fill(id);
  await cc1.getByTestId('list-row').filter({ hasText: id }).getByRole('link', { name: id }).click();
  await expect(cc1.getByTestId('detail-id')).toHaveText(id);
  await cc1.getByRole('tablist').getByRole('tab', { name: 'Approvals', exact: true }).click();
  await level(cc1, 2).getByTestId('approval-approve').click();
  await cc1.getByRole('button', { name: 'Confirm: Approve' }).click();
  await expect(cc1.getByTestId('detail-stage')).toHaveText('Disbursement');
  // Nothing waits any more: the sub-status tabs are gone.
  await expect(cc1.getByRole('tablist').getByRole('tab', { name: 'Approvals', exact: true })).toHaveCount(0);
  await cc1.context().close();
});

test('send back: the branch head returns it to the maker with a reason; the maker has it again and is told why', async ({ page, browser }) => {
  const id = await toApproval(browser, 2500000, 'bcm1');
  await loginAs(page, 'bh1');
  await openApprovals(page, id);
  await level(page, 1).getByTestId('approval-send_back').click();
  const confirm = page.getByRole('button', { name: 'Confirm: Send back' });
  await expect(confirm).toBeDisabled();
  await page.getByTestId('approval-form').getByLabel('Reason').fill('Bank statement for June is missing');
  await confirm.click();
  await expect(page.getByTestId('detail-stage')).toHaveText('Credit Review');
  await expect(page.getByTestId('detail-assignee')).toHaveText('bcm1');

  const bcm1 = await signedIn(browser, 'bcm1');
  await bcm1.goto(`/backstage/application?application_id=${id}`);
  await expect(bcm1.getByTestId('detail-stage')).toHaveText('Credit Review');
  await expect(bcm1.getByTestId('detail-assignee')).toHaveText('bcm1');
  await expect(bcm1.getByTestId('actions-button')).toBeVisible(); // theirs to work again
  await bcm1.getByTestId('notification-bell').click();
  await expect(bcm1.getByTestId('notification-row').filter({ hasText: `bh1 sent ${id} back to you (Credit Review): Bank statement for June is missing` })).toHaveCount(1);
  await bcm1.context().close();
});

test('maker-checker: the branch head who did the credit review cannot approve their own — the refusal is shown', async ({ page, browser }) => {
  const id = await toApproval(browser, 500000, 'bh1');
  await loginAs(page, 'bh1');
  await openApprovals(page, id);
  await expect(level(page, 1)).toContainText('Submitted by bh1');
  await level(page, 1).getByTestId('approval-approve').click();
  await page.getByRole('button', { name: 'Confirm: Approve' }).click();
  const modal = page.getByRole('alertdialog');
  await expect(modal).toBeVisible();
  await expect(modal.getByTestId('error-modal-entry')).toHaveText('maker-checker - You made this (submitted it for approval), so you may not decide its approval');
  await modal.getByRole('button', { name: /close/i }).click();
  await expect(level(page, 1)).toHaveAttribute('data-state', 'PENDING');
});
