#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest, two lanes wide (CI machines have 2 cores).
//   lane 1: type-checks of every workspace → lint → jest of every other workspace → the server suite on PGlite,
//           batch by batch
//   lane 2: the production build → the crash tests (the built server killed -9 during writes, then restarted: nothing
//           acknowledged lost) → the previous release for the skew journeys → the server suite on a throwaway
//           PostgreSQL → what is left of the PGlite batches (the two lanes share them)
//   beside them, once both builds are there: the Playwright journeys in Chromium against that build served by the real
//           server (shards side by side, one server each)
//   then:   the video journey
// Each lane is a chain of single-threaded work (one jest worker, tsc, eslint), so the two keep both cores busy; the
// journeys mostly wait on their browser and server (a shard uses about a third of a core), so they fill what the lanes
// leave idle instead of running after them. A failing step stops the whole run at once; output that was not streamed
// is printed whole, and the failing step is named last.
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a stage out locally (CI runs them all); E2E_SHARDS=1 runs the journeys on one server.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
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
const e2e = !process.env.SKIP_E2E;
if (e2e) ensureChromium();

// Journeys: each shard is a Playwright run of its own with its own server and fresh database on its own port (E2E_PORT,
// E2E_PORT+1, …: support/paths.ts keeps data, releases and results per port), so the shards share nothing but the build.
// Within a shard the journeys still run one at a time, in file order, exactly as an unsharded run does. Three by
// default: a shard mostly waits on its browser and server (docs/ARCHITECTURE.md "Test run time").
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 3));
const e2ePort = Number(process.env.E2E_PORT ?? 8181);
const journeys = Array.from({ length: shards }, (_, i) => ({
  name: shards > 1 ? `journeys ${i + 1}/${shards} (port ${e2ePort + i})` : 'journeys',
  cmd: 'npm',
  args: ['run', 'e2e', '-w', 'e2e', ...(shards > 1 ? ['--', `--shard=${i + 1}/${shards}`] : [])],
  env: { E2E_PORT: String(e2ePort + i) },
}));

// Every workspace's own tests but the server's (the two suites below): the UI kit, the remotes, the lint rules.
const rootPackage = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const otherWorkspaces = rootPackage.workspaces.filter((w) => w !== 'server').flatMap((w) => ['-w', w]);

// The server suite runs twice, on PGlite and on PostgreSQL: the same SQL on the embedded engine and its driver, and on
// a server with real concurrency. A few files test no database behaviour (what the server does with sockets, limits,
// its start-up mode, its metrics, malformed input before any SQL, a lock file), so one run of them says all: those run
// in one lane only (`npm test -w server` alone still runs every file). PGlite's lane is the longer, so it leaves out the
// most; PostgreSQL's leaves out the data-directory lock, which is the embedded database's own.
const SERVER_FILES_ON_POSTGRES_ONLY = ['security-fuzz', 'http-timeouts', 'security-rate-limit', 'metrics', 'run-mode'];
const SERVER_FILES_ON_PGLITE_ONLY = ['startup-data-dir-lock'];
const leaveOut = (names) => ['--', '--testPathIgnorePatterns', ...names.map((n) => `/test/${n}\\.test\\.ts$`)];

/**
 * The PGlite suite as batches of files that both lanes take from, instead of one jest run in lane 1: lane 1 starts on
 * them after its unit tests, lane 2 joins once its PostgreSQL suite has ended. As one run, the PGlite suite ended ~250 s after
 * everything else, one core idle meanwhile. Biggest files first, so the last batches, the ones that decide when the
 * two lanes end, are short. The runs share one database template (server/test/helpers/db-template-env.ts), built by
 * the first.
 */
const PGLITE_BATCH_FILES = 8;
function pgliteBatches() {
  const dir = new URL('../server/test/', import.meta.url);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts') && !SERVER_FILES_ON_POSTGRES_ONLY.includes(f.slice(0, -'.test.ts'.length)))
    .map((f) => ({ f, size: statSync(new URL(f, dir)).size }))
    .sort((a, b) => b.size - a.size || a.f.localeCompare(b.f))
    .map(({ f }) => `test/${f}`);
  const batches = [];
  for (let i = 0; i < files.length; i += PGLITE_BATCH_FILES) batches.push(files.slice(i, i + PGLITE_BATCH_FILES));
  const template = mkdtempSync(join(tmpdir(), 'lendline-template-'));
  process.on('exit', () => rmSync(template, { recursive: true, force: true }));
  let next = 0;
  return {
    /** The next batch as a step, or null once every batch has been taken. */
    take() {
      if (next >= batches.length) return null;
      const i = next++;
      const batch = batches[i];
      return {
        name: `server suite on PGlite (jest), batch ${i + 1} of ${batches.length}: ${batch.length} of ${files.length} files`,
        cmd: 'npm',
        args: ['test', '-w', 'server', '--', '--runTestsByPath', ...batch],
        env: { LENDLINE_TEST_SHARED_TEMPLATE_DIR: template },
      };
    },
  };
}
const pglite = pgliteBatches();

