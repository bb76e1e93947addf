import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import pg from 'pg';
import type { Db } from '../../src/db/db';
import { migrate } from '../../src/db/migrate';
import { openPglite } from '../../src/db/pglite';
import { openPostgres } from '../../src/db/postgres';
import { seedDemoSetup } from '../../src/seed/demo';
import { ensurePortalCustomer, seedIdentity } from '../../src/seed/identity';
import { seedSetupConfigs } from '../../src/seed/setup-configs';
import { PGLITE_FILE, POSTGRES_FILE, TEMPLATE_DIR_ENV } from './db-template-env';

/**
 * The database every test file starts from, built once per jest run (global-setup.ts) instead of once per
 * file: migrations applied, then what the db plugin (plugins/external/db.ts) seeds that does not depend on
 * the time — products, configuration, the demo organisation (scrypt hashes), setup configs, the portal
 * customer. The demo book (applications whose creation and SLA due times are relative to now) is left out:
 * buildApp's db plugin generates it on each copy, so a file that starts late in the run sees the same book a
 * fresh database would. Anything the plugin does that this misses still happens on each copy (every step is
 * idempotent), only slower.
 *
 * PGlite: the template's data directory is a tarball in the run's folder (LENDLINE_TEST_TEMPLATE_DIR), each
 * copy `new PGlite({ loadDataDir })`. PostgreSQL: a template database, each copy `CREATE DATABASE … TEMPLATE`.
 * Without the folder (jest not started through jest.config.js) each file builds its database from scratch.
 */
async function prepareTemplate(db: Db): Promise<void> {
  await migrate(db);
  await seedDemoSetup(db);
  await seedIdentity(db);
  await seedSetupConfigs(db);
  await ensurePortalCustomer(db);
}

/** Builds the template for the database the run uses (TEST_DATABASE_URL or PGlite) in `dir`. */
export async function buildTemplate(dir: string): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const db = await openPglite('memory://');
    try {
      await prepareTemplate(db);
      // Written aside, then renamed: a run sharing the folder (global-setup.ts) sees the whole file or none.
      const part = join(dir, `${PGLITE_FILE}.${process.pid}`);
      writeFileSync(part, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
      renameSync(part, join(dir, PGLITE_FILE));
    } finally {
      await db.close();
    }
    return;
  }
  // Named for the run's folder, so two runs against one server do not share one.
  const name = `lendline_template_${basename(dir).replace(/[^a-z0-9]/gi, '').toLowerCase()}`;
  await adminQuery(url, `CREATE DATABASE ${name}`);
  const db = await openPostgres(databaseUrl(url, name));
  try {
    await prepareTemplate(db);
  } finally {
    await db.close(); // CREATE DATABASE … TEMPLATE refuses while anyone is connected to it
  }
  writeFileSync(join(dir, POSTGRES_FILE), name);
}

const runDir = () => process.env[TEMPLATE_DIR_ENV];

/** PGlite: the template's data directory as a tarball (for `loadDataDir`), or null without one. */
export function pgliteTemplate(): Blob | null {
  const dir = runDir();
  return dir && existsSync(join(dir, PGLITE_FILE)) ? new Blob([readFileSync(join(dir, PGLITE_FILE))]) : null;
}

/** PostgreSQL: the template database's name, or null without one. */
export function postgresTemplate(): string | null {
  const dir = runDir();
  return dir && existsSync(join(dir, POSTGRES_FILE)) ? readFileSync(join(dir, POSTGRES_FILE), 'utf8') : null;
}

export function databaseUrl(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}
