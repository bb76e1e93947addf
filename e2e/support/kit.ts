import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The UI kit's controls as a person uses them. A kit Select is a button that opens a listbox (not a native <select>,
 * so Playwright's selectOption does not apply); its button's accessible name is the chosen value followed by the label
 * ("100 Per page"), which is what kitSelect finds it by.
 */

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The button of the kit Select labelled `label` (the label is the end of its accessible name). */
export function kitSelect(scope: Page | Locator, label: string): Locator {
  return scope.getByRole('button', { name: new RegExp(`(^|\\s)${escape(label)}$`) });
}

/** Opens a kit Select (its button, or the element holding it, e.g. its data-testid) and chooses the option named `option`. */
export async function choose(select: Locator, option: string | RegExp): Promise<void> {
  const page = select.page();
  const button = (await select.evaluate((el) => el.tagName === 'BUTTON')) ? select : select.getByRole('button').first();
  await button.click();
  const listbox = page.getByRole('listbox');
  await listbox.getByRole('option', { name: option, exact: typeof option === 'string' }).click();
  await expect(listbox).toHaveCount(0);
}

/** The value of a kit DateField (ISO, YYYY-MM-DD; '' when empty), read from the hidden input that carries it for forms. */
export function dateValue(field: Locator): Promise<string> {
  return field.locator('input[hidden]').inputValue();
}

/** Types an ISO date (YYYY-MM-DD) into a kit DateField (the element holding it), segment by segment as DD MM YYYY. */
export async function fillDate(field: Locator, iso: string): Promise<void> {
  const [y, m, d] = iso.split('-');
  await field.locator('[data-type="day"]').click();
  await field.page().keyboard.type(`${d}${m}${y}`);
  await expect(field.locator('input[hidden]')).toHaveValue(iso);
}

/** The option names a kit Select offers, read by opening it and closed again with Escape. */
export async function optionsOf(select: Locator): Promise<string[]> {
  const page = select.page();
  await select.click();
  const listbox = page.getByRole('listbox');
  const names = await listbox.getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  await expect(listbox).toHaveCount(0);
  return names.map((n) => n.trim());
}

/**
 * Chooses `option` (by its text) in a native <select> or a kit Select, whichever `target` is: for journeys that run
 * against an earlier release of a remote as well as this one (version skew), where the control changed kind.
 */
export async function pick(target: Locator, option: string): Promise<void> {
  if (await target.evaluate((el) => el.tagName === 'SELECT')) {
    await target.selectOption({ label: option });
    return;
  }
  await choose(target, option);
}

/** Opens a kit Select and chooses its `n`th option (0-based); returns that option's text. */
export async function chooseNth(select: Locator, n: number): Promise<string> {
  const page = select.page();
  const button = (await select.evaluate((el) => el.tagName === 'BUTTON')) ? select : select.getByRole('button').first();
  await button.click();
  const option = page.getByRole('listbox').getByRole('option').nth(n);
  const text = (await option.innerText()).trim();
  await option.click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
  return text;
}
