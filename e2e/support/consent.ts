import { expect, type Browser, type Locator, type Page } from '@playwright/test';
import type { StaffApi } from './portal-flow';

/** The consent card of one purpose on the portal (the flow's consent step or the status page). */
export const consentCard = (page: Page | Locator, purpose: string) => page.locator(`[data-purpose="${purpose}"]`);

/**
 * The applicant's own bureau consent on an application an officer keyed (issue 27: staff cannot give it): the officer
 * sends the applicant their link, the applicant opens it on their phone, goes to the application's status page and
 * consents to the credit bureau check.
 */
export async function applicantConsentsToBureau(browser: Browser, staff: StaffApi, id: string): Promise<void> {
  const sent = await staff.post('/v3/portal/applicants/send-link', { application_id: id, applicantId: `${id}-P` });
  expect(sent.status).toBe(200);
  const link = new URL(sent.body.data.sandboxLink);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto(link.pathname + link.search);
  await expect(page).toHaveURL(/\/newapplication\/[^?]+\?application_id=/);
  await page.goto(`/dynamic-resume/status?application_id=${encodeURIComponent(id)}`);
  const card = consentCard(page, 'BUREAU_PULL');
  await card.getByRole('button', { name: 'I consent' }).click();
  await expect(card.getByRole('status')).toContainText('You consented on');
  await context.close();
}
