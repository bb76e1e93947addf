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

/**
 * The whole server for the enclosing describe block (or file): created in its beforeAll with these settings, closed
 * in its afterAll. Its app and env are read inside tests (they exist once beforeAll has run).
 */
export function testAppWith(overrides: Record<string, string> = {}): TestApp {
  let opened: TestApp | undefined;
  beforeAll(async () => {
    opened = await createTestApp(overrides);
  }, 180_000); // a fresh database from the template: slow on a shared machine
  afterAll(() => opened?.close());
  const current = (): TestApp => {
    if (!opened) throw new Error('the test app opens in beforeAll: read it inside a test or hook');
    return opened;
  };
  return {
    get app() {
      return current().app;
    },
    get env() {
      return current().env;
    },
    close: () => current().close(),
  };
}
