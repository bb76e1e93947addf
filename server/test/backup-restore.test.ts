import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { adminQuery, databaseUrl } from './helpers/db-template';
import { loginAs } from './helpers/login';
import { call, formWith } from './documents/fixtures';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import { backupArchive, MANIFEST } from '../src/ops/backup';
import { readOpsToken } from '../src/ops/ops-token';
import { restoreArchive, RestoreRefused } from '../src/ops/restore';
import { readTar } from '../src/ops/tar';

/**
 * npm run backup / restore (docs/operations.md): an archive taken while writers create applications and upload
 * documents, restored into an empty DATA_DIR (and, on PostgreSQL, an empty database), holds every write acknowledged
 * before the backup began, and every document the restored database knows has its bytes: a server started on the
 * restored directory serves them.
 */
let t: TestApp;
let headers: Record<string, string>;
const tmp = mkdtempSync(join(tmpdir(), 'lendline-backup-'));
const pgUrl = process.env.TEST_DATABASE_URL;
const restoredDb = `lendline_restored_${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await loginAs(t.app, 'cpa1')).headers;
}, 180_000);
afterAll(async () => {
  await t.close();
  if (pgUrl) await adminQuery(pgUrl, `DROP DATABASE IF EXISTS ${restoredDb} WITH (FORCE)`);
  rmSync(tmp, { recursive: true, force: true });
});

/** Names take letters only: 0 → a, 27 → bb. */
const letters = (i: number) => String.fromCharCode(97 + (i % 26)).repeat(1 + Math.floor(i / 26));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Ack {
  applicationId: string;
  fileId: string;
  sha: string;
}

/** One write as a client makes it: an application, then a document on it; acknowledged when both answered. */
async function write(app: FastifyInstance, i: number): Promise<Ack | null> {
  const saved = await call(app, { method: 'POST', url: '/v3/application/save', headers, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: `Backup ${letters(i)}` }], customFields: { loanAmount: 100000 + i, tenureMonths: 12 } } });
  if (saved.status !== 201) return null;
  const applicationId = saved.body.data.application_id as string;
  const bytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(2000 + i)]);
  const up = await call(app, { method: 'POST', url: `/api/uploadLocalFiletoS3?app_id=${applicationId}`, headers, payload: formWith(bytes, `doc-${i}.pdf`, 'application/pdf') as never });
  if (up.status !== 200) return null;
  return { applicationId, fileId: up.body.data.fileId, sha: sha(bytes) };
}

/** The archive, through the route `npm run backup` calls on a running embedded server, or pg_dump on PostgreSQL. */
async function takeBackup(file: string): Promise<void> {
  if (dbKind() === 'postgres') {
    // The test database's URL: the app's pool knows it; pg_dump reads the same database.
    const name = (await t.app.db.query<{ d: string }>('SELECT current_database() AS d')).rows[0].d;
    const chunks: Buffer[] = [];
    for await (const c of backupArchive({ db: t.app.db, dataDir: t.env.dataDir, databaseUrl: databaseUrl(pgUrl!, name), documents: 'disk' })) chunks.push(c);
    writeFileSync(file, Buffer.concat(chunks));
    return;
  }
  const res = await t.app.inject({ method: 'GET', url: '/ops/backup', remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${readOpsToken(t.env.dataDir)}` } });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/x-tar');
  writeFileSync(file, res.rawPayload);
}

