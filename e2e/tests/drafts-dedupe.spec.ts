import { expect, test } from '@playwright/test';
import { ASHA, fillPersonal, saveAndContinue, staffSession, startApplication } from '../support/portal-flow';

// Issue 25: drafts are not work, and dedupe at intake. A portal start without identity is a draft: not in Team
// applications, shown under All applications' Drafts; once the applicant gives name, mobile and a PAN that an open
// application already has, it is work and its detail page shows the match.

const DUPLICATE_PAN = 'DUPEA1234Z';

test('a nameless portal start is a draft, listed under Drafts only; a duplicate PAN shows the match on the detail page', async ({ page, browser }) => {
  const draft = await startApplication(page);

  const cpa1 = await staffSession(browser, 'cpa1');
  await cpa1.page.goto('/backstage/lists/team-applications');
  await expect(cpa1.page.getByTestId('list-count')).toHaveText(/\d+\+? applications/);
  await expect(cpa1.page.getByTestId('drafts-toggle')).toHaveCount(0); // a team list holds work only
  await expect(cpa1.page.getByText(draft)).toHaveCount(0);

  const admin = await staffSession(browser, 'admin');
  await admin.page.goto('/backstage/lists/all-applications');
  await expect(admin.page.getByTestId('list-count')).toHaveText(/\d+\+? applications/);
  await expect(admin.page.getByText(draft)).toHaveCount(0);
  const toggle = admin.page.getByTestId('drafts-toggle');
  await expect(toggle).toContainText(/Drafts\s*\d+/);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(admin.page.getByTestId('list-count')).toHaveText(/\d+ drafts/);
  await expect(admin.page.getByText(draft)).toBeVisible();

  // An open application (staff-created in the same branch) already holds the PAN the applicant is about to give.
  const existing = await cpa1.post('/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Prior', lastName: 'Holder', panNumber: DUPLICATE_PAN }] });
  expect(existing.status).toBe(201);
  const existingId = existing.body.data.application_id as string;

  await fillPersonal(page, { ...ASHA, mobile: '9876512345', email: 'asha.dupe@example.com', pan: DUPLICATE_PAN });
  await saveAndContinue(page);
  await expect(page.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await expect(page.getByText(existingId)).toHaveCount(0); // the applicant never sees the other record
  await expect(page.getByText('Prior Holder')).toHaveCount(0);

  // Now work: in Team applications, and its detail page names the match with a link.
  await cpa1.page.goto('/backstage/lists/team-applications');
  await expect(cpa1.page.getByText(draft)).toBeVisible();
  await cpa1.page.goto(`/backstage/application?application_id=${draft}`);
  const panel = cpa1.page.getByTestId('dedupe-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Possible duplicates' })).toBeVisible();
  await expect(panel.getByTestId('dedupe-match')).toContainText('PAN');
  await expect(panel.getByRole('link', { name: existingId })).toHaveAttribute('href', `/backstage/application?application_id=${existingId}`);
  await expect(panel).toContainText('Prior Holder');
  await expect(cpa1.page.getByTestId('draft-notice')).toHaveCount(0);

  await cpa1.close();
  await admin.close();
});
