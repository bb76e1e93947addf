import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable } from './db';
import { lockDataDir } from './data-dir-lock';
import { checkPgliteFiles } from './pglite-files';
import { firstLine, StartupError } from '../startup-error';

export interface PgliteDb extends Db {
  /** The whole data directory as an uncompressed tarball, after a checkpoint (what loadDataDir takes). */
  dumpDataDir(): Promise<Blob>;
}

/**
 * Embedded PostgreSQL (PGlite) in a data directory, or in memory when dataDir is 'memory://'.
 * `loadDataDir`: start from a copy of another database (a dumpDataDir() tarball) instead of an empty one.
 */
export async function openPglite(dataDir: string, opts: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  let release = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    release = lockDataDir(dataDir); // one process per directory (data-dir-lock.ts), held until close or exit
  }
  let pg: PGlite;
  try {
    if (!dataDir.startsWith('memory://')) checkPgliteFiles(dataDir);
    // pg_trgm: the trigram index of global search (migration 090); PGlite loads contrib extensions at start.
    const extensions = { pg_trgm };
    pg = new PGlite(dataDir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir, extensions } : { extensions });
    await pg.waitReady;
  } catch (e) {
    release();
    if (e instanceof StartupError || dataDir.startsWith('memory://')) throw e;
    // Damage the file checks do not see: PGlite names no file, so name the directory.
    throw new StartupError(`The embedded database in ${dataDir} cannot be opened (${firstLine(e)}): restore that directory from a backup (or move it away to start with an empty database)`);
  }
  const wrap = (q: { query: PGlite['query']; exec: PGlite['exec'] }): Queryable => ({
    query: async <T>(sql: string, params?: unknown[]) => ({ rows: (await q.query<T>(sql, params as never[])).rows }),
    exec: async (sql: string) => {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx as never))),
    close: async () => {
      try {
        await pg.close();
      } finally {
        release();
      }
    },
    // The test template (test/helpers/db-template.ts): a checkpointed copy starts without replaying the WAL.
    dumpDataDir: async () => {
      await pg.exec('CHECKPOINT');
      return (await pg.dumpDataDir('none')) as Blob;
    },
  };
}
