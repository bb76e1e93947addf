import { expect, type Locator } from '@playwright/test';

/**
 * On the Credit tab of an application whose sandbox bureau scores 650 with a bank statement of 4 bounces: pulls the
 * bureau report and the bank statement, checks each arrived, and runs the decision (which then refers).
 */
export async function pullReportsAndDecide(tab: Locator): Promise<void> {
  await tab.getByTestId('credit-pull-bureau').click();
  await expect(tab.getByTestId('credit-bureau')).toContainText('Score 650');
  await tab.getByTestId('credit-pull-bank').click();
  await expect(tab.getByTestId('credit-bank')).toContainText('4 bounce(s)');
  await tab.getByTestId('credit-run-decision').click();
}
