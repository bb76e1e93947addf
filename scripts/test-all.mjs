#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest.
//   1. type-checks of every workspace       4. the production build
//   2. jest for every workspace (server on PGlite)   5. Playwright journeys in Chromium
//   3. the server suite again on a throwaway PostgreSQL       against that build served by the real server
//   (4b. the crash test: the built server killed -9 during writes, then restarted: nothing acknowledged lost)
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a stage out locally (CI runs them all).
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The journeys drive Debian's Chromium (no browser download works here). On a fresh machine of this
// kind (root, Debian) install it rather than fail; elsewhere say what is missing.
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() === 0) {
    console.log('=== installing Debian chromium for the journeys');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }).status === 0;
    if (install() || (spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env }).status === 0 && install())) return;
  }
  console.error(`Chromium not found at ${path}: install it (apt-get install -y chromium) or set CHROMIUM_PATH, or SKIP_E2E=1`);
  process.exit(1);
}
if (!process.env.SKIP_E2E) ensureChromium();

// The server suite runs one file at a time (one jest worker, restarted when it grows): on PostgreSQL it runs beside the PGlite stage, so the two
// single-threaded suites share the machine's cores instead of taking turns. Its output is kept and printed whole.
const background = process.env.SKIP_PG
  ? null
  : ['server suite on PostgreSQL (beside the unit tests)', process.execPath, ['scripts/with-postgres.mjs', '--', 'npm', 'test', '-w', 'server']];

const steps = [
  ['type-check', 'npm', ['run', 'typecheck']],
  ['lint (ESLint: typescript-eslint, react-hooks, import boundaries)', 'npm', ['run', 'lint']],
  ['unit tests (jest, server on PGlite)', 'npm', ['run', 'test:unit'], { startBackground: true }],
  ...(background ? [['server suite on PostgreSQL: result', null, null, { awaitBackground: true }]] : []),
  ...(process.env.SKIP_E2E ? [] : [
    ['production build', 'npm', ['run', 'build']],
    ['previous release of mf-tasks and the shell, from git (version-skew journeys)', process.execPath, ['scripts/skew-build.mjs']],
    // The built server killed with SIGKILL during concurrent writes, restarted on the same data (about a minute).
    ['crash test (kill -9 during writes)', process.execPath, ['server/test-crash/crash.mjs']],
    ['credit crash test (kill -9 between a disbursement call and its commit)', process.execPath, ['server/test-crash/credit-crash.mjs']],
    ['journeys (Playwright, Chromium)', 'npm', ['run', 'e2e', '-w', 'e2e']],
    // A real Janus and two Chromium pages in a private network namespace (root; skipped with the reason otherwise).
    ['video journey (Janus + Chromium in a network namespace)', process.execPath, ['scripts/e2e-video.mjs']],
  ]),
];

let pending = null; // { done: Promise<number>, log, t0 }
function startBackground() {
  const [name, cmd, args] = background;
  const log = join(mkdtempSync(join(tmpdir(), 'lendline-test-')), 'pg-suite.log');
  // A file descriptor, not a pipe: the foreground steps block this process, which could not drain a pipe meanwhile.
  const fd = openSync(log, 'w');
  // Its own process group, so a failing run can stop it whole (with-postgres stops its cluster on SIGINT).
  const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], detached: true });
  closeSync(fd);
  console.log(`\n=== ${name}: started (output in ${log})`);
  const done = new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));
  pending = { done, log, t0: Date.now(), name, child };
}

const started = Date.now();
for (const [name, cmd, args, opts = {}] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  if (opts.startBackground && background) startBackground();
  let status;
  if (opts.awaitBackground) {
    status = await pending.done;
    process.stdout.write(readFileSync(pending.log, 'utf8'));
    console.log(`(${pending.name} took ${((Date.now() - pending.t0) / 1000).toFixed(0)}s in all)`);
  } else {
    status = spawnSync(cmd, args, { stdio: 'inherit' }).status;
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  if (status !== 0) {
    console.error(`\n✗ ${name} failed after ${secs}s`);
    if (pending && pending.child.exitCode === null) {
      try {
        process.kill(-pending.child.pid, 'SIGINT');
      } catch {}
    }
    process.exit(status ?? 1);
  }
  console.log(`✓ ${name} (${secs}s)`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
