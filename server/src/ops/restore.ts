import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { openPglite } from '../db/pglite';
import { DATA_DIR_PARTS, isEmptyDir, MANIFEST, PG_DUMP, PGLITE_DUMP, pgTool, type Manifest } from './backup';
import { readTar } from './tar';

export class RestoreRefused extends Error {}

export interface RestoreTarget {
  dataDir: string;
  /** An EMPTY PostgreSQL database for an archive of a PostgreSQL server. */
  databaseUrl?: string;
}

/**
 * Brings an archive of backup.ts back: into an EMPTY DATA_DIR (refused otherwise: a restore never mixes with or
 * overwrites live data), and for a PostgreSQL archive into the empty database DATABASE_URL names (pg_restore,
 * refused when it has tables). The archive is read twice: first checked whole (header checksums, safe paths, the
 * manifest present: written last, so a cut-short archive is refused before anything is written), then unpacked.
 */
export async function restoreArchive(archive: string, target: RestoreTarget): Promise<Manifest> {
  if (!isEmptyDir(target.dataDir)) throw new RestoreRefused(`${target.dataDir} is not empty: restore only into an empty (or new) DATA_DIR`);
  let manifest: Manifest | undefined;
  const paths = new Set<string>();
  for await (const e of readTar(archive)) {
    paths.add(e.path);
    if (e.path === MANIFEST) manifest = JSON.parse((await e.read()).toString('utf8')) as Manifest;
    else if (e.path !== PGLITE_DUMP && e.path !== PG_DUMP && !DATA_DIR_PARTS.some((p) => e.path === p || e.path.startsWith(p + '/'))) throw new RestoreRefused(`unexpected entry ${e.path} in the archive`);
  }
  if (!manifest || manifest.format !== 'lendline-backup/1') throw new RestoreRefused('the archive has no manifest: it is not a Lendline backup, or it was cut short');
  if (manifest.database === 'pglite' && !paths.has(PGLITE_DUMP)) throw new RestoreRefused('the archive has no database');
  if (manifest.database === 'postgres' && !paths.has(PG_DUMP)) throw new RestoreRefused('the archive has no database');
  if (manifest.database === 'postgres' && !target.databaseUrl) throw new RestoreRefused('this archive is of a PostgreSQL server: set DATABASE_URL to an empty database to restore it into');
  if (manifest.database === 'pglite' && target.databaseUrl) throw new RestoreRefused('this archive is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR');

  mkdirSync(target.dataDir, { recursive: true, mode: 0o700 });
  for await (const e of readTar(archive)) {
    if (e.path === MANIFEST) continue;
    if (e.path === PGLITE_DUMP) {
      // PGlite unpacks its own dump into the (still empty) directory, then it is closed: the server opens it later.
      const db = await openPglite(target.dataDir, { loadDataDir: new Blob([await e.read()]) });
      await db.close();
      continue;
    }
    if (e.path === PG_DUMP) {
      await pgRestore(await e.read(), target.databaseUrl!);
      continue;
    }
    const out = join(target.dataDir, e.path);
    mkdirSync(dirname(out), { recursive: true, mode: 0o700 });
    writeFileSync(out, await e.read(), { mode: e.mode & 0o777, flag: 'wx' });
    chmodSync(out, e.mode & 0o777);
  }
  return manifest;
}

/** pg_restore into an empty database (refuses one with tables: it would mix two books). */
async function pgRestore(dump: Buffer, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(`SELECT count(*)::text AS n FROM information_schema.tables WHERE table_schema = 'public'`);
    if (Number(rows[0].n) > 0) throw new RestoreRefused('the database DATABASE_URL names is not empty: restore only into an empty database');
  } finally {
    await client.end();
  }
  const dir = await mkdtemp(join(tmpdir(), 'lendline-restore-'));
  try {
    const file = join(dir, 'db.pgdump');
    await writeFile(file, dump, { mode: 0o600 });
    await new Promise<void>((resolve, reject) => {
      const p = spawn(pgTool('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      p.stderr.on('data', (c: Buffer) => (err += c.toString()));
      p.on('error', (e) => reject(new Error(`pg_restore could not be started (${e.message}): install the PostgreSQL client tools or set PG_BIN`)));
      p.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`pg_restore failed (exit ${code}): ${firstError(err)}`))));
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The first line pg_restore marks as an error (what went wrong), not the statement it quotes after it. */
const firstError = (stderr: string): string => (stderr.split('\n').find((l) => /error:/i.test(l)) ?? stderr.trim().split('\n')[0] ?? '').slice(0, 500);
