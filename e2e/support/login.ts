import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@12345';

/** Signs a demo staff user in through the shell's login form at / and waits for the backstage. */
export async function loginAs(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/');
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/backstage/);
}
