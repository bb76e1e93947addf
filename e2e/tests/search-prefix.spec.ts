import { expect, test } from '@playwright/test';
import { loginAs } from '../support/login';

// Issue 26: global search finds people and ids by fragments — 3 letters of a name, 3 digits of an id — and marks
// the matched fragment in the results.

test('global search for a 3-letter name prefix and for 3 digits of an id finds the row, marked', async ({ page }) => {
  await loginAs(page, 'bh1');
  await page.getByRole('navigation', { name: 'Application lists' }).getByRole('link', { name: 'All applications', exact: true }).click();
  await expect(page.getByTestId('list-count')).toHaveText(/\d+\+? applications/);
  const row = page.getByTestId('list-row').first();
  const id = (await row.locator('td a').innerText()).trim();
  const name = (await row.locator('td').nth(2).innerText()).trim();
  const search = page.getByRole('search', { name: 'Search all applications' });

  // Three letters of the applicant's first name, lower case: every hit's name has a word starting with them.
  const prefix = name.slice(0, 3).toLowerCase();
  await search.getByRole('searchbox').fill(prefix);
  await search.getByRole('button', { name: 'Search' }).click();
  const hits = page.getByTestId('global-search-hit');
  await expect(hits.first()).toBeVisible();
  await expect(hits.first().locator('mark').first()).toHaveText(new RegExp(`^${prefix}$`, 'i'));
  // Word prefixes rank before fragments inside a word: the first hit's name starts a word with them. (Other hits may
  // match a co-applicant's name, which the results do not show.)
  expect((await hits.first().locator('td').nth(1).innerText()).toLowerCase()).toMatch(new RegExp(`(^|\\s)${prefix}`));
  expect(await hits.count()).toBeLessThanOrEqual(10);

  // Three digits of the id (the last three of the first row's): found and marked.
  const digits = id.slice(-3);
  await search.getByRole('searchbox').fill(digits);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(hits.first().locator('mark').first()).toHaveText(digits);
  await expect(hits.first()).toContainText(digits);
  // An id below 1000 is named exactly by its last three digits: it ranks first.
  if (/^APP-00000\d{3}$/.test(id)) await expect(hits.first().locator('td a')).toHaveText(id);
});
