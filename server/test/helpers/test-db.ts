import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/db';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { adminQuery, databaseUrl, pgliteTemplate, postgresTemplate } from './db-template';

/**
 * A fresh database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a new database on it that is dropped again by `drop()`. Under jest it is a copy of
 * the run's template (db-template.ts: migrated, the time-independent demo data seeded, no applications);
 * buildApp adds the rest as it would on an empty one.
 */
export async function openTestDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite('memory://', { loadDataDir: pgliteTemplate() ?? undefined });
    return { db, drop: () => db.close() };
  }
  const name = `lendline_test_${randomBytes(6).toString('hex')}`;
  const template = postgresTemplate();
  await adminQuery(url, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const db = await openPostgres(databaseUrl(url, name));
  return {
    db,
    async drop() {
      await db.close();
      await adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export const dbKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
