import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { BASE_URL, E2E_PORT, E2E_TMP, E2E_RELEASES, REPO } from '../support/paths';
import { loginAs } from '../support/login';

// Issue 32: a shell that is open when a remote is activated or rolled back is told at once over the notification
// socket; the release scripts say which shells are connected on which versions.

const script = (...args: string[]) =>
  execFileSync(process.execPath, args, { cwd: REPO, env: { ...process.env, RELEASES_DIR: E2E_RELEASES, DATA_DIR: join(E2E_TMP, 'data'), PORT: String(E2E_PORT), HOST: '127.0.0.1' }, stdio: 'pipe' }).toString();

/** The running server's list of connected shells (what the release scripts print). */
async function shells(): Promise<{ user: string; remotes: Record<string, string> }[]> {
  const token = readFileSync(join(E2E_TMP, 'data', 'ops.token'), 'utf8').trim();
  const res = await fetch(`${BASE_URL}/ops/shells`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).shells;
}

test('activate a new mf-tasks release while a page is open: the banner, Reload shows it; an urgent rollback asks at once', async ({ page }) => {
  test.setTimeout(360_000);
  await loginAs(page, 'cpa1');
  await page.goto('/backstage/tasks');
  await expect(page.getByTestId('remote-version')).toHaveText('mf-tasks v1.0.0');
  // The page's notification socket is connected and has reported the versions it runs.
  await expect.poll(async () => (await shells()).find((s) => s.user === 'cpa1')?.remotes.mf_tasks, { timeout: 30_000 }).toBe('1.0.0');

  script('scripts/release.mjs', 'mf-tasks', '--version', '1.0.2-notice');
  const told = script('scripts/activate.mjs', 'mf-tasks', '1.0.2-notice');
  expect(told).toContain('mf-tasks is now at 1.0.2-notice');
  expect(told).toMatch(/shell\(s\) connected and told; they run mf_tasks:\n {2}1\.0\.0: \d+ \(.*cpa1/);

  const banner = page.getByTestId('release-banner');
  await expect(banner).toHaveText('A new version of Tasks is available — Reload');
  await expect(page.getByRole('alertdialog')).toHaveCount(0); // not blocking: the page is still usable
  await page.getByTestId('release-reload').click();
  await expect(page.getByTestId('remote-version')).toHaveText('mf-tasks v1.0.2-notice');
  await expect(banner).toHaveCount(0);
  // The reloaded page reports its new version when its socket is back.
  await expect.poll(async () => (await shells()).find((s) => s.user === 'cpa1')?.remotes.mf_tasks, { timeout: 30_000 }).toBe('1.0.2-notice');

  script('scripts/activate.mjs', '--rollback', '--urgent', 'mf-tasks');
  const dialog = page.getByRole('alertdialog', { name: 'Reload needed' });
  await expect(dialog).toContainText('Tasks was rolled back to fix a problem. Reload now to use the fixed version.');
  await dialog.getByRole('button', { name: 'Reload now' }).click();
  await expect(page.getByTestId('remote-version')).toHaveText('mf-tasks v1.0.0');
});

test('ignored, the notice reloads the page by itself on the next navigation', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'cpa1');
  await page.goto('/backstage/tasks');
  await expect.poll(async () => (await shells()).some((s) => s.user === 'cpa1' && s.remotes.mf_tasks === '1.0.0'), { timeout: 30_000 }).toBe(true);
  script('scripts/activate.mjs', 'mf-tasks', '1.0.2-notice'); // released by the journey above
  await expect(page.getByTestId('release-banner')).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications', exact: true }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tasks', exact: true }).click();
  await expect(page.getByTestId('remote-version')).toHaveText('mf-tasks v1.0.2-notice');
  await expect(page.getByTestId('release-banner')).toHaveCount(0);
  script('scripts/activate.mjs', '--rollback', 'mf-tasks');
});