describe(`backup and restore on ${dbKind()}`, () => {
  const archive = join(tmp, 'backup.tar');
  const acked: Ack[] = [];
  let ackedBeforeBackup: Ack[] = [];

  test('a backup taken while writers run restores every write acknowledged before it, each document with its bytes', async () => {
    let stop = false;
    let i = 0;
    const writer = async () => {
      while (!stop) {
        const a = await write(t.app, i++);
        if (a) acked.push(a);
      }
    };
    const writers = [writer(), writer()];
    let duringBackup = 0;
    try {
      while (acked.length < 4 && i < 40) await new Promise((r) => setTimeout(r, 5));
      expect(acked.length).toBeGreaterThanOrEqual(4);
      ackedBeforeBackup = [...acked];
      await takeBackup(archive);
      duringBackup = acked.length - ackedBeforeBackup.length;
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    const dataDir = join(tmp, 'restored');
    const manifest = await restoreArchive(archive, { dataDir, databaseUrl: pgUrl ? databaseUrl(pgUrl, restoredDb) : undefined, ...(pgUrl ? await emptyDatabase() : {}) });
    expect(manifest).toMatchObject({ format: 'lendline-backup/1', database: dbKind(), documents: 'archive' });

    // A server on the restored directory (and database): every acknowledged write is there, documents byte for byte.
    const env = loadEnv({ DATA_DIR: dataDir, RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'shell'), LOG_LEVEL: 'silent', ...(pgUrl ? { DATABASE_URL: databaseUrl(pgUrl, restoredDb) } : {}) });
    const restored = await buildApp({ env, logger: false, seed: false });
    try {
      await restored.ready();
      const h = (await loginAs(restored, 'cpa1')).headers; // the restored keys and users sign in
      for (const a of ackedBeforeBackup) {
        const got = await call(restored, { method: 'GET', url: `/v3/document/file?application_id=${a.applicationId}&fileId=${a.fileId}`, headers: h });
        expect({ id: a.applicationId, status: got.status }).toEqual({ id: a.applicationId, status: 200 });
        expect(sha(got.raw)).toBe(a.sha);
      }
      // Whatever else the snapshot caught (writes during the backup) is whole: no document row without its bytes.
      const rows = (await restored.db.query<{ application_id: string; file_id: string; sha256: string }>(`SELECT application_id, file_id, sha256 FROM documents`)).rows;
      for (const r of rows) {
        const got = await call(restored, { method: 'GET', url: `/v3/document/file?application_id=${r.application_id}&fileId=${r.file_id}`, headers: h });
        expect({ file: r.file_id, status: got.status, sha: sha(got.raw) }).toEqual({ file: r.file_id, status: 200, sha: r.sha256 });
      }
      expect(rows.length).toBeGreaterThanOrEqual(ackedBeforeBackup.length);
      expect(rows.length).toBeLessThanOrEqual(acked.length + 1);
    } finally {
      await restored.close();
    }
    // The writers really were running while the archive was made (or the test proved nothing about "meanwhile").
    expect(duringBackup).toBeGreaterThan(0);
  }, 180_000);

  test('restore refuses a non-empty DATA_DIR and an archive cut short, writing nothing', async () => {
    const busy = join(tmp, 'busy');
    writeFileSync(join(tmp, 'placeholder'), 'x');
    await expect(restoreArchive(archive, { dataDir: tmp })).rejects.toThrow(RestoreRefused);
    await expect(restoreArchive(archive, { dataDir: tmp })).rejects.toThrow(/is not empty: restore only into an empty/);
    const whole = readFileSync(archive);
    const cut = join(tmp, 'cut.tar');
    // Cut before the manifest (the last entry): checksums all fine, but no manifest.
    let manifestAt = 0;
    let pos = 0;
    for await (const e of readTar(archive)) {
      if (e.path === MANIFEST) manifestAt = pos;
      pos += 512 + Math.ceil(e.size / 512) * 512;
    }
    writeFileSync(cut, Buffer.concat([whole.subarray(0, manifestAt), Buffer.alloc(1024)]));
    await expect(restoreArchive(cut, { dataDir: busy, databaseUrl: pgUrl ? databaseUrl(pgUrl, restoredDb) : undefined })).rejects.toThrow(/no manifest/);
    expect(() => statSync(busy)).toThrow(); // nothing written
  });

  test('the backup route answers only loopback callers with the token of DATA_DIR/ops.token; others get a 404', async () => {
    const token = readOpsToken(t.env.dataDir);
    const unknown = await t.app.inject({ method: 'GET', url: '/ops/nothing', remoteAddress: '127.0.0.1' });
    for (const [remoteAddress, hdrs] of [
      ['127.0.0.1', {}],
      ['127.0.0.1', { authorization: `Bearer ${'0'.repeat(64)}` }],
      ['203.0.113.7', { authorization: `Bearer ${token}` }],
      ['127.0.0.1', { authorization: `Bearer ${token}`, 'x-forwarded-for': '203.0.113.7' }],
    ] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/ops/backup', remoteAddress, headers: hdrs });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(unknown.json().code);
    }
  });
});

/** PostgreSQL: the empty database the restore goes into. */
async function emptyDatabase(): Promise<object> {
  await adminQuery(pgUrl!, `CREATE DATABASE ${restoredDb}`);
  return {};
}

