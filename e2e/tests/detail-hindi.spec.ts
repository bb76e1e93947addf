import { expect, test } from '@playwright/test';
import { staffSession } from '../support/portal-flow';
import { chooseLanguage } from '../support/user-menu';
import { captureLoan } from '../support/staff-capture';

// Staff in Hindi: with हिन्दी chosen, the backstage's lists and the application page speak Hindi — the list names,
// headings and column headers (the shell's locales), the work tabs and the Save/Edit buttons (the shell's locales), and the form's
// section names and field labels (the flow configuration asked for with lang=hi, as the portal does). Product terms
// and ids stay as they are.

test.use({ viewport: { width: 1400, height: 900 } });

test('cpa1 switches to हिन्दी: list names, work tabs, summary header, section labels and Save/Edit read in Hindi', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const page = cpa1.page;
  // A personal loan cpa1 captures: theirs, in Data Entry, editable (so Save and Edit show).
  const id = await captureLoan(cpa1, { firstName: 'Kavita', lastName: 'Sharma', mobile: '9812345671', email: 'kavita@example.com', loanAmount: 750000, tenureMonths: 48 });

  await chooseLanguage(page, 'hi');
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');

  // The lists' navigation and the list's heading.
  const lists = page.getByRole('navigation', { name: 'आवेदन सूचियाँ' });
  await expect(lists.getByRole('link', { name: 'टीम के आवेदन', exact: true })).toBeVisible();
  await expect(lists).not.toContainText('My applications');
  await expect(lists).not.toContainText('Team applications');
  await lists.getByRole('link', { name: 'मेरे आवेदन', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'मेरे आवेदन' })).toBeVisible();
  // The table's column headers (the server's configuration names them in English).
  const head = page.getByRole('columnheader');
  await expect(head.filter({ hasText: 'आवेदक' }).first()).toBeVisible();
  await expect(head.filter({ hasText: 'ऋण राशि' }).first()).toBeVisible();
  await expect(head.filter({ hasText: 'Loan amount' })).toHaveCount(0);
  await expect(head.filter({ hasText: 'Applicant' })).toHaveCount(0);
  await page.getByLabel('इस सूची में खोजें').fill(id);
  await page.getByTestId('list-row').filter({ hasText: id }).getByRole('link', { name: id }).click();
  await expect(page.getByTestId('detail-id')).toHaveText(id); // the id stays as it is

  // The summary header.
  const header = page.locator('.ll-detail-facts');
  await expect(header.locator('dt', { hasText: 'उत्पाद' })).toBeVisible();
  await expect(header.locator('dt', { hasText: 'ऋण राशि' })).toBeVisible();
  await expect(header.locator('dt', { hasText: 'चरण' })).toBeVisible();

  // The work tabs.
  const tabs = page.getByRole('tablist', { name: 'इस आवेदन पर काम' });
  await expect(tabs.getByRole('tab', { name: 'कार्य लॉग' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'नोट्स' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'दस्तावेज़' })).toBeVisible();
  await expect(tabs.getByRole('tab', { name: 'Worklogs' })).toHaveCount(0);
  await expect(tabs.getByRole('tab', { name: 'Notes' })).toHaveCount(0);

  // The data's sections and labels, from the flow configuration in Hindi.
  const data = page.getByTestId('application-data');
  const loan = data.getByTestId('summary-section').filter({ has: page.getByRole('heading', { name: 'ऋण की आवश्यकता' }) });
  await expect(loan.locator('dt', { hasText: 'ऋण राशि' })).toHaveCount(1);
  await expect(data.getByRole('heading', { name: 'Loan requirement' })).toHaveCount(0);
  await expect(data.locator('dt', { hasText: 'Loan amount' })).toHaveCount(0);

  // Edit and Save.
  await expect(page.getByTestId('save-button')).toHaveText('सहेजें');
  await data.getByRole('button', { name: 'आवेदक का विवरण संपादित करें' }).click();
  await expect(data.getByRole('textbox', { name: 'उपनाम', exact: true })).toHaveValue('Sharma');
  await expect(data.getByRole('textbox', { name: 'Last name', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await cpa1.close();
});
