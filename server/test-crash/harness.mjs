// What the crash tests share: the built server started as `npm run serve` starts it on a test's own data directory,
// a staff login as the shell does it (RSA-OAEP password), and the run's log and failure count.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../scripts/free-port.mjs';

export const SERVER = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index.js');
const PASSWORD = 'Demo@12345';

/** Stops the run early when the server has not been built: the crash tests need the production server. */
export function requireBuiltServer(name) {
  if (!existsSync(SERVER)) {
    console.error(`${name}: ${SERVER} is missing; build the server first (npm run build -w server)`);
    process.exit(2);
  }
}

/** A run's log lines (seconds since start) and failures (counted, printed, the run goes on to clean up). */
export function createRun() {
  const started = Date.now();
  const run = {
    failures: 0,
    log: (msg) => console.log(`[${((Date.now() - started) / 1000).toFixed(1)}s] ${msg}`),
    fail: (msg) => {
      run.failures++;
      console.error(`  ✗ ${msg}`);
    },
  };
  return run;
}


/** After a failure the server may still be up: kill it and wait for it to exit. */
export async function killIfRunning(server) {
  if (!server) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

/** The run's verdict: exit 1 with the count of problems, else log that it passed and what that proved. */
export function verdict(run, name, proved) {
  if (run.failures) {
    console.error(`${name} failed: ${run.failures} problem(s)`);
    process.exit(1);
  }
  run.log(`${name} passed: ${proved}`);
}

/** A hung server must not hang `npm test`: after `ms`, kills the server `current()` names and fails the run. Clear it at the end. */
export function watchdog(name, ms, current) {
  return setTimeout(() => {
    console.error(`${name}: no result after ${ms / 1000} s`);
    current()?.child.kill('SIGKILL');
    process.exit(1);
  }, ms);
}

/**
 * The built server on `tmp`'s data (the embedded database unless `extraEnv` names a DATABASE_URL, as the cluster
 * test does); resolves once /health answers, rejects with its stderr if it exits first. `spawned` sees the child at
 * once, so a caller's clean-up can kill one that never answers.
 */
export async function startServer(tmp, extraEnv = {}, spawned = () => {}) {
  const port = await freePort();
  const child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, DATABASE_URL: '', DATA_DIR: join(tmp, 'data'), RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'no-shell'), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error', ...extraEnv },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  spawned(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const done = await Promise.race([exited, sleep(100).then(() => null)]);
    if (done) throw new Error(`server exited (${done.code ?? done.signal}) before answering:\n${stderr}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return { child, base, exited };
    } catch {
      /* not listening yet */
    }
  }
}

/** A staff session's headers ({ access_token, sessionId }) for a demo user. */
export async function login(base, username) {
  const { publicKey } = await (await fetch(`${base}/v3/auth/public-key`)).json();
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD)).toString('base64');
  const res = await fetch(`${base}/v3/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  const s = await res.json();
  return { access_token: s.access_token, sessionId: s.sessionid };
}
