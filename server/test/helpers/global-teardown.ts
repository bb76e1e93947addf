import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { POSTGRES_FILE, SHARED_TEMPLATE_DIR_ENV, TEMPLATE_DIR_ENV } from './db-template-env';

/** jest globalTeardown: drops the run's PostgreSQL template database and deletes the run's template folder (unless shared). */
export default async function globalTeardown(): Promise<void> {
  const dir = process.env[TEMPLATE_DIR_ENV];
  // A folder shared with other runs stays for them (its owner, scripts/test-all.mjs, removes it).
  if (!dir || dir === process.env[SHARED_TEMPLATE_DIR_ENV]) return;
  try {
    const url = process.env.TEST_DATABASE_URL;
    const file = join(dir, POSTGRES_FILE);
    if (url && existsSync(file)) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS ${readFileSync(file, 'utf8')} WITH (FORCE)`).finally(() => admin.end());
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
