/**
 * npm run backup [-- --out FILE]
 * One consistent archive of the database and the document store (ops/backup.ts; docs/operations.md):
 * - embedded database, server running: asks the server for it (GET /ops/backup on loopback, DATA_DIR/ops.token);
 * - embedded database, server stopped: opens DATA_DIR itself (holding its lock, so no server starts meanwhile);
 * - DATABASE_URL: pg_dump (custom format) and the files of DATA_DIR.
 * With S3_BUCKET the documents stay in the bucket: the copy to make after the archive is printed.
 */
import { createWriteStream, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { loadEnv } from '../config/env';
import { openPostgres } from '../db/postgres';
import { openPglite } from '../db/pglite';
import { backupArchive, MANIFEST } from '../ops/backup';
import { readOpsToken } from '../ops/ops-token';
import { StartupError } from '../startup-error';
import { readTar } from '../ops/tar';

function parseArgs(argv: string[]): { out?: string } {
  const out: { out?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    if (flag === '--out' || flag === '-o') out.out = inline ?? argv[++i];
    else throw new Error(`unknown option ${flag} (use --out FILE)`);
  }
  return out;
}

const stamp = () => new Date().toISOString().replace(/[:.]/g, '-');

async function fromRunningServer(env: ReturnType<typeof loadEnv>): Promise<Readable> {
  const host = ['0.0.0.0', '::', ''].includes(env.host) ? '127.0.0.1' : env.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${env.port}/ops/backup`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${readOpsToken(env.dataDir)}` } }).catch((e: Error) => {
    throw new Error(`the server holding ${env.dataDir} does not answer at ${url} (${e.message}): run this with the server's HOST and PORT`);
  });
  if (res.status !== 200 || !res.body) throw new Error(`the server at ${url} refused the backup (HTTP ${res.status}): is it the server of ${env.dataDir}, and is this a loopback address?`);
  return Readable.fromWeb(res.body as never);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  const out = resolve(args.out ?? join('backups', `lendline-${stamp()}.tar`));
  mkdirSync(dirname(out), { recursive: true });
  const partial = out + '.part';
  const documents = env.s3 ? 's3' : 'disk';
  let source: Readable;
  let close = async () => {};
  if (env.databaseUrl) {
    console.log('PostgreSQL (DATABASE_URL): pg_dump in one snapshot, then the files of DATA_DIR');
    const db = await openPostgres(env.databaseUrl);
    close = () => db.close();
    source = Readable.from(backupArchive({ db, dataDir: env.dataDir, databaseUrl: env.databaseUrl, documents }));
  } else {
    if (!existsSync(join(env.dataDir, 'PG_VERSION'))) throw new Error(`${env.dataDir} holds no database: nothing to back up (set DATA_DIR)`);
    try {
      const db = await openPglite(env.dataDir);
      console.log(`embedded database at ${env.dataDir} (no server running: opened directly)`);
      close = () => db.close();
      source = Readable.from(backupArchive({ db, dataDir: env.dataDir, documents }));
    } catch (e) {
      if (!(e instanceof StartupError) || !/PID/.test(e.message)) throw e;
      console.log(`embedded database at ${env.dataDir}, held by the running server: asking it for the archive`);
      source = await fromRunningServer(env);
    }
  }
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
  } catch (e) {
    rmSync(partial, { force: true });
    throw e;
  } finally {
    await close();
  }
  // The manifest is the archive's last entry: without it the stream was cut and the file is no backup.
  let manifest: Record<string, unknown> | undefined;
  for await (const e of readTar(partial)) if (e.path === MANIFEST) manifest = JSON.parse((await e.read()).toString('utf8'));
  if (!manifest) {
    rmSync(partial, { force: true });
    throw new Error('the archive came back without its manifest (cut short): no backup was written; see the server log');
  }
  renameSync(partial, out);
  console.log(`backup written: ${out} (mode 0600: it holds personal data and the server's keys)`);
  console.log(`  database snapshot at ${manifest.databaseAt}; ${manifest.files} files, ${manifest.bytes} bytes of documents and keys`);
  if (env.s3) {
    const s3 = env.s3;
    const endpoint = s3.endpoint ? ` --endpoint-url ${s3.endpoint}` : '';
    console.log('\nDocuments are in the S3 bucket, not in this archive. Copy them NOW, after the database snapshot (a copy taken');
    console.log('after it holds every document the snapshot knows; documents are never overwritten or deleted while referenced):');
    console.log(`  aws s3 sync s3://${s3.bucket}/${s3.prefix ?? ''} ${out.replace(/\.tar$/, '')}-documents/${endpoint}`);
    console.log('or keep bucket versioning on and note the snapshot time above (docs/operations.md).');
  }
}

main().catch((e: unknown) => {
  console.error(`backup failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