/** A promise and the function that resolves it: a step's `onPass` marks what a background group waits `after`. */
function milestone() {
  let pass;
  const reached = new Promise((r) => (pass = r));
  return { reached, pass };
}
const built = milestone();
// E2E_AFTER_SUITES=1: the journeys wait for both lanes too (each shard then has the machine to itself, as before
// issue 33), for a machine where journeys beside the suites run out of time.
const suitesDone = milestone();
const journeysAfter = process.env.E2E_AFTER_SUITES === '1' ? [built.reached, suitesDone.reached] : [built.reached];

/**
 * A step: { name, cmd, args, env?, onPass? }, or { name, parallel: [steps] } (side by side, each logged to a file of its
 * own, printed when all have ended). A lane: steps one after another. A stage: lanes side by side (the first streams,
 * the others' logs follow it), and `background`: groups { after, steps } started outside the lanes once every promise
 * of `after` has resolved; the stage ends when its lanes and groups have.
 */
const stages = [
  {
    lanes: [
      [
        { name: 'type-check', cmd: 'npm', args: ['run', 'typecheck'] },
        { name: 'lint (ESLint: typescript-eslint, react-hooks, import boundaries)', cmd: 'npm', args: ['run', 'lint'] },
        // Here rather than in lane 2: with the PGlite suite shared, this lane was the one that ended first.
        { name: 'unit tests of the other workspaces (jest, node --test)', cmd: 'npm', args: ['test', '--if-present', ...otherWorkspaces] },
        { name: 'server suite on PGlite (jest), batches shared with lane 2', queue: pglite },
      ],
      [
        // The builds first, so the journeys can start beside the two suites instead of after them.
        ...(e2e
          ? [
              { name: 'production build', cmd: 'npm', args: ['run', 'build'] },
              // The built server killed with SIGKILL during concurrent writes, restarted on the same data (about a minute).
              { name: 'crash test (kill -9 during writes)', cmd: process.execPath, args: ['server/test-crash/crash.mjs'] },
              { name: 'credit crash test (kill -9 between a disbursement call and its commit)', cmd: process.execPath, args: ['server/test-crash/credit-crash.mjs'] },
              // The previous release of mf-tasks and the shell, built from git for the version-skew journeys.
              { name: 'previous release of mf-tasks and the shell, from git (version-skew journeys)', cmd: process.execPath, args: ['scripts/skew-build.mjs'], onPass: built.pass },
            ]
          : []),
        ...(process.env.SKIP_PG ? [] : [{ name: 'server suite on PostgreSQL', cmd: process.execPath, args: ['scripts/with-postgres.mjs', '--', 'npm', 'test', '-w', 'server', ...leaveOut(SERVER_FILES_ON_PGLITE_ONLY)] }]),
        { name: 'server suite on PGlite (jest), the batches lane 1 has not taken', queue: pglite },
      ],
    ],
    background: e2e ? [{ after: journeysAfter, steps: [{ name: `journeys (Playwright, Chromium), ${shards} shards side by side`, parallel: journeys }] }] : [],
  },
  ...(e2e
    ? [
        // A real Janus and two Chromium pages in a private network namespace (root; skipped with the reason otherwise).
        { lanes: [[{ name: 'video journey (Janus + Chromium in a network namespace)', cmd: process.execPath, args: ['scripts/e2e-video.mjs'] }]] },
      ]
    : []),
].map((s) => ({ ...s, lanes: s.lanes.filter((l) => l.length) }));

const secs = (t0) => ((Date.now() - t0) / 1000).toFixed(0);
const children = new Set();
let stopping = false;
let firstFailure = null;

