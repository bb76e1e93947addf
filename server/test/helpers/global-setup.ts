import { existsSync, mkdtempSync } from 'node:fs';
import Module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGLITE_FILE, SHARED_TEMPLATE_DIR_ENV, TEMPLATE_DIR_ENV } from './db-template-env';

type Resolve = (request: string, ...rest: unknown[]) => string;

/**
 * jest globalSetup: builds this run's database template (db-template.ts) in a folder of its own, before
 * any test file runs (so no file's hook pays for it, whatever its timeout). Jest transforms the TypeScript
 * required here but does not apply moduleNameMapper outside test files: the project's mappings
 * (@lendline/shared → its source, as the tests see it; its dist/ does not exist before the build) are
 * applied to Node's resolution for the duration of the build.
 */
export default async function globalSetup(_global: unknown, project: { moduleNameMapper: [string, string][] }): Promise<void> {
  // A folder shared by several runs (db-template-env.ts): the first run's template serves them all.
  const shared = process.env.TEST_DATABASE_URL ? undefined : process.env[SHARED_TEMPLATE_DIR_ENV];
  const dir = shared ?? mkdtempSync(join(tmpdir(), 'lendline-template-'));
  process.env[TEMPLATE_DIR_ENV] = dir;
  if (shared && existsSync(join(shared, PGLITE_FILE))) return;
  const mappings = project.moduleNameMapper.map(([from, to]) => [new RegExp(from), to] as const);
  const loader = Module as unknown as { _resolveFilename: Resolve };
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (this: unknown, request, ...rest) {
    const mapped = mappings.find(([from]) => from.test(request));
    return resolve.call(this, mapped ? mapped[1] : request, ...rest);
  };
  try {
    // Required only once resolution is mapped.
    const { buildTemplate } = require('./db-template') as typeof import('./db-template');
    await buildTemplate(dir);
  } finally {
    loader._resolveFilename = resolve;
  }
}
