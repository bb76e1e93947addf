import { expect, test } from '@playwright/test';

// Issue 5: the portal in Hindi — its texts come from the server's hi.json (GET /assets/i18n/hi.json).

test('with हिन्दी chosen, the start form and the flow speak Hindi', async ({ page }) => {
  await page.goto('/newapplication?product_code=PL');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'हिन्दी' });
  await expect(page.getByRole('button', { name: 'आवेदन शुरू करें' })).toBeVisible();
  await expect(page.getByText('क्या आप पहले से हमारे ग्राहक हैं?')).toBeVisible();
  await page.getByRole('radio', { name: 'मैं और सह-आवेदक' }).check();
  await expect(page.getByLabel('सह-आवेदकों की संख्या (अधिकतम 1)')).toBeVisible();
  await page.getByRole('button', { name: 'आवेदन शुरू करें' }).click();

  await expect(page.getByRole('navigation', { name: 'आवेदन की प्रगति' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' })).toBeVisible();
  // Field labels and section names come translated from the flow configuration (lang=hi).
  await expect(page.getByRole('textbox', { name: /पहला नाम/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'आवेदन की प्रगति' })).toContainText('आवेदक का विवरण');
  await page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' }).click();
  await expect(page.getByText('कृपया सभी अनिवार्य फ़ील्ड भरें')).toBeVisible();

  // Switching back re-reads the flow in English without leaving the page.
  await page.getByRole('combobox', { name: /Language|भाषा/ }).selectOption({ label: 'English' });
  await expect(page.getByRole('textbox', { name: /First name/ })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /पहला नाम/ })).toHaveCount(0);
});
