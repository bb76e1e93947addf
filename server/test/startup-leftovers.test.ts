import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { lockDataDir } from '../src/db/data-dir-lock';
import { insertDocument } from '../src/domain/documents/rows';
import { loadEnv } from '../src/config/env';
import { dbKind, openTestDb } from './helpers/test-db';

// What a crashed process leaves in DATA_DIR (staged uploads, stored bytes whose row never committed) is removed when
// the server starts, before it listens (domain/documents/storage/leftovers.ts); bytes a row references stay.

let db: Db;
let drop: () => Promise<void>;
let tmp: string;
let applicationId = '';

beforeAll(async () => {
  ({ db, drop } = await openTestDb());
  tmp = mkdtempSync(join(tmpdir(), 'lendline-leftovers-'));
  await start(join(tmp, 'seed', 'data')); // migrates and seeds the demo applications
  const { rows } = await db.query<{ application_id: string }>('SELECT application_id FROM applications ORDER BY application_id LIMIT 1');
  applicationId = rows[0].application_id;
  await insertDocument(db, {
    file_id: 'F-kept', doc_id: 'F-kept', version: 1, application_id: applicationId, field_key: 'documents', kind: 'DOCUMENT', source: 'STAFF', name: 'kept.pdf',
    mime: 'application/pdf', size: 4, path: 'files/F-kept', storage: 'disk', uploaded_by: 'cpa1',
  });
}, 120_000);
afterAll(async () => {
  await drop();
  rmSync(tmp, { recursive: true, force: true });
});

/** A data directory with a staged upload, an unreferenced stored file and a referenced one (all `ageMs` old). */
function dataDirWithLeftovers(name: string, ageMs: number) {
  const dataDir = join(tmp, name, 'data');
  mkdirSync(join(dataDir, 'tmp'), { recursive: true });
  mkdirSync(join(dataDir, 'files'), { recursive: true });
  const files = [join(dataDir, 'tmp', '1700000000000-abc.part'), join(dataDir, 'files', 'F-orphan'), join(dataDir, 'files', 'F-kept'), join(dataDir, 'tmp', 'notes.txt')];
  const when = (Date.now() - ageMs) / 1000;
  for (const f of files) {
    writeFileSync(f, 'data');
    utimesSync(f, when, when);
  }
  return dataDir;
}

async function start(dataDir: string) {
  const env = loadEnv({ DATA_DIR: dataDir, RELEASES_DIR: join(dataDir, '..', 'releases'), SHELL_DIR: join(dataDir, '..', 'shell'), LOG_LEVEL: 'silent' });
  const app = await buildApp({ env, db, logger: false });
  await app.ready();
  await app.close();
}

const listing = (dataDir: string) => ({
  tmp: existsSync(join(dataDir, 'tmp')) ? readdirSync(join(dataDir, 'tmp')).sort() : [],
  files: readdirSync(join(dataDir, 'files')).sort(),
});

describe(`crash leftovers on ${dbKind()}`, () => {
  test('a process that holds the data directory alone (embedded database) removes every staged upload and unreferenced file, however new', async () => {
    const dataDir = dataDirWithLeftovers('alone', 0);
    const release = lockDataDir(dataDir); // what opening the embedded database on DATA_DIR does
    try {
      await start(dataDir);
    } finally {
      release();
    }
    expect(listing(dataDir)).toEqual({ tmp: ['notes.txt'], files: ['F-kept'] });
  }, 120_000);

  test('a process that may share DATA_DIR (DATABASE_URL) removes only leftovers older than any live request could be', async () => {
    const fresh = dataDirWithLeftovers('shared-fresh', 60_000);
    await start(fresh);
    expect(listing(fresh)).toEqual({ tmp: ['1700000000000-abc.part', 'notes.txt'], files: ['F-kept', 'F-orphan'] });

    const old = dataDirWithLeftovers('shared-old', 2 * 3600_000);
    await start(old);
    expect(listing(old)).toEqual({ tmp: ['notes.txt'], files: ['F-kept'] });
  }, 120_000);
});
