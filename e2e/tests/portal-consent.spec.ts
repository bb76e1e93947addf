import { expect, test } from '@playwright/test';
import { staffSession, startApplication } from '../support/portal-flow';
import { consentCard } from '../support/consent';

// Issue 27 on a phone (390×844): the per-purpose consent notices, consenting and withdrawing from the portal, the
// grievance officer on every portal page, and a declined applicant reading the reasons on the status page.
test.use({ viewport: { width: 390, height: 844 } });

test('an applicant reads the notice per purpose, consents to the bureau check, and later withdraws it from the status page', async ({ page }) => {
  const id = await startApplication(page);
  await expect(page.getByTestId('grievance-footer')).toContainText('Grievance officer: Meera Iyer, +91 22 4000 1100, grievance@lendline.example');
  await page.getByRole('link', { name: 'Your application status and consents' }).click();
  await expect(page).toHaveURL(new RegExp(`/dynamic-resume/status\\?application_id=${id}`));
  const bureau = consentCard(page, 'BUREAU_PULL');
  await expect(bureau.getByRole('heading', { name: 'Credit bureau check' })).toBeVisible();
  await expect(bureau).toContainText('Your name, date of birth, PAN and address.');
  await expect(bureau).toContainText('CIBIL');
  await expect(bureau.getByRole('status')).toHaveText('You have not consented to this.');
  await expect(consentCard(page, 'PARTNER_SHARING')).toContainText('Sahyog Co-Lending Ltd');
  await bureau.getByRole('button', { name: 'I consent' }).click();
  await expect(bureau.getByRole('status')).toContainText('You consented on');
  // Later: withdrawing is one press too.
  await page.reload();
  await consentCard(page, 'BUREAU_PULL').getByRole('button', { name: 'Withdraw consent' }).click();
  await expect(consentCard(page, 'BUREAU_PULL').getByRole('status')).toContainText('You withdrew this consent on');
  await expect(consentCard(page, 'BUREAU_PULL').getByRole('button', { name: 'I consent' })).toBeVisible();
});

test('a declined applicant sees the main reasons and the grievance route on the status page', async ({ browser }) => {
  const cpa1 = await staffSession(browser, 'cpa1');
  const created = await cpa1.post('/v3/application/save', {
    product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Kavya', lastName: 'Menon' }], customFields: { loanAmount: 300000, email: 'kavya@example.com' },
  });
  expect(created.status).toBe(201);
  const id = created.body.data.application_id;
  // The applicant opens the link the officer sends (so this phone holds the application).
  const sent = await cpa1.post('/v3/portal/applicants/send-link', { application_id: id, applicantId: `${id}-P` });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await phone.newPage();
  const link = new URL(sent.body.data.sandboxLink);
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/newapplication\/[^?]+\?application_id=/);

  // The officer recommends the decline with a configured reason; the branch head confirms it (issue 25).
  const verNum = async () => (await cpa1.get(`/v3/application/${id}`)).body.data.verNum;
  expect((await cpa1.post('/v3/application/action/reject', { application_id: id, verNum: await verNum(), reasonCode: 'POOR_CREDIT_HISTORY', reason: 'Two write-offs in 2023' })).status).toBe(200);
  const bh1 = await staffSession(browser, 'bh1');
  const pending = (await bh1.get(`/v3/application/action/declineOptions?application_id=${id}`)).body.data.pending;
  expect((await bh1.post('/v3/application/approvals/approve', { application_id: id, verNum: await verNum(), subTaskId: pending.subTaskId })).status).toBe(200);

  await page.goto(`/dynamic-resume/status?application_id=${encodeURIComponent(id)}`);
  const decline = page.getByRole('article', { name: 'We could not offer you this loan' });
  await expect(decline).toContainText('Your credit history does not meet our lending criteria.');
  await expect(decline).not.toContainText('POOR_CREDIT_HISTORY');
  await expect(decline).not.toContainText('Two write-offs');
  await expect(decline).toContainText('Integrated Ombudsman');
  await expect(decline.getByRole('link', { name: 'grievance@lendline.example' })).toBeVisible();
  await Promise.all([phone.close(), cpa1.close(), bh1.close()]);
});
