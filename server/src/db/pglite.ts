import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

/** Embedded PostgreSQL (PGlite) in a data directory, or in memory when dataDir is 'memory://'. */
export async function openPglite(dataDir: string): Promise<Db> {
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
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
    close: () => pg.close(),
  };
}
