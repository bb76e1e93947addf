#!/usr/bin/env node
// Runs a command against a throwaway PostgreSQL cluster: initdb in a temp dir, start on a free
// loopback port, export TEST_DATABASE_URL (and DATABASE_URL_FOR_TESTS), run the command, then stop
// the cluster and delete it. PostgreSQL refuses to run as root, so as root the cluster runs as the
// `postgres` system user.
//   node scripts/with-postgres.mjs -- npm test -w server
// PG_KEEP_DIR=<dir> keeps the cluster instead: initdb there on the first run, reuse it on the next (a 1M-row bench
// book takes ~15 min to seed), stop it cleanly at the end and leave it on disk.
//   PG_KEEP_DIR=/work/bench-data/pg-1000000 node scripts/with-postgres.mjs -- node bench/approvals.mjs
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, chmodSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) if (existsSync(join(base, v, 'bin', 'initdb'))) return join(base, v, 'bin');
  throw new Error('PostgreSQL server binaries not found (set PG_BIN)');
}


const asRoot = process.getuid?.() === 0;
function run(cmd, args) {
  const full = asRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  const r = spawnSync(full[0], full[1], { stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
  return r.stdout.toString();
}

const sep = process.argv.indexOf('--');
const command = process.argv.slice(sep + 1);
if (sep === -1 || !command.length) {
  console.error('usage: node scripts/with-postgres.mjs -- <command…>');
  process.exit(2);
}

const bin = pgBin();
const keep = process.env.PG_KEEP_DIR || '';
if (keep) mkdirSync(keep, { recursive: true });
const dir = keep || mkdtempSync(join(tmpdir(), 'lendline-pg-'));
chmodSync(dir, 0o777);
const data = join(dir, 'data');
const reuse = keep && existsSync(join(data, 'PG_VERSION'));
const port = await freePort();
let started = false;
function cleanup() {
  try {
    // A kept cluster stops cleanly (no crash recovery on the next start); a throwaway one is deleted anyway.
    if (started) run(join(bin, 'pg_ctl'), ['-D', data, '-m', keep ? 'fast' : 'immediate', 'stop']);
  } catch {}
  if (!keep) rmSync(dir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  cleanup();
  process.exit(130);
});

let code = 1;
try {
  if (!reuse) run(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  run(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'log'), '-w', '-o', `-c listen_addresses=127.0.0.1 -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=200`, 'start']);
  started = true;
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`[with-postgres] ${keep ? `kept PostgreSQL (${data}${reuse ? ', reused' : ', new'})` : 'throwaway PostgreSQL'} at ${url}`);
  code = await new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: url } });
    child.on('exit', (c) => resolve(c ?? 1));
  });
} catch (e) {
  console.error(e.message);
} finally {
  cleanup();
}
process.exit(code);
