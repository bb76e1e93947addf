// The real server in its own process for bench/documents.mjs (so its RSS is the server's alone): prints "PORT <n>".
import { createRequire } from 'node:module';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const { buildApp } = require(join(ROOT, 'server', 'dist', 'app.js'));
const { loadEnv } = require(join(ROOT, 'server', 'dist', 'config', 'env.js'));
const app = await buildApp({ env: loadEnv({ ...process.env, LOG_LEVEL: 'silent', RATE_LIMIT: 'off' }), logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(`PORT ${app.server.address().port}`);
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
