import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import { loadOrCreateRsaKeys } from '../src/crypto/rsa-keys';
import { LOCK_FILE } from '../src/db/data-dir-lock';
import { openPglite } from '../src/db/pglite';
import { checkPgliteFiles, PGLITE_PG_MAJOR } from '../src/db/pglite-files';
import { loadVapidKeys } from '../src/domain/notifications/web-push';
import { linkKey } from '../src/domain/portal/links';
import { loadEnv } from '../src/config/env';
import { StartupError } from '../src/startup-error';
import { openTestDb } from './helpers/test-db';

// Each file the server reads at start-up, damaged: the start stops with a StartupError, whose message index.ts prints
// alone ("Lendline cannot start: …"): one line naming the file and what to do, never a stack trace or a server that
// starts and fails later.

let root: string;
let healthy: string; // an embedded database directory PGlite made, closed cleanly
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'lendline-startup-'));
  healthy = join(root, 'healthy');
  await (await openPglite(healthy)).close();
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

let n = 0;
const fresh = () => join(root, `case-${++n}`);
const copy = () => {
  const dir = fresh();
  cpSync(healthy, dir, { recursive: true });
  return dir;
};

function expectOneLine(err: unknown, file: string, remedy: RegExp) {
  expect(err).toBeInstanceOf(StartupError);
  const message = (err as Error).message;
  expect(message).not.toContain('\n');
  expect(message).toContain(file);
  expect(message).toMatch(remedy);
}

const failure = async (p: Promise<unknown>) => p.then(() => new Error('started'), (e: unknown) => e);
const thrown = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e;
  }
  return new Error('no error');
};

describe('the embedded database', () => {
  test('a directory PGlite made passes the checks and holds the version this server expects', () => {
    expect(readFileSync(join(healthy, 'PG_VERSION'), 'utf8').trim()).toBe(PGLITE_PG_MAJOR);
    expect(() => checkPgliteFiles(healthy)).not.toThrow();
  });

  test('a corrupt PG_VERSION stops the start naming the file, and leaves the directory unlocked', async () => {
    const dir = copy();
    writeFileSync(join(dir, 'PG_VERSION'), 'garbage\n');
    expectOneLine(await failure(openPglite(dir)), join(dir, 'PG_VERSION'), /damaged.*restore the data directory/);
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  test('a PG_VERSION of another PostgreSQL version names both versions', async () => {
    const dir = copy();
    writeFileSync(join(dir, 'PG_VERSION'), '15\n');
    expectOneLine(await failure(openPglite(dir)), join(dir, 'PG_VERSION'), new RegExp(`PostgreSQL 15.*PostgreSQL ${PGLITE_PG_MAJOR}`));
  });

  test('a damaged pg_control (a flipped byte: its checksum fails) stops the start naming it', async () => {
    const dir = copy();
    const file = join(dir, 'global', 'pg_control');
    const bytes = readFileSync(file);
    bytes[40] ^= 0xff;
    writeFileSync(file, bytes);
    expectOneLine(await failure(openPglite(dir)), file, /checksum.*restore the data directory/);
  });

  test('a missing pg_control stops the start naming it', async () => {
    const dir = copy();
    rmSync(join(dir, 'global', 'pg_control'));
    expectOneLine(await failure(openPglite(dir)), join(dir, 'global', 'pg_control'), /cannot be read/);
  });
});

describe('the login RSA key pair', () => {
  test('a private key file that is not a key names the file', () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'rsa-private.pem'), '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----\n');
    expectOneLine(thrown(() => loadOrCreateRsaKeys(dir)), join(dir, 'rsa-private.pem'), /not a PEM private key.*remove/);
  });

  test('a public key file that is not the private key\'s half names the file; a missing one is written again', () => {
    const dir = fresh();
    const first = loadOrCreateRsaKeys(dir);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
    writeFileSync(join(dir, 'rsa-public.pem'), other.publicKey);
    expectOneLine(thrown(() => loadOrCreateRsaKeys(dir)), join(dir, 'rsa-public.pem'), /not the public half.*remove it/);
    rmSync(join(dir, 'rsa-public.pem'));
    expect(loadOrCreateRsaKeys(dir).publicKeyPem.trim()).toBe(first.publicKeyPem.trim());
  });
});

describe('the Web Push VAPID file', () => {
  test('a file that is not JSON names the file', () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'web-push-vapid.json'), '{"publicKey": "BAD');
    expectOneLine(thrown(() => loadVapidKeys(dir)), join(dir, 'web-push-vapid.json'), /cannot be read as JSON.*remove it to create a new pair/);
  });

  test('JSON that is not a P-256 key pair names the file', () => {
    const dir = fresh();
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'web-push-vapid.json'), JSON.stringify({ publicKey: 'abc', privateKey: 'def' }));
    expectOneLine(thrown(() => loadVapidKeys(dir)), join(dir, 'web-push-vapid.json'), /not a VAPID key pair/);
  });
});

describe('the portal link key', () => {
  test('an empty key file stops the server at start-up (not a 500 on every send-link later)', async () => {
    const tmp = fresh();
    const dataDir = join(tmp, 'data');
    mkdirSync(join(dataDir, 'keys'), { recursive: true });
    writeFileSync(join(dataDir, 'keys', 'portal-link.key'), '');
    const env = loadEnv({ DATA_DIR: dataDir, RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'shell'), LOG_LEVEL: 'silent' });
    const { db, drop } = await openTestDb();
    try {
      const err = await failure(buildApp({ env, db, logger: false }).then((app) => app.ready().then(() => app.close())));
      expectOneLine(err, join(dataDir, 'keys', 'portal-link.key'), /not 64 hexadecimal digits.*remove it to create a new key/);
    } finally {
      await drop();
    }
  }, 120_000);

  test('a key of the wrong length or not hexadecimal names the file; a missing one is created once and kept', () => {
    const dir = fresh();
    mkdirSync(join(dir, 'keys'), { recursive: true });
    writeFileSync(join(dir, 'keys', 'portal-link.key'), 'zz'.repeat(32));
    expectOneLine(thrown(() => linkKey(dir)), join(dir, 'keys', 'portal-link.key'), /not 64 hexadecimal digits/);
    writeFileSync(join(dir, 'keys', 'portal-link.key'), 'ab'.repeat(16));
    expectOneLine(thrown(() => linkKey(dir)), join(dir, 'keys', 'portal-link.key'), /not 64 hexadecimal digits/);
    const other = fresh();
    const key = linkKey(other);
    expect(key).toHaveLength(32);
    expect(linkKey(other).equals(key)).toBe(true);
  });
});

describe('the default places', () => {
  test('with no setting, the shell, the releases and the data are the repository\'s own (npm start on a fresh clone)', () => {
    const repo = join(__dirname, '..', '..');
    const env = loadEnv({ LOG_LEVEL: 'silent' });
    expect(env.shellDir).toBe(join(repo, 'shell', 'dist'));
    expect(env.releasesDir).toBe(join(repo, 'releases'));
    expect(existsSync(join(repo, 'shell', 'package.json'))).toBe(true);
  });
});
