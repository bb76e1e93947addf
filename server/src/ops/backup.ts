import { spawn } from 'node:child_process';
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { lstat, mkdir, mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Db } from '../db/db';
import type { PgliteDb } from '../db/pglite';
import { tarEnd, tarFile, tarHeader, tarPadding } from './tar';
import { pgBinDir } from '../config/call-time';

/** Archive layout (docs/operations.md): what restore.ts expects. */
export const MANIFEST = 'lendline-backup.json';
export const PGLITE_DUMP = 'database/pglite-datadir.tar';
export const PG_DUMP = 'database/postgres.pgdump';
/** DATA_DIR entries copied beside the database: the document store and the keys without which sessions, portal
 *  links and Web Push subscriptions stop working. Caches, staging (tmp), video recordings and the lock are not. */
export const DATA_DIR_PARTS = ['files', 'keys', 'web-push-vapid.json'] as const;

export interface Manifest {
  format: 'lendline-backup/1';
  createdAt: string;
  /** When the database snapshot was taken: every write acknowledged before this is in the archive. */
  databaseAt: string;
  database: 'pglite' | 'postgres';
  /** 'archive': the document bytes are in this archive; 's3': they stay in the bucket (docs/operations.md). */
  documents: 'archive' | 's3';
  files: number;
  bytes: number;
}

export interface BackupSource {
  db: Db;
  dataDir: string;
  /** With PostgreSQL: the URL pg_dump reads (the server's DATABASE_URL). */
  databaseUrl?: string;
  documents: 'disk' | 's3';
}

/** pg_dump next to the server binaries PG_BIN names, else the one on PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const dir = pgBinDir();
  return dir ? join(dir, name) : name;
}

async function run(cmd: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    p.stderr.on('data', (c: Buffer) => (err += c.toString()).length > 4000 && (err = err.slice(-4000)));
    p.on('error', (e) => reject(new Error(`${cmd} could not be started (${e.message}): install the PostgreSQL client tools or set PG_BIN`)));
    p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} failed (exit ${code}): ${err.trim().split('\n').slice(-3).join(' ')}`))));
  });
}

/** Every regular file under DATA_DIR/<part>, as archive paths relative to DATA_DIR. */
async function filesOf(dataDir: string, part: string): Promise<string[]> {
  const root = join(dataDir, part);
  if (!existsSync(root)) return [];
  if ((await lstat(root)).isFile()) return [part];
  const out: string[] = [];
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else if (e.isFile() && !e.name.endsWith('.part')) out.push(relative(dataDir, p).split(sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}

/**
 * One consistent archive (tar) of the database and the document store, as a stream of chunks.
 *
 * Consistency: the database is snapshotted FIRST, the files copied SECOND. A document's bytes are stored before its
 * row commits and are never removed while a committed row points at them (domain/documents/changes.ts), so every
 * document the snapshot knows has its bytes in the files copied after it; files written meanwhile come along as
 * orphans, which the restored server's start-up sweep removes. Writers are not paused.
 * - PGlite: dumpDataDir holds the database's query lock while it copies the data directory (one instant, no query
 *   runs during it); synchronous_commit is on, so every commit acknowledged before it is in its WAL, and the restore
 *   opens it like after a crash: committed transactions replayed, a transaction open at that instant rolled back.
 * - PostgreSQL: pg_dump's one repeatable-read snapshot (custom format), taken at its start.
 * The manifest is written last: an archive cut short has none, and restore refuses it.
 */
export async function* backupArchive(src: BackupSource): AsyncGenerator<Buffer> {
  const createdAt = new Date().toISOString();
  let databaseAt: string;
  if (src.db.kind === 'pglite') {
    await src.db.query('CHECKPOINT'); // less WAL to replay at restore; consistency does not depend on it
    databaseAt = new Date().toISOString();
    const dump = Buffer.from(await (await (src.db as PgliteDb).dumpDataDir()).arrayBuffer());
    yield* tarFile(PGLITE_DUMP, dump);
  } else {
    if (!src.databaseUrl) throw new Error('PostgreSQL backup needs the database URL');
    await mkdir(join(src.dataDir, 'tmp'), { recursive: true });
    const tmp = await mkdtemp(join(src.dataDir, 'tmp', 'backup-'));
    try {
      const out = join(tmp, 'db.pgdump');
      databaseAt = new Date().toISOString();
      await run(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${src.databaseUrl}`]);
      const dump = await readFile(out);
      yield* tarFile(PG_DUMP, dump);
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }
  let files = 0;
  let bytes = 0;
  for (const part of DATA_DIR_PARTS) {
    if (part === 'files' && src.documents === 's3') continue;
    for (const path of await filesOf(src.dataDir, part)) {
      const full = join(src.dataDir, path);
      const st = await lstat(full).catch(() => undefined);
      if (!st?.isFile()) continue;
      // Streamed in chunks (a 10 MB document is not held whole); the size is fixed once stored (stores rename whole files into place).
      yield tarHeader(path, st.size, st.mode & 0o777);
      let sent = 0;
      for await (const chunk of createReadStream(full)) {
        const c = chunk as Buffer;
        const part = c.subarray(0, Math.max(0, st.size - sent));
        sent += part.length;
        yield part;
      }
      if (sent < st.size) throw new Error(`${path} shrank while it was copied`);
      yield tarPadding(st.size);
      files++;
      bytes += st.size;
    }
  }
  const manifest: Manifest = { format: 'lendline-backup/1', createdAt, databaseAt, database: src.db.kind, documents: src.documents === 's3' ? 's3' : 'archive', files, bytes };
  yield* tarFile(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), 0o644);
  yield tarEnd();
}

/** Whether a directory is missing or empty (restore's target). */
export const isEmptyDir = (dir: string): boolean => !existsSync(dir) || readdirSync(dir).length === 0;
