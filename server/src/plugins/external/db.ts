import fp from 'fastify-plugin';
import type { Db } from '../../db/db';
import { openDb } from '../../db/open';
import { migrate } from '../../db/migrate';
import { seedDemo } from '../../seed/demo';

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
    app.decorate('db', db);
    if (!opts.db) app.addHook('onClose', async () => db.close());
  },
  { name: 'db' },
);
