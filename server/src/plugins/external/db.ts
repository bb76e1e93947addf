import fp from 'fastify-plugin';
import type { Db } from '../../db/db';
import { openDb } from '../../db/open';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../seed/demo';
import { ensurePortalCustomer, seedIdentity } from '../../seed/identity';
import { seedSetupConfigs } from '../../seed/setup-configs';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

export interface DbPluginOptions {
  databaseUrl?: string;
  dataDir: string;
  /** Seed the demo data on an empty database (the embedded default does). */
  seed: boolean;
  /** An already-open database (tests share one). */
  db?: Db;
}

/** Opens the database, applies migrations (and the demo seed), closes it when the server closes. */
export default fp<DbPluginOptions>(
  async (app, opts) => {
    const db = opts.db ?? (await openDb(opts));
    const applied = await migrate(db);
    if (applied.length) app.log.info({ applied, kind: db.kind }, 'migrations applied');
    if (opts.seed && (await seedDemo(db))) app.log.info('demo data seeded');
    if (opts.seed && (await seedIdentity(db))) app.log.info('demo organisation seeded (password Demo@12345)');
    // Product configuration and the built-in customer account exist on every database.
    if (await seedSetupConfigs(db)) app.log.info('setup configs seeded');
    await ensurePortalCustomer(db);
    app.decorate('db', db);
    if (!opts.db) app.addHook('onClose', async () => db.close());
  },
  { name: 'db' },
);
