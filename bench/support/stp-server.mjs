#!/usr/bin/env node
// One server process for bench/stp.mjs: the built server (server/dist) on DATABASE_URL, 127.0.0.1:PORT; prints
// READY once it listens. The benchmark kills it with SIGKILL in the middle of the run and starts another.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dist } from './server-bench.mjs';

const { buildApp } = dist('app.js');
const { loadEnv } = dist('env.js');
const tmp = mkdtempSync(join(tmpdir(), 'lendline-stp-bench-'));
const env = loadEnv({ LOG_LEVEL: 'silent', DATA_DIR: join(tmp, 'd'), RELEASES_DIR: join(tmp, 'r'), SHELL_DIR: join(tmp, 's'), ...process.env });
const app = await buildApp({ env, logger: false });
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('READY');
