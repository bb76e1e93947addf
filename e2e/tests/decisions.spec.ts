import { expect, test, type Browser, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { choose, kitSelect } from '../support/kit';

// Issue 25, four eyes on a decline and reversible decisions: cpa1's Reject is a recommendation with one of the
// product's decline reasons; bh1 confirms it from the Approvals tab (REJECTED, SLA closed); bcm1 withdraws the
// rejection with a reason and the application is back with cpa1 at the same step, its SLA running again.

async function signedIn(browser: Browser, user: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await loginAs(page, user);
  return page;
}

async function open(page: Page, id: string) {
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);
}

async function created(page: Page): Promise<string> {
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  // Names take letters only (the §5 rules of the staff save): the stamp is spelled in letters.
  const stamp = Date.now().toString().slice(-6).replace(/\d/g, (d) => 'abcdefghij'[Number(d)]);
  const res = await page.request.post('/v3/application/save', {
    headers: { access_token: session.access_token, sessionId: session.sessionId },
    data: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Four', lastName: `Eyes${stamp}` }], customFields: { loanAmount: 300000 } },
  });
  expect(res.status()).toBe(201);
  return (await res.json()).data.application_id as string;
}

async function action(page: Page, name: string) {
  await page.getByTestId('actions-button').click();
  await page.getByRole('menuitem', { name }).click();
  return page.getByTestId('action-dialog');
}

test('reject by cpa1 → confirmed by bh1 → withdrawn by bcm1, with the SLA header at each step', async ({ page, browser }) => {
  await loginAs(page, 'cpa1');
  const id = await created(page);
  await open(page, id);
  const sla = page.getByTestId('sla');
  await expect(sla).toHaveAttribute('data-state', 'ON_TRACK');

  // cpa1 recommends the decline: a configured reason and a comment; the dialog says a second person decides.
  const reject = await action(page, 'Reject');
  await expect(reject.getByTestId('decline-note')).toHaveText(/rejected only when a second person with approval rights confirms it/);
  await choose(kitSelect(reject, 'Decline reason (required)'), 'Income could not be verified');
  await reject.getByLabel('Comment (required)').fill('Salary slips do not match the bank statement');
  await reject.getByRole('button', { name: 'Confirm: Reject' }).click();
  await expect(page.getByTestId('action-dialog')).toHaveCount(0);
  // Still active and still cpa1's: the clock runs on while it waits for confirmation.
  await expect(page.getByTestId('detail-status')).toHaveText('Active');
  await expect(page.getByTestId('detail-assignee')).toHaveText('cpa1');
  await expect(sla).toHaveAttribute('data-state', 'ON_TRACK');

  // bh1 finds it in the Approvals tab as a decline recommendation and confirms it.
  const bh1 = await signedIn(browser, 'bh1');
  await open(bh1, id);
  await bh1.getByRole('tablist').getByRole('tab', { name: 'Approvals', exact: true }).click();
  const row = bh1.getByTestId('approval-row').filter({ has: bh1.getByTestId('decline-recommendation') });
  await expect(row).toContainText('Decline recommended: Income could not be verified');
  await expect(row).toContainText('Submitted by cpa1');
  await row.getByRole('button', { name: 'Confirm decline' }).click();
  await bh1.getByRole('button', { name: 'Confirm: Confirm decline' }).click();
  await expect(bh1.getByTestId('detail-status')).toHaveText('Rejected');
  await expect(bh1.getByTestId('sla')).toHaveAttribute('data-state', 'CLOSED');
  await expect(bh1.getByTestId('sla')).toHaveText(/^Closed \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d [AP]M · the bank took (\d+ d( \d+ h)?|\d+ h( \d+ min)?|\d+ min)$/);
  await bh1.context().close();

  // bcm1 (cpa1's team lead) withdraws the rejection, with a reason: back at Data Entry with cpa1, the clock running.
  const bcm1 = await signedIn(browser, 'bcm1');
  await open(bcm1, id);
  await expect(bcm1.getByTestId('sla')).toHaveAttribute('data-state', 'CLOSED');
  const withdraw = await action(bcm1, 'Withdraw rejection');
  const confirm = withdraw.getByRole('button', { name: 'Confirm: Withdraw rejection' });
  await expect(confirm).toBeDisabled(); // the reason is required
  await withdraw.getByLabel('Reason (required)').fill('Applicant sent matching salary slips');
  await confirm.click();
  await expect(bcm1.getByTestId('detail-status')).toHaveText('Active');
  await expect(bcm1.getByTestId('detail-stage')).toHaveText('Data Entry');
  await expect(bcm1.getByTestId('detail-assignee')).toHaveText('cpa1');
  await expect(bcm1.getByTestId('sla')).toHaveAttribute('data-state', 'ON_TRACK');
  await expect(bcm1.getByTestId('sla')).toContainText(/On track .* [AP]M · (\d+ d( \d+ h)?|\d+ h( \d+ min)?|\d+ min) left/);
  await bcm1.context().close();
});
