import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadEnv, type Env } from '../../src/config/env';
import { openTestDb } from './test-db';

export interface TestApp {
  app: FastifyInstance;
  env: Env;
  close(): Promise<void>;
}

/**
 * The whole server on a fresh database (migrated and seeded with the demo data), with its own
 * temporary data and releases folders. Call close() in afterAll.
 */
export async function createTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const tmp = mkdtempSync(join(tmpdir(), 'lendline-test-'));
  const env = loadEnv({ DATA_DIR: join(tmp, 'data'), RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'shell'), LOG_LEVEL: 'silent', ...overrides });
  const { db, drop } = await openTestDb();
  // Routes' schemas compile on first use (http/lazy-compilers.ts): a file calls a few of ~400 routes.
  const app = await buildApp({ env, db, logger: false, lazySchemas: true });
  await app.ready();
  return {
    app,
    env,
    async close() {
      await app.close();
      await drop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
