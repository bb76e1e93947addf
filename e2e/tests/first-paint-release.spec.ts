import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_RELEASES, REPO } from '../support/paths';
import { hashTree } from '../support/files';
import { watchConsole } from '../support/page-health';

// Issue 31: the landing page is painted on the server by the ACTIVE mf-portal release's own render (its release
// carries it), so releasing, activating and rolling back mf-portal changes the painted page with no shell rebuild.

const script = (...args: string[]) =>
  execFileSync(process.execPath, args, { cwd: REPO, env: { ...process.env, RELEASES_DIR: E2E_RELEASES }, stdio: 'pipe' }).toString();

/** The painted landing page as the server sends it (no script runs): which release painted it. */
async function paintedBy(request: import('@playwright/test').APIRequestContext): Promise<{ version: string | null; css: string[] }> {
  const html = await (await request.get('/newapplication', { headers: { accept: 'text/html' } })).text();
  const version = /<div id="area-portal"[^>]*data-first-paint[^>]*>[\s\S]*?data-remote-version="mf-portal v([^"]+)"/.exec(html)?.[1] ?? null;
  // The release's stylesheet, in the page (`<style data-href>`, by the page's nonce) or linked.
  const css = [...html.matchAll(/(?:<link rel=stylesheet href|<style [^>]*data-href)="(\/releases\/mf-portal\/[^"]+)"/g)].map((m) => m[1]);
  return { version, css };
}

test('release, activate and roll back mf-portal: the painted landing page follows, the shell is untouched', async ({ page, request }) => {
  test.setTimeout(240_000);
  const shellDir = join(REPO, 'shell', 'dist');
  const shellBefore = hashTree(shellDir);
  const errors = watchConsole(page);
  const before = await paintedBy(request);
  expect(before.version).toBe('1.0.0');
  expect(before.css).toEqual([expect.stringMatching(/^\/releases\/mf-portal\/1\.0\.0\/landing\.[0-9a-f]{8}\.css$/)]);

  script('scripts/release.mjs', 'mf-portal', '--version', '1.0.1-paint');
  // Released but not active: the page is still painted by 1.0.0.
  expect((await paintedBy(request)).version).toBe('1.0.0');

  script('scripts/activate.mjs', 'mf-portal', '1.0.1-paint');
  try {
    const after = await paintedBy(request);
    expect(after.version).toBe('1.0.1-paint');
    expect(after.css[0]).toMatch(/^\/releases\/mf-portal\/1\.0\.1-paint\/landing\./);
    // The browser hydrates the new release's markup with the new release's code.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/newapplication');
    await expect(page.getByRole('link', { name: /^Apply for / })).toHaveCount(3);
    await page.getByRole('link', { name: 'Apply for Personal Loan' }).click();
    await expect(page).toHaveURL(/product_code=PL/);
  } finally {
    script('scripts/activate.mjs', '--rollback', 'mf-portal');
  }
  expect((await paintedBy(request)).version).toBe('1.0.0');
  expect(hashTree(shellDir)).toEqual(shellBefore);
  expect(errors).toEqual([]);
});
