import { expect, test, type Page } from '@playwright/test';
import { staffSession, submitSalaried, type StaffApi } from '../support/portal-flow';

// Issue 27 on a phone (390×844): after the bank creates the loan and disburses it to the verified account the borrower
// gave, the borrower's status page offers "Exit the loan" in the cooling-off period with the amount to repay
// (what they received + the interest for the days held, no penalty); asking records it and the officer processes it.

test.use({ viewport: { width: 390, height: 844 } });

/** The portal flow to the end, answering what the credit review reads (PAN ABCDE0200A approves in the sandbox). */
const submitOnPhone = (page: Page) =>
  submitSalaried(page, { first: 'Ravi', last: 'Kumar', gender: 'Male', mobile: '9876501234', email: 'ravi@example.com', pan: 'ABCDE0200A' }, ['BUREAU_PULL']);

const verNum = async (staff: StaffApi, id: string) => (await staff.get(`/v3/application/${id}`)).body.data.verNum as number;
async function ok(staff: StaffApi, path: string, body: Record<string, unknown>) {
  const r = await staff.post(path, body);
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body;
}
async function confirmed(staff: StaffApi, id: string, callId: string) {
  await expect.poll(async () => (await staff.get(`/integration/review/${id}`)).body.data.calls.find((c: { callId: string }) => c.callId === callId)?.state, { timeout: 20_000 }).toBe('CONFIRMED');
}

test('a borrower on a phone sees the cooling-off exit with the amount to repay, and asks to exit', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const id = await submitOnPhone(page);
  // Nothing to exit before the loan exists.
  await expect(page.getByTestId('cooling-off')).toHaveCount(0);

  // The bank: the application goes to cpa1, who reviews it, verifies the account the applicant gave and moves the money; bh1 releases.
  const bcm1 = await staffSession(browser, 'bcm1');
  await ok(bcm1, '/v3/application/action/assign', { application_id: id, verNum: await verNum(bcm1, id), userName: 'cpa1' });
  await bcm1.close();
  const cpa1 = await staffSession(browser, 'cpa1');
  const bh1 = await staffSession(browser, 'bh1');
  for (const path of ['/cibil/obligation', '/perfios/transactionLink', '/decision_engine/execute/PL/CREDIT_POLICY']) await ok(cpa1, path, { application_id: id, verNum: await verNum(cpa1, id) });
  expect((await ok(cpa1, '/integration/bankAccount/verify', { application_id: id })).data).toMatchObject({ status: 'VERIFIED', nameReturned: 'KUMAR RAVI' });
  // The applicant accepts the Key Fact Statement (portal-kfs.spec.ts drives that page; here the same calls).
  const kfs = (await ok(cpa1, '/v3/kfs/issue', { application_id: id })).data;
  const code = (await ok(cpa1, '/v3/kfs/send-code', { application_id: id, proposalNo: kfs.proposalNo })).data.sandboxCode;
  expect((await ok(cpa1, '/v3/kfs/accept', { application_id: id, proposalNo: kfs.proposalNo, code })).data.accepted).toBe(true);
  await ok(cpa1, '/integration/loanCreation', { application_id: id, verNum: await verNum(cpa1, id) });
  await ok(bh1, '/integration/release', { application_id: id, verNum: await verNum(bh1, id), callId: `LOAN-${id}` });
  await confirmed(cpa1, id, `LOAN-${id}`);
  await ok(cpa1, '/integration/disbursementTranche', { application_id: id, verNum: await verNum(cpa1, id), trancheNo: 1, amount: 300000 });
  await ok(bh1, '/integration/release', { application_id: id, verNum: await verNum(bh1, id), callId: `TRANCHE-${id}-1` });
  await confirmed(cpa1, id, `TRANCHE-${id}-1`);

  // The borrower's status page: 3,00,000 received + 1 day at the APR of the KFS they accepted (a few hundred rupees), no penalty.
  await page.reload();
  const block = page.getByTestId('cooling-off');
  await expect(block.getByRole('heading', { name: 'Changed your mind? Exit the loan' })).toBeVisible();
  await expect(block).toContainText('(3-day cooling-off period)');
  await expect(block).toContainText('There is no penalty.');
  await expect(block.getByTestId('cooling-off-amount')).toHaveText(/^₹3,00,\d{3}\.\d{2}$/);
  const amount = (await block.getByTestId('cooling-off-amount').textContent())!;
  // It fits the phone: no sideways scrolling.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await block.getByTestId('cooling-off-exit').click();
  await expect(block.getByRole('alertdialog')).toContainText(`Exit the loan and repay ${amount}?`);
  await block.getByTestId('cooling-off-confirm').click();
  await expect(block.getByTestId('cooling-off-requested')).toContainText(`The bank will contact you to settle ${amount}.`);
  await expect(block.getByTestId('cooling-off-exit')).toHaveCount(0);

  // The officer processes it on the Credit tab.
  await cpa1.page.goto(`/backstage/application?application_id=${id}&tab=credit`);
  const panel = cpa1.page.getByTestId('credit-cooling-off');
  await expect(panel.getByTestId('credit-exit-request')).toContainText(`repays ${amount}`);
  await panel.getByTestId('credit-exit-reason').fill('Repayment received; loan closed in core banking');
  await panel.getByTestId('credit-exit-process').click();
  await expect(panel).toHaveAttribute('data-state', 'PROCESSED');
  await page.reload();
  await expect(page.getByTestId('cooling-off-requested')).toContainText('Your exit from the loan was completed on');
  await cpa1.close();
  await bh1.close();
});
