import type { Page } from '@playwright/test';
import { choose, fillDate, kitSelect } from './kit';

/**
 * Adds one filter in a backstage list's open filter panel: the field, its condition when given, and the value —
 * `pick` chooses it from the Value select (dropdown fields), `value` types it (a YYYY-MM-DD value into the date field).
 */
export async function addFilter(page: Page, field: string, f: { condition?: string; pick?: string; value?: string }): Promise<void> {
  await choose(kitSelect(page, 'Field'), field);
  if (f.condition) await choose(kitSelect(page, 'Condition'), f.condition);
  if (f.pick !== undefined) await choose(kitSelect(page, 'Value'), f.pick);
  else if (/^\d{4}-\d{2}-\d{2}$/.test(f.value ?? '')) await fillDate(page.getByTestId('filter-value'), f.value!);
  else await page.getByRole('textbox', { name: 'Value' }).fill(f.value ?? '');
  await page.getByRole('button', { name: 'Add filter' }).click();
}
