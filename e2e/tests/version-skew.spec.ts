import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Browser } from '@playwright/test';
import { BASE_URL, E2E_PORT, E2E_TMP, E2E_RELEASES, REPO } from '../support/paths';
import { loginAs } from '../support/login';
import { countReactRenderers, reactRendererCount, watchConsole } from '../support/page-health';
import { pick } from '../support/kit';

// Issue 32, version skew: the shell of one release with a remote of the previous one, and the other way round, composed
// at run time the way production composes them. scripts/skew-build.mjs builds the previous release of mf-tasks and of
// the shell from git (once, cached in e2e/.skew/); the previous mf-tasks goes into this server's release store and is
// activated with the release scripts; the previous shell is served by a second server (SHELL_DIR) with the current
// remotes' releases. Which release is "previous" and why: the script's header and ARCHITECTURE "Version skew".

interface Previous {
  sha: string;
  tasksVersion: string;
  tasksContract: number | null;
  shellDir: string;
  shellApi: number | null;
  shellAlsoServes: number[];
  /** This checkout's shell: its API and the older ones it still serves (ALSO_SERVES in remotes/compatibility.ts). */
  current: { shellApi: number; shellAlsoServes: number[] };
}

const env = { ...process.env, RELEASES_DIR: E2E_RELEASES, DATA_DIR: join(E2E_TMP, 'data'), PORT: String(E2E_PORT), HOST: '127.0.0.1' };
const script = (...args: string[]) => execFileSync(process.execPath, args, { cwd: REPO, env, stdio: 'pipe' }).toString();
// Builds only when e2e/.skew holds no build of the previous release (CI builds it in its build stage).
const previous = (): Previous => JSON.parse(script('scripts/skew-build.mjs', '--print').trim().split('\n').pop()!);

const refusal = (version: string, needs: number, has: number) => `Version mf-tasks ${version} needs shell API ${needs}; this page runs shell API ${has}.`;

/** cpa1 signs in on `base`, gets a new PL application whose Data Entry task is theirs (with a query raised), and works it from the inbox. */
async function workATask(browser: Browser, base: string, expectTasksVersion: string) {
  const page = await (await browser.newContext({ baseURL: base })).newPage();
  // Nothing thrown or logged as an error (a skewed pair usually fails here first), and one React: the shared
  // singletons of one release were taken by the other's code.
  const errors = watchConsole(page);
  await countReactRenderers(page);
  await loginAs(page, 'cpa1');
  const { session } = JSON.parse((await page.evaluate(() => localStorage.getItem('lendline.session'))) ?? '{}');
  const created = await page.request.post('/v3/application/save', {
    headers: { access_token: session.access_token, sessionId: session.sessionId },
    data: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Skew', lastName: 'Journey', mobile: '9876543210', email: 'skew@example.in' }], customFields: { loanAmount: 300000 } },
  });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).data.application_id as string;
  // A query to bcm1 puts the application in sub-status QUERIES, where the task can be snoozed (the detail's tab rules).
  const raised = await page.request.post('/v3/taskconfigs/createSubTask', {
    headers: { access_token: session.access_token, sessionId: session.sessionId },
    data: { application_id: id, verNum: 1, subject: 'Salary slips for the skew journey', assignedTo: 'bcm1' },
  });
  expect(raised.status(), await raised.text()).toBeLessThan(300);

  await page.getByRole('link', { name: 'Tasks', exact: true }).first().click();
  await expect(page.getByTestId('task-inbox')).toBeVisible();
  await expect(page.getByTestId('remote-version')).toHaveText(`mf-tasks v${expectTasksVersion}`);
  await pick(page.getByTestId('inbox-kind'), 'Tasks');
  await pick(page.getByLabel('Per page'), '100');
  const row = page.locator(`[data-testid="inbox-item"][data-application="${id}"][data-kind="task"]`);
  await row.getByRole('link').click();
  await expect(page.getByTestId('detail-id')).toHaveText(id);

  // Work it: the Snooze tab is mf-tasks' too (loaded into the application page from the active release).
  await page.getByRole('tab', { name: 'Snooze' }).click();
  const tab = page.getByTestId('snooze-tab');
  await expect(tab.getByTestId('snooze-state')).toHaveText('This task is not snoozed: it is in Today.');
  await tab.getByLabel('Reason').fill('Applicant abroad until next week');
  await tab.getByRole('button', { name: 'Snooze' }).click();
  await expect(tab.getByTestId('snooze-state')).toContainText('This task is snoozed until');
  expect(errors).toEqual([]);
  expect(await reactRendererCount(page)).toBe(1);
  return page;
}

test('current shell with the previous mf-tasks release: a credit officer works a task through it', async ({ browser }) => {
  test.setTimeout(240_000);
  const prev = previous();
  script('scripts/skew-build.mjs', '--release'); // into this server's release store, as a release build lands there
  expect(script('scripts/activate.mjs', 'mf-tasks', prev.tasksVersion)).toContain(`mf-tasks is now at ${prev.tasksVersion}`);
  try {
    const shell = prev.current;
    const needs = prev.tasksContract ?? 1; // undeclared: built before the declaration, for API 1
    if ([shell.shellApi, ...shell.shellAlsoServes].includes(needs)) {
      await workATask(browser, BASE_URL, prev.tasksVersion);
    } else {
      // A previous release the current shell cannot serve: it says so instead of mounting it.
      const page = await (await browser.newContext()).newPage();
      await loginAs(page, 'cpa1');
      await page.goto('/backstage/tasks');
      await expect(page.getByTestId('fallback-Tasks')).toContainText(refusal(prev.tasksVersion, needs, shell.shellApi));
    }
  } finally {
    script('scripts/activate.mjs', '--rollback', 'mf-tasks');
  }
});

