import type { Db } from './db';
import { openPglite } from './pglite';
import { openPostgres } from './postgres';

/** PostgreSQL when a URL is given, otherwise PGlite in the data directory. */
export function openDb(opts: { databaseUrl?: string; dataDir: string }): Promise<Db> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl) : openPglite(opts.dataDir);
}
