import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 30: on a phone-width screen the staff navigation is one Menu button in the header's row (it wrapped to a
// second row before); its panel holds the same links, works from the keyboard and passes axe. The behaviour in detail
// (Escape, outside click, resize) is in shell/test/narrow-nav.test.tsx; this checks the real layout and contrast.
test.use({ viewport: { width: 390, height: 844 } });

test('at 390 px the staff navigation is a Menu button in one header row; its panel opens, navigates and passes axe', async ({ page }) => {
  await loginAs(page, 'bh1');
  const header = page.locator('header.ll-header--staff');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const toggle = nav.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Tasks', exact: true })).toBeHidden();
  // One row: the brand, the button and the user's menu share a line, and nothing scrolls sideways.
  const tops = await Promise.all([page.locator('.ll-brand'), toggle, page.getByTestId('user-menu')].map(async (l) => Math.round((await l.boundingBox())!.y + (await l.boundingBox())!.height / 2)));
  expect(Math.max(...tops) - Math.min(...tops), `centres ${tops.join(', ')}`).toBeLessThanOrEqual(4);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Keyboard: Enter opens, Tab reaches the links, Escape shuts and gives focus back.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('list', { name: 'Insight' }).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  const axe = await new AxeBuilder({ page }).include('header').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`)).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Applications', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  await toggle.click();
  await nav.getByRole('link', { name: 'Tasks', exact: true }).click();
  await expect(page).toHaveURL(/\/backstage\/tasks/);
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(header).toBeVisible();
});
