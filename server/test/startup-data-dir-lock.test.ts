import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { holdsDataDir, LOCK_FILE, lockDataDir } from '../src/db/data-dir-lock';
import { openPglite } from '../src/db/pglite';
import { StartupError } from '../src/startup-error';

// One process per embedded data directory (db/data-dir-lock.ts): separate OS processes (node with a TypeScript hook
// from @swc/core, so this runs in `npm test` before any build) take the lock of one directory.

const LOCK_MODULE = resolve(__dirname, '../src/db/data-dir-lock.ts');
const CHILD = `
const { transformSync } = require('@swc/core');
const fs = require('node:fs');
require.extensions['.ts'] = (m, f) => m._compile(transformSync(fs.readFileSync(f, 'utf8'), { filename: f, jsc: { target: 'es2022', parser: { syntax: 'typescript' } }, module: { type: 'commonjs' } }).code, f);
const { lockDataDir } = require(process.env.LOCK_MODULE);
try {
  lockDataDir(process.env.LOCK_DIR);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
console.log('LOCKED');
if (process.env.HOLD) setInterval(() => {}, 1000);
`;

interface Run {
  child: ChildProcess;
  stdout: string;
  stderr: string;
  exit: Promise<number | null>;
}

function start(dir: string, hold: boolean): Run {
  const child = spawn(process.execPath, ['-e', CHILD], { env: { ...process.env, NODE_OPTIONS: '', LOCK_MODULE, LOCK_DIR: dir, HOLD: hold ? '1' : '' }, stdio: ['ignore', 'pipe', 'pipe'], cwd: __dirname });
  const run: Run = { child, stdout: '', stderr: '', exit: new Promise((r) => child.once('exit', (code) => r(code))) };
  child.stdout!.on('data', (d) => (run.stdout += d));
  child.stderr!.on('data', (d) => (run.stderr += d));
  return run;
}

async function locked(run: Run): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!run.stdout.includes('LOCKED')) {
    if (run.child.exitCode !== null) throw new Error(`child exited ${run.child.exitCode}: ${run.stderr}`);
    if (Date.now() > deadline) throw new Error('child did not take the lock in 15 s');
    await new Promise((r) => setTimeout(r, 25));
  }
}

let dir: string;
const holders: ChildProcess[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'lendline-lock-'));
});
afterEach(() => {
  for (const c of holders.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

test('a second process on the same data directory refuses with one line naming the directory and the holding PID; a killed holder leaves a lock the next process takes over', async () => {
  const first = start(dir, true);
  holders.push(first.child);
  await locked(first);
  expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(first.child.pid));

  const second = start(dir, false);
  expect(await second.exit).toBe(1);
  const lines = second.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(dir);
  expect(lines[0]).toContain(`PID ${first.child.pid}`);
  expect(lines[0]).toContain('DATABASE_URL');
  expect(second.stdout).not.toContain('LOCKED');

  // kill -9: no exit handler runs, the file stays; its PID is dead, so the next start takes it over.
  first.child.kill('SIGKILL');
  await first.exit;
  expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  const third = start(dir, false);
  expect(await third.exit).toBe(0);
  expect(third.stdout).toContain('LOCKED');
  // A clean exit removes the file.
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
}, 180_000); // opens an embedded database (its WASM start) beside the whole suite: slow on a busy 2-core machine

const linux = existsSync('/proc/self/stat');
(linux ? test : test.skip)('a lock file whose PID now belongs to another process (a different start time) is stale', async () => {
  const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  // This jest process is alive, but it did not write this file: the start time differs.
  writeFileSync(join(dir, LOCK_FILE), `${process.ppid}\n${boot}\n1\n`);
  const run = start(dir, false);
  expect(await run.exit).toBe(0);
  expect(run.stdout).toContain('LOCKED');
}, 30_000);

test('a lock file of a live process without a start time is respected (no guess that it is stale)', async () => {
  writeFileSync(join(dir, LOCK_FILE), `${process.pid}\n`);
  const run = start(dir, false);
  expect(await run.exit).toBe(1);
  expect(run.stderr).toContain(`PID ${process.pid}`);
}, 30_000);

test('the embedded database refuses a directory another process holds, and this process holds its own until close', async () => {
  const other = start(dir, true);
  holders.push(other.child);
  await locked(other);
  const err = await openPglite(dir).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(StartupError);
  expect((err as Error).message).toContain(`PID ${other.child.pid}`);
  expect((err as Error).message).not.toContain('\n');
  other.child.kill('SIGKILL');
  await other.exit;

  const db = await openPglite(dir);
  try {
    expect(holdsDataDir(dir)).toBe(true);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(/already open in this process/);
    const again = start(dir, false);
    expect(await again.exit).toBe(1);
    expect(again.stderr).toContain(`PID ${process.pid}`);
  } finally {
    await db.close();
  }
  expect(holdsDataDir(dir)).toBe(false);
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
}, 180_000); // opens an embedded database (its WASM start) beside the whole suite: slow on a busy 2-core machine
