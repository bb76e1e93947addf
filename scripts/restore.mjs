#!/usr/bin/env node
// npm run restore: runs the server's restore command (server/src/cli/restore.ts; docs/operations.md) from its build.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'dist', 'cli', 'restore.js');
if (!existsSync(cli)) {
  console.error('The server is not built: run `npm run build -w server` (or `npm run build`) first.');
  process.exit(1);
}
const r = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(r.status ?? 1);
