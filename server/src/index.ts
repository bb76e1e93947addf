// First: NODE_ENV=production unless set, before graphql-js and React are loaded (config/run-mode.ts).
import './production-mode';
import { buildApp } from './app';
import { runMode } from './config/run-mode';
import { EnvError, loadEnv } from './config/env';
import { StartupError } from './startup-error';

/** Starts the server on one port and drains it cleanly on SIGTERM/SIGINT. */
async function main() {
  let env;
  try {
    env = loadEnv();
  } catch (e) {
    if (e instanceof EnvError) {
      console.error(e.message);
      process.exit(2);
    }
    throw e;
  }
  const app = await buildApp({ env, startJanus: true });
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'draining requests and closing the database');
    const force = setTimeout(() => process.exit(1), 10000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: env.port, host: env.host });
  app.log.info({ mode: runMode() }, `Lendline is running at http://${env.host}:${env.port} (${runMode()} mode)`);
}

main().catch((e) => {
  // A file problem found while starting (startup-error.ts) is one line naming the file and the remedy: no stack.
  console.error(e instanceof StartupError ? `Lendline cannot start: ${e.message}` : e);
  process.exit(1);
});
