import { expect, type Locator, type Page } from '@playwright/test';

// Signed-in staff choose their language and sign out in the user's menu in the header (issue 30), not with pickers.

const LANGUAGE_NAMES = { en: 'English', hi: 'हिन्दी' } as const;

/** Opens the user's menu (the button with the signed-in user's name) and returns the open menu. */
export async function openUserMenu(page: Page): Promise<Locator> {
  await page.getByTestId('user-menu').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

/** Switches the page's language from the user's menu and waits for the page to take it. */
export async function chooseLanguage(page: Page, lang: keyof typeof LANGUAGE_NAMES): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitemradio', { name: LANGUAGE_NAMES[lang] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

/** Signs out from the user's menu (in either language). */
export async function logOut(page: Page): Promise<void> {
  const menu = await openUserMenu(page);
  await menu.getByRole('menuitem', { name: /^(Log out|लॉग आउट)$/ }).click();
}
