/**
 * npm run seed -- --applications N [--batch 50000] [--span-days 365]
 * Migrates, seeds products and configuration (idempotent), then generates N applications with their
 * tasks on PGlite (DATA_DIR, default ./data) or PostgreSQL (DATABASE_URL), with a progress bar.
 */
import { loadEnv } from '../config/env';
import { openDb } from '../db/open';
import { migrate } from '../db/migrate';
import { seedDemo } from '../seed/demo';
import { generateApplications } from '../seed/generate-applications';
import { progressBar } from './progress-bar';

function parseArgs(argv: string[]): { applications: number; batch: number; spanDays: number } {
  const out = { applications: 0, batch: 50000, spanDays: 365 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=');
    const value = inline ?? argv[++i];
    const n = Number(value);
    if (!Number.isInteger(n) || n < 0) throw new Error(`${flag} needs a non-negative integer, got "${value}"`);
    if (flag === '--applications' || flag === '-n') out.applications = n;
    else if (flag === '--batch') out.batch = Math.max(1, n);
    else if (flag === '--span-days') out.spanDays = Math.max(1, n);
    else throw new Error(`unknown option ${flag} (use --applications N, --batch N, --span-days N)`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const env = loadEnv();
  const t0 = Date.now();
  const db = await openDb(env);
  const where = db.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${env.dataDir}`;
  console.log(`seeding ${where}`);
  try {
    const applied = await migrate(db);
    if (applied.length) console.log(`migrations applied: ${applied.join(', ')}`);
    // Configuration and products; the small demo book only when nothing else is asked for.
    await seedDemo(db, { applications: args.applications ? 0 : undefined });
    if (args.applications) {
      const bar = progressBar('applications', args.applications);
      const g0 = Date.now();
      // Large runs build the secondary indexes once at the end instead of row by row.
      const deferIndexes = args.applications >= 100000;
      await generateApplications(db, args.applications, {
        batchSize: args.batch,
        spanDays: args.spanDays,
        onProgress: bar.update,
        deferIndexes,
        onIndexes: (phase, ms) => console.log(`${phase === 'dropped' ? 'dropped' : 'rebuilt'} secondary indexes in ${(ms / 1000).toFixed(1)} s`),
      });
      bar.done();
      console.log(`generated ${args.applications} applications in ${((Date.now() - g0) / 1000).toFixed(1)} s`);
      const a0 = Date.now();
      await db.exec('ANALYZE');
      console.log(`analyzed in ${((Date.now() - a0) / 1000).toFixed(1)} s`);
    }
    const { rows } = await db.query<{ apps: number; tasks: number }>(`SELECT (SELECT count(*) FROM applications)::int AS apps, (SELECT count(*) FROM tasks)::int AS tasks`);
    console.log(`database now holds ${rows[0].apps} applications and ${rows[0].tasks} tasks; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await db.close();
  }
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