// The other way round. The previous release's shell predates this batch's @lendline/shared 1.1.0 (its exports grew:
// useMutation, configName…) and does not provide the Module Federation runtime, which the current remotes leave to
// the shell: they are built for shell API 2 (shell/src/remotes/shell-api.json) and cannot run on it. A shell with the
// check (API 1 and later) says so in the area before loading anything of the release; only a shell from before the
// check (none is "previous" any more) would have to simply work. docs/ARCHITECTURE.md, "The shared contract".
test('previous shell with the current remotes: the current mf-tasks works, or the shell refuses it before loading it', async ({ browser }) => {
  test.setTimeout(420_000);
  const prev = previous();
  // A second server: the previous shell (SHELL_DIR) over this build's releases, its own fresh data. Not on E2E_PORT+1:
  // `npm test` runs the journeys in shards on E2E_PORT, E2E_PORT+1, … (scripts/test-all.mjs).
  const port = E2E_PORT + 100;
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, [join(REPO, 'e2e', 'support', 'start-server.mjs')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SHELL_DIR: prev.shellDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await expect.poll(async () => (await fetch(`${base}/health`).catch(() => null))?.status, { timeout: 240_000, intervals: [1000] }).toBe(200);
    // The page really is the previous shell: its entry script is the previous build's.
    // Named by a script tag's src, or, since the paint loader (issue 31), by the loader's data-main.
    const prevEntry = /(?:src|data-main)="?\/?(main\.[0-9a-f]{8}\.js)/.exec(readFileSync(join(prev.shellDir, 'index.html'), 'utf8'))?.[1];
    expect(prevEntry).toBeTruthy();
    expect(await (await fetch(`${base}/`, { headers: { accept: 'text/html' } })).text()).toContain(prevEntry!);

    const version = JSON.parse(readFileSync(join(REPO, 'mf-tasks', 'package.json'), 'utf8')).version as string;
    const current = JSON.parse(readFileSync(join(REPO, 'releases', 'mf-tasks', version, 'lendline-contract.json'), 'utf8')).shellApi as number;
    // A shell from before the declaration (shellApi null) checks nothing and must simply work; one with the check
    // mounts what it serves and refuses the rest with its message.
    if (prev.shellApi === null || [prev.shellApi, ...prev.shellAlsoServes].includes(current)) {
      await workATask(browser, base, version);
    } else {
      const page = await (await browser.newContext({ baseURL: base })).newPage();
      await loginAs(page, 'cpa1'); // the shell's own login page works on its own
      await page.goto('/backstage/tasks');
      await expect(page.getByTestId('fallback-Tasks')).toContainText(refusal(version, current, prev.shellApi));
      await expect(page.getByTestId('task-inbox')).toHaveCount(0);
      // Refused from the remotes document, never mounted. (That shell checks at mount only: it still warms the area's
      // remote and loads the bell's unchecked, which fail on the missing runtime; the current shell checks every remote
      // load before fetching anything, shell/src/remotes/load-remotes.ts, as the next journey shows.)
    }
  } finally {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
  }
});

test('a release built for another shell API is refused with a clear staff message, not a blank area', async ({ page }) => {
  test.setTimeout(120_000);
  const shell = previous().current;
  const next = shell.shellApi + 1;
  // The current build declaring the next API, as a build made after raising shellApi does (no second build for this).
  const version = `1.0.0-api${next}`;
  const dir = join(E2E_RELEASES, 'mf-tasks', version);
  if (!existsSync(dir)) {
    cpSync(join(E2E_RELEASES, 'mf-tasks', '1.0.0'), dir, { recursive: true });
    const contract = JSON.parse(readFileSync(join(dir, 'lendline-contract.json'), 'utf8'));
    writeFileSync(join(dir, 'lendline-contract.json'), JSON.stringify({ ...contract, shellApi: next }, null, 2) + '\n');
  }
  script('scripts/activate.mjs', 'mf-tasks', version);
  const fetched: string[] = [];
  page.on('request', (r) => void fetched.push(new URL(r.url()).pathname));
  try {
    await loginAs(page, 'cpa1');
    await page.goto('/backstage/tasks');
    const fallback = page.getByTestId('fallback-Tasks');
    await expect(fallback).toContainText('This part of Lendline is unavailable right now');
    await expect(fallback).toContainText(refusal(version, next, shell.shellApi));
    await expect(page.getByTestId('task-inbox')).toHaveCount(0); // never mounted
    // Nor loaded: the check runs before any of the release's files is fetched (warming the area's remote included).
    expect(fetched.filter((p) => p.startsWith(`/releases/mf-tasks/${version}/`))).toEqual([]);
    // The rest of the product keeps working.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications', exact: true }).click();
    await expect(fallback).toHaveCount(0);
    await expect(page).toHaveURL(/\/backstage/);
  } finally {
    script('scripts/activate.mjs', '--rollback', 'mf-tasks');
  }
});
