/**
 * npm run restore -- ARCHIVE
 * Brings a backup (npm run backup) back into an EMPTY DATA_DIR, and for a PostgreSQL archive into the empty
 * database DATABASE_URL names (ops/restore.ts; docs/operations.md). Then start the server as usual.
 */
import { loadEnv } from '../config/env';
import { restoreArchive } from '../ops/restore';

async function main() {
  const [archive, ...rest] = process.argv.slice(2);
  if (!archive || rest.length) throw new Error('usage: npm run restore -- ARCHIVE (into DATA_DIR, which must be empty or absent)');
  const env = loadEnv();
  const m = await restoreArchive(archive, { dataDir: env.dataDir, databaseUrl: env.databaseUrl });
  console.log(`restored ${archive} into ${env.dataDir}${env.databaseUrl ? ' and the DATABASE_URL database' : ''}`);
  console.log(`  database as of ${m.databaseAt}; ${m.files} files; documents: ${m.documents === 's3' ? 'in the S3 bucket (restore them there: docs/operations.md)' : 'restored'}`);
}

main().catch((e: unknown) => {
  console.error(`restore failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
