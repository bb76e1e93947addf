import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../../src/db/db';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';

/**
 * A fresh, empty database for one test file: an in-memory PGlite, or, when TEST_DATABASE_URL points
 * at a PostgreSQL server, a new database on it that is dropped again by `drop()`.
 */
export async function openTestDb(): Promise<{ db: Db; drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite('memory://');
    return { db, drop: () => db.close() };
  }
  const name = `lendline_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  const db = await openPostgres(u.toString());
  return {
    db,
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const dbKind = () => (process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
