import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 19: the bell's dropdown is the UI kit's non-modal Popover. By keyboard: it opens with focus inside,
// Tab walks its rows' buttons, Escape closes it and focus is back on its toggle; a click outside closes it.
// The notifications journey covers what the rows do; this covers the widget.

test('the bell dropdown by keyboard and pointer: focus in, Escape back to the toggle, click outside closes', async ({ page }) => {
  await loginAs(page, 'cpa2');
  const toggle = page.getByTestId('notification-menu-toggle');
  await expect(page.getByTestId('notification-bell')).toHaveAttribute('data-unread', /^\d+$/);
  await toggle.focus();
  await page.keyboard.press('Enter');
  const dropdown = page.getByRole('dialog', { name: 'Latest notifications' });
  await expect(dropdown).toBeVisible();
  await expect(dropdown).toHaveAttribute('data-testid', 'notification-dropdown');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect.poll(() => dropdown.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // The page behind stays usable: a non-modal panel hides nothing from assistive tech.
  await expect(page.getByTestId('user-menu')).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('[data-testid="notification-dropdown"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect.poll(() => dropdown.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dropdown).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  await toggle.click();
  await expect(dropdown).toBeVisible();
  // On text that takes no focus: react-aria's blur rule does not fire, the kit's click-outside rule does.
  await page.getByRole('heading', { level: 1 }).click();
  await expect(dropdown).toHaveCount(0);
  // Its own toggle closes it too (and does not reopen it).
  await toggle.click();
  await expect(dropdown).toBeVisible();
  await toggle.click();
  await expect(dropdown).toHaveCount(0);
});