/** Runs one step; output to the terminal, or to `fd` (a file: the foreground keeps running meanwhile). */
function run(step, fd) {
  if (step.parallel) return runParallel(step, fd);
  return new Promise((resolve) => {
    // Its own process group, so a failing run can stop it whole (with-postgres stops its cluster on SIGINT).
    const child = spawn(step.cmd, step.args, { stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd], detached: true, env: { ...process.env, ...step.env } });
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * Runs a step's `parallel` steps side by side, each into a log file of its own (printed to `fd` or the terminal when
 * all have ended, each under its name); the first failure stops the others. Resolves to the first failing status, or 0.
 */
async function runParallel(step, fd) {
  const dir = mkdtempSync(join(tmpdir(), 'lendline-test-'));
  const out = (line) => (fd === undefined ? console.log(line) : writeLine(fd, line));
  let failed = 0;
  await Promise.all(
    step.parallel.map(async (sub, i) => {
      const log = join(dir, `${i + 1}.log`);
      const subFd = openSync(log, 'w');
      out(`=== ${sub.name}: started (output in ${log})`);
      const t0 = Date.now();
      const status = await run(sub, subFd).finally(() => closeSync(subFd));
      if (status !== 0 && !failed) {
        failed = status;
        // The run has failed: the other shards need not finish. Named here, as the shard is what failed.
        if (!stopping) {
          firstFailure = { step: sub, status };
          stopAll();
        }
      }
      sub.result = `${status === 0 ? '✓' : '✗'} ${sub.name} (${secs(t0)}s)`;
      sub.log = log;
    }),
  );
  for (const sub of step.parallel) {
    out(`\n=== ${sub.name}`);
    const text = readFileSync(sub.log, 'utf8');
    if (fd === undefined) process.stdout.write(text);
    else writeSync(fd, text);
    out(sub.result);
  }
  return failed;
}

/** Runs a lane's steps in order (after `after`, a background group's promises); stops at the first failure. Resolves to { ok, log }. */
async function runLane(steps, streamed, after = []) {
  let log = null;
  let fd;
  if (!streamed) {
    log = join(mkdtempSync(join(tmpdir(), 'lendline-test-')), 'lane.log');
    fd = openSync(log, 'w');
    console.log(`=== ${steps.map((s) => s.name).join(' → ')}: ${after.length ? 'once the builds are there, ' : ''}started beside (output in ${log})`);
  }
  try {
    // A group whose build failed waits no longer: the run is stopping.
    await Promise.race([Promise.all(after), stopped.reached]);
    // A queue step (the PGlite batches) is the batches this lane takes from it, one after another, until none is left.
    const expanded = function* () {
      for (const step of steps) {
        if (!step.queue) yield step;
        else for (let batch = step.queue.take(); batch; batch = step.queue.take()) yield batch;
      }
    };
    for (const step of expanded()) {
      if (stopping) return { ok: false, log, step, status: 1 };
      const t0 = Date.now();
      if (streamed) console.log(`\n=== ${step.name}`);
      else writeLine(fd, `\n=== ${step.name}`);
      const status = await run(step, fd);
      const line = status === 0 ? `✓ ${step.name} (${secs(t0)}s)` : stopping ? `- ${step.name} stopped after ${secs(t0)}s (another step failed)` : `✗ ${step.name} failed after ${secs(t0)}s`;
      if (streamed) console.log(line);
      else writeLine(fd, line);
      if (status !== 0) return { ok: false, log, step, status };
      step.onPass?.();
    }
    return { ok: true, log };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const writeLine = (fd, line) => writeSync(fd, line + '\n');

const printLog = (lane) => lane.log && process.stdout.write(readFileSync(lane.log, 'utf8'));

const stopped = milestone();
function stopAll() {
  stopping = true;
  stopped.pass();
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGINT');
    } catch {}
  }
}

const started = Date.now();
for (const stage of stages) {
  const t0 = Date.now();
  if (stage.name) console.log(`\n=== ${stage.name}: ${stage.lanes.length} side by side`);
  // A lane that fails stops the others at once (the run has failed; no point finishing them).
  const settle = (r) => {
    if (!r.ok && !stopping) {
      firstFailure = r;
      stopAll();
    }
    return r;
  };
  const lanes = Promise.all(stage.lanes.map((steps, i) => runLane(steps, i === 0).then(settle)));
  if (stage.background) void lanes.then(() => suitesDone.pass());
  const background = Promise.all((stage.background ?? []).map(({ steps, after }) => runLane(steps, false, after).then(settle)));
  const results = [...(await lanes), ...(await background)];
  for (const r of results) printLog(r);
  const failed = firstFailure;
  if (failed) {
    console.error(`\n✗ ${failed.step.name} failed (after ${secs(started)}s of the run)`);
    process.exit(failed.status || 1);
  }
  if (stage.name) console.log(`✓ ${stage.name} (${secs(t0)}s)`);
}
console.log(`\nAll tests passed in ${secs(started)}s`);
