import { expect, test } from '@playwright/test';
import { ASHA, applicationIdOf, fillPersonal, saveAndContinue, sealedLink, sendApplicantLink, startApplication, type Person } from '../support/portal-flow';

// Issue 5: resuming from an e-mail link (§5 five parts) on another device, and the links §5 sends to /expired-link.

const MEERA: Person = { first: 'Meera', last: 'Iyer', gender: 'Female', mobile: '9988776655', email: 'meera@example.com', pan: 'LMNOP4321Q' };

test('resume from an e-mail link on a fresh device: the applicant continues after their last saved step with their answers', async ({ page, browser }) => {
  const id = await startApplication(page, { joint: true });
  await fillPersonal(page, ASHA);
  await saveAndContinue(page);
  const link = await sendApplicantLink(page, 0, MEERA.email);

  // Device one: the co-applicant saves their personal information, then stops.
  const first = await browser.newContext();
  const one = await first.newPage();
  await one.goto(link);
  await expect(one.getByText(`Application ${id} · Co-applicant`)).toBeVisible();
  await fillPersonal(one, MEERA);
  await saveAndContinue(one);
  await expect(one.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await first.close();

  // Device two, nothing stored: the same link opens the application where they left off.
  const second = await browser.newContext();
  const two = await second.newPage();
  await two.goto(link);
  await expect(two.getByRole('heading', { level: 3, name: 'Verify mobile' })).toBeVisible();
  await expect(two.getByText(`Application ${id} · Co-applicant`)).toBeVisible();
  expect(await applicationIdOf(two)).toBe(id);
  // What they saved on the first device is there.
  await two.getByRole('button', { name: 'Back' }).click();
  await expect(two.getByLabel('First name')).toHaveValue('Meera');
  await expect(two.getByLabel('PAN')).toHaveValue('LMNOP4321Q');
  await second.close();
});

test('a link past its validity, or missing its timestamp or hours, goes to /expired-link; one this server did not seal goes to /invalidURL', async ({ page }) => {
  const id = await startApplication(page, { joint: true });
  const verificationId = 'VER-0000000000000000';
  const hoursAgo = (h: number) => String(Date.now() - h * 3600_000);

  for (const parts of [
    [id, verificationId, 'true', hoursAgo(73), '72'], // issued 73 hours ago, valid 72
    [id, verificationId, '1', hoursAgo(1)], // no validity hours
    [id, verificationId, 'true', '', '72'], // no creation time
  ]) {
    await page.goto(sealedLink(parts));
    await expect(page).toHaveURL(/\/expired-link$/);
    await expect(page.getByRole('img', { name: 'This link has expired' })).toBeVisible();
  }

  await page.goto('/dynamic-resume?appDetails=0123456789abcdef0123456789abcdef:00');
  await expect(page).toHaveURL(/\/invalidURL$/);
  await expect(page.getByText('400 Invalid URL')).toBeVisible();
  await expect(page.getByText('The link is either expired or invalid or your application has already been submitted for further processing.')).toBeVisible();
});
