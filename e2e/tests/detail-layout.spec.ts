import { expect, test, type Page } from '@playwright/test';
import { staffSession } from '../support/portal-flow';
import { captureLoan } from '../support/staff-capture';

// Issue 19: the application page built around the work, on a credit officer's 1400×900 screen — a compact summary
// header, the data as a formatted summary by section (labels, not keys), the work tabs in view without scrolling,
// no customer secret for staff, and one Save for an edit.

test.use({ viewport: { width: 1400, height: 900 } });

/** The rectangle fits the window: seen without scrolling. */
async function inViewport(page: Page, testId: string) {
  const box = await page.getByTestId(testId).boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, testId).not.toBeNull();
  return box!.y >= 0 && box!.x >= 0 && box!.x + box!.width <= width && box!.y < height;
}

test('cpa1 at 1400×900: header with applicant, product, ₹ amount and status; tabs in view; labels not keys; no net-banking password; one edit, one Save, kept after reload', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const page = cpa1.page;
  await page.setViewportSize({ width: 1400, height: 900 });
  const id = await captureLoan(cpa1);
  await page.goto(`/backstage/application?application_id=${id}`);
  await expect(page.getByTestId('detail-id')).toHaveText(id);

  // The summary header.
  await expect(page.getByTestId('detail-applicants')).toContainText('Meera Iyer');
  await expect(page.getByTestId('detail-product')).toHaveText('Personal Loan');
  await expect(page.getByTestId('detail-amount')).toHaveText('₹20,10,000.00');
  await expect(page.getByTestId('detail-status')).toHaveText('Active');
  await expect(page.getByTestId('lifecycle')).toBeVisible();

  // The work tabs and the open tab's body, without scrolling.
  const tabs = page.getByRole('tablist', { name: 'Work on this application' });
  await expect(tabs.getByRole('tab', { name: 'Worklogs' })).toBeVisible();
  await expect(page.getByTestId('worklogs-tab')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const tablist = await tabs.boundingBox();
  expect(tablist!.y + tablist!.height).toBeLessThanOrEqual(900);
  expect(await inViewport(page, 'worklogs-tab')).toBe(true);
  // …and still in view when the data is scrolled to its end.
  await page.getByTestId('application-data').locator('section').last().scrollIntoViewIfNeeded();
  expect(await inViewport(page, 'detail-work')).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));

  // The data: configured labels and §9 formats, never a raw camelCase key as a label.
  const data = page.getByTestId('application-data');
  const loan = data.getByTestId('summary-section').filter({ has: page.getByRole('heading', { name: 'Loan requirement' }) });
  await expect(loan.locator('dt', { hasText: 'Loan amount' })).toHaveCount(1);
  await expect(loan.getByTestId('value-loanAmount')).toHaveText('₹20,10,000.00');
  await expect(loan.getByTestId('value-loanPurpose')).toHaveText('Travel');
  await expect(data.getByTestId('value-dateOfBirth')).toHaveText('05/03/1990');
  const labels = await page.locator('.ll-detail dt').allInnerTexts();
  expect(labels.length).toBeGreaterThan(10);
  expect(labels.filter((l) => /^[a-z]+[A-Z]\w*$/.test(l.trim()))).toEqual([]);
  await expect(page.getByText('loanAmount')).toHaveCount(0);

  // Staff never see the customer's net-banking password, reading or editing.
  await expect(page.getByText('Net banking password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit Applicant details' }).click();
  await expect(page.getByRole('heading', { name: 'Applicant details' })).toBeFocused();
  const applicant = data.getByTestId('summary-section').filter({ has: page.getByRole('heading', { name: 'Applicant details' }) });
  const lastName = applicant.getByRole('textbox', { name: 'Last name', exact: true });
  await expect(lastName).toHaveValue('Iyer');
  await expect(page.getByText('Net banking password')).toHaveCount(0);
  await expect(page.locator('input[type="password"]')).toHaveCount(0);

  // One Save for the form: none under the sub-sections.
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(1);
  await expect(page.getByTestId('save-button')).toBeDisabled();
  // A change that fails §5 saves nothing, and says so.
  await lastName.fill('Iyer 2');
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('save-invalid')).toHaveText('Nothing was saved: correct the marked fields first.');
  await expect(applicant.getByText('Please fill all mandatory fields')).toBeVisible();
  await expect(lastName).toBeFocused();
  // Cancel editing leaves the stored values as they were.
  await page.getByTestId('cancel-edit').click();
  await expect(applicant.getByTestId('value-lastName')).toHaveText('Iyer');
  await expect(page.getByTestId('save-invalid')).toHaveCount(0);

  await page.getByRole('button', { name: 'Edit Applicant details' }).click();
  await lastName.fill('Iyengar');
  await page.getByTestId('save-button').click();
  await expect(page.getByTestId('toasts')).toContainText('Application saved');
  await expect(applicant.getByTestId('value-lastName')).toHaveText('Iyengar');
  await expect(page.getByTestId('save-button')).toBeDisabled();

  // Who changed it and when, on demand.
  await applicant.getByRole('button', { name: 'History of Last name' }).click();
  const history = page.getByTestId('field-history');
  await expect(history.getByTestId('history-row').getByRole('cell', { name: 'Iyer changed to Iyengar' })).toBeVisible();
  await expect(history.getByTestId('history-row')).toContainText('cpa1');
  await history.getByRole('button', { name: 'Close' }).click();

  await page.reload();
  await expect(page.getByTestId('value-lastName')).toHaveText('Iyengar');
  await cpa1.close();
});
