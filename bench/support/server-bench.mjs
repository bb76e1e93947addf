// What the server benchmarks (lists, approvals, tasks-inbox, managers) share: the built server (server/dist), a book
// seeded by the server's own generator, signed-in demo users, and a keep-alive HTTP client.
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import http from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const require = createRequire(import.meta.url);
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** A module of the built server. */
export const dist = (p) => require(join(ROOT, 'server', 'dist', p));
/** `--name value` pairs of the command line. */
export const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const PASSWORD = 'Demo@12345';

export const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
export const stats = (xs) => ({ p50: +pct(xs, 50).toFixed(2), p95: +pct(xs, 95).toFixed(2), p99: +pct(xs, 99).toFixed(2), max: +Math.max(...xs).toFixed(2) });
/** Milliseconds one call takes. */
export async function time(fn) {
  const t = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - t) / 1e6;
}

/** The PostgreSQL of the run (scripts/with-postgres.mjs exports TEST_DATABASE_URL), or null. */
export const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
export function requirePostgres(command) {
  if (pgUrl) return pgUrl;
  console.error(`PostgreSQL only: run \`${command}\` (a throwaway cluster) or set BENCH_DATABASE_URL`);
  process.exit(2);
}

/** Seeds `applications` with the server's generator (server/dist/cli/seed.js); resolves to the seconds it took. */
export function runSeed(applications, env) {
  return new Promise((res, rej) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'cli', 'seed.js'), '--applications', String(applications)], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? res((Date.now() - t0) / 1000) : rej(new Error(`seed exited with ${code}`))));
  });
}

/** `SELECT count(*)::text AS n …` as a number (0 when the table is not there yet). */
export async function count(db, sql) {
  try {
    return Number((await db.query(sql)).rows[0].n);
  } catch {
    return 0;
  }
}

/**
 * Migrates the book and seeds it up to `applications` when it holds fewer; resolves to the seed's seconds (null when
 * the book was reused). Migrations on an existing 1M book can take minutes: longer than the server's plugin start-up
 * allows, so they run here before the server starts.
 */
export async function prepareBook(applications, { databaseUrl = '', dataDir = '' } = {}) {
  const { openDb } = dist('db/open.js');
  const { migrate } = dist('db/migrate.js');
  const kind = databaseUrl ? 'postgres' : 'pglite';
  const db = await openDb({ databaseUrl, dataDir });
  const t0 = Date.now();
  const applied = await migrate(db);
  if (applied.length) console.log(`[${kind}] migrations ${applied.join(', ')} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (kind === 'pglite') {
    // PGlite has no autovacuum: without one VACUUM the visibility map stays empty and index-only scans read the
    // table anyway. PostgreSQL's autovacuum does this.
    const t1 = Date.now();
    await db.exec('VACUUM (ANALYZE) applications');
    console.log(`[pglite] VACUUM (ANALYZE) applications in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  }
  const have = await count(db, 'SELECT count(*)::text AS n FROM applications');
  await db.close();
  if (have >= applications) return null;
  console.log(`[${kind}] seeding ${applications} applications (found ${have})…`);
  const seconds = await runSeed(applications, databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: '' });
  if (kind === 'postgres') {
    // A book measured right after its seed has not been through autovacuum yet: without the visibility map the
    // index-only walks read the table (MY_QUERIES' page SQL took 16 ms instead of 1.2 at 1M) and the planner has no
    // statistics of the new rows. A book in use has both; so does this one before it is timed.
    const t1 = Date.now();
    const fresh = await openDb({ databaseUrl, dataDir });
    await fresh.exec('VACUUM (ANALYZE)');
    await fresh.close();
    console.log(`[postgres] VACUUM (ANALYZE) after the seed in ${((Date.now() - t1) / 1000).toFixed(1)} s`);
  }
  return seconds;
}

/**
 * The real server on a loopback port, with a client that talks to it as a service client or a load tool does: node:http
 * over one keep-alive socket. (Node's fetch costs about 1.5-3 ms more per call on this machine: the client library's
 * time, not the API's.)
 */
export async function startServer(env) {
  const { buildApp } = dist('app.js');
  const { loadEnv } = dist('config/env.js');
  const tmp = mkdtempSync(join(tmpdir(), 'lendline-bench-'));
  const app = await buildApp({ env: loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: join(tmp, 'd'), RELEASES_DIR: join(tmp, 'r'), SHELL_DIR: join(tmp, 's'), ...env }), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // Full-scan measures keep PGlite busy for seconds: idle keep-alive sockets must outlive them.
  app.server.keepAliveTimeout = 600000;
  const base = `http://127.0.0.1:${app.server.address().port}`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  /** Resolves to the parsed JSON of a 200; rejects with the status and body otherwise. */
  const request = (method, path, body, headers = {}) =>
    new Promise((ok, fail) => {
      const req = http.request(`${base}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) fail(new Error(`${method} ${path} ${res.statusCode} ${text}`));
          else ok(text ? JSON.parse(text) : null);
        });
        res.on('error', fail);
      });
      req.on('error', fail);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
  /** A demo user's session: the §7 headers and the user. */
  async function login(userName) {
    const { publicKey } = await request('GET', '/v3/auth/public-key');
    const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(PASSWORD)).toString('base64');
    const s = await request('POST', '/v3/auth/login', { username: userName, password });
    return { headers: { access_token: s.access_token, sessionId: s.sessionid, 'content-type': 'application/json' }, user: s.user };
  }
  async function close() {
    agent.destroy();
    await app.close();
  }
  return { app, db: app.db, base, request, login, close };
}

/** The machine the figures come from; the load average says how contended a shared machine was. */
export const machine = () => ({ cpus: cpus().length, memGB: Math.round(totalmem() / 2 ** 30), node: process.version, loadavg: loadavg().map((x) => +x.toFixed(1)) });

/** Writes bench/results/<file>. */
export function writeResult(file, result) {
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', file), JSON.stringify(result, null, 2) + '\n');
  console.log(`wrote bench/results/${file}`);
}
