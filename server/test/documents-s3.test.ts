import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
// s3rver: an S3-compatible server in Node (the S3 REST API over a local folder), started here on loopback.
import S3rver from 's3rver';
import type { Db, Queryable } from '../src/db/db';
import { addDocument } from '../src/domain/documents/changes';
import { findApplication } from '../src/domain/applications/row';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { call, formWith, pdfOf } from './documents/fixtures';

// The same document routes with S3_* set: bytes go to an S3-compatible store (several API processes share it), are
// read back checked against the SHA-256, and an object altered in the store is refused.

const BUCKET = 'lendline-docs';
let s3dir = '';
let server: S3rver;
let endpoint = '';
let t: TestApp;
let client: S3Client;
const headers: Record<string, Record<string, string>> = {};
let appId = '';

const objects = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();

beforeAll(async () => {
  s3dir = mkdtempSync(join(tmpdir(), 'lendline-s3-'));
  server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3dir, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({ S3_BUCKET: BUCKET, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_REGION: 'us-east-1', S3_PREFIX: 'test/' });
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  headers.cpa1 = (await loginAs(t.app, 'cpa1')).headers;
  const r = await call(t.app, { method: 'POST', url: '/v3/application/save', headers: headers.cpa1, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Ram', lastName: 'Kumar' }], customFields: { loanAmount: 200000, tenureMonths: 12 } } });
  appId = r.body.data.application_id;
}, 180_000); // a fresh database and its seed can take minutes on a busy shared machine
afterAll(async () => {
  await t.close();
  client.destroy();
  await server.close();
  rmSync(s3dir, { recursive: true, force: true });
});

describe(`documents in S3 on ${dbKind()}`, () => {
  test('the app says S3 and an upload round-trips through the object store under the prefix', async () => {
    expect(t.app.files.kind).toBe('s3');
    const pdf = await pdfOf(2, 's3');
    const up = await call(t.app, { method: 'POST', url: `/api/uploadLocalFiletoS3?app_id=${appId}`, headers: headers.cpa1, payload: formWith(pdf, 'bank.pdf') as never });
    expect(up.status).toBe(200);
    const key = `test/files/${up.body.data.fileId}`;
    expect(await objects()).toContain(key);
    const raw = await (await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }))).Body!.transformToByteArray();
    expect(Buffer.compare(Buffer.from(raw), pdf)).toBe(0);
    const got = await call(t.app, { method: 'GET', url: `/v3/document/file?application_id=${appId}&fileId=${up.body.data.fileId}`, headers: headers.cpa1 });
    expect(got.status).toBe(200);
    expect(Buffer.compare(got.raw, pdf)).toBe(0);

    // an object altered in the store is refused, not served
    await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.concat([pdf, Buffer.from('tampered')]) }));
    const refused = await call(t.app, { method: 'GET', url: `/v3/document/file?application_id=${appId}&fileId=${up.body.data.fileId}`, headers: headers.cpa1 });
    expect(refused.status).toBe(500);
    expect(refused.body.data).toEqual([{ label: 'bank.pdf', reason: 'The stored file does not match its recorded checksum, so it is not served' }]);
  });

  test('versions, merge and a generated PDF live in the store too', async () => {
    const a = await call(t.app, { method: 'POST', url: `/api/uploadLocalFiletoS3?app_id=${appId}`, headers: headers.cpa1, payload: formWith(await pdfOf(1), 'a.pdf') as never });
    const v2 = await call(t.app, { method: 'POST', url: `/v3/updateDocument?application_id=${appId}&fileId=${a.body.data.fileId}`, headers: headers.cpa1, payload: formWith(await pdfOf(3), 'a2.pdf') as never });
    expect(v2.body.data.version).toBe(2);
    const gen = await call(t.app, { method: 'POST', url: '/pdfgenerate/generatePDF', headers: headers.cpa1, payload: { application_id: appId, template_id: 'KEY_FACT_STATEMENT', lang: 'hi' } });
    expect(gen.status).toBe(200);
    const merged = await call(t.app, { method: 'POST', url: '/v3/mergeDocument', headers: headers.cpa1, payload: { application_id: appId, fileIds: [v2.body.data.fileId, gen.body.data.fileId], fileName: 'pack' } });
    expect(merged.status).toBe(200);
    const keys = await objects();
    for (const id of [a.body.data.fileId, v2.body.data.fileId, gen.body.data.fileId, merged.body.data.fileId]) expect(keys).toContain(`test/files/${id}`);
  });

  test('a failed row write removes the object it stored: no orphan, no row', async () => {
    const before = await objects();
    const failingTx = (tx: Queryable): Queryable => ({
      query: (sql, params) => (sql.startsWith('INSERT INTO documents') ? Promise.reject(new Error('database down')) : tx.query(sql, params)),
      exec: (sql) => tx.exec(sql),
    }) as Queryable;
    const db = Object.assign(Object.create(t.app.db) as Db, { transaction: <T>(fn: (tx: Queryable) => Promise<T>) => t.app.db.transaction((tx) => fn(failingTx(tx))) });
    const user = { userId: 'cpa1', userName: 'cpa1', roles: ['MANAGE_DOCUMENT'], teams: [] };
    const app = await findApplication(t.app.db, appId);
    const { rows } = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE application_id = $1`, [appId]);
    await expect(addDocument({ db, store: t.app.files, user, app }, { source: await pdfOf(1), name: 'lost.pdf' }, {})).rejects.toThrow('database down');
    expect(await objects()).toEqual(before);
    const after = await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM documents WHERE application_id = $1`, [appId]);
    expect(after.rows[0].n).toBe(rows[0].n);
  });
});
