#!/usr/bin/env node
// `npm test`: everything, in the order that fails fastest.
//   1. type-checks of every workspace       4. the production build
//   2. jest for every workspace (server on PGlite)   5. Playwright journeys in Chromium
//   3. the server suite again on a throwaway PostgreSQL       against that build served by the real server
// Set SKIP_E2E=1 or SKIP_PG=1 to leave a stage out locally (CI runs them all).
import { spawnSync } from 'node:child_process';

const steps = [
  ['type-check', 'npm', ['run', 'typecheck']],
  ['unit tests (jest, server on PGlite)', 'npm', ['run', 'test:unit']],
  ...(process.env.SKIP_PG ? [] : [['server suite on PostgreSQL', process.execPath, ['scripts/with-postgres.mjs', '--', 'npm', 'test', '-w', 'server']]]),
  ...(process.env.SKIP_E2E ? [] : [
    ['production build', 'npm', ['run', 'build']],
    ['journeys (Playwright, Chromium)', 'npm', ['run', 'e2e', '-w', 'e2e']],
  ]),
];

const started = Date.now();
for (const [name, cmd, args] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit' });
  const secs = ((Date.now() - t0) / 1000).toFixed(0);
  if (r.status !== 0) {
    console.error(`\n✗ ${name} failed after ${secs}s`);
    process.exit(r.status ?? 1);
  }
  console.log(`✓ ${name} (${secs}s)`);
}
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)}s`);
