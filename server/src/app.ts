import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from './env';
import type { Db } from './db/db';
import dbPlugin from './plugins/external/db';
import errorsPlugin from './plugins/app/errors';
import staticPlugin from './plugins/app/static';
import securityHeaders from './plugins/app/security-headers';
import rateLimits from './plugins/app/rate-limits';
import sessionCleanup from './plugins/app/session-cleanup';
import identityServices from './plugins/external/identity-services';
import authPlugin from './plugins/app/auth';
import encryptionPlugin from './plugins/app/encryption';
import applicationAccess from './plugins/app/application-access';
import authRoutes from './routes/auth';
import forgetPassword from './routes/forget-password';
import tokenApi from './routes/token-api';
import usersRoutes from './routes/users';
import setupConfigs from './routes/setup-configs';
import captcha from './routes/captcha';
import i18n from './routes/i18n';
import health from './routes/health';
import configRemotes from './routes/config-remotes';
import products from './routes/products';
import platformAreas from './routes/platform-areas';
import captureAction from './routes/capture-action';
import domainApplications from './routes/domain-applications';
import domainLists from './routes/domain-lists';
import domainConfig from './routes/domain-config';
import portalRoutes from './routes/portal-routes';
import { DEBUG_PREFIX } from '@lendline/shared/contract';

/** TRUST_PROXY=<n>: the n nearest hops are proxies (as proxy-addr counts them). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

export interface BuildOptions {
  env: Env;
  /** Share an open database (tests). */
  db?: Db;
  seed?: boolean;
  logger?: boolean;
}

/**
 * Builds the server: external plugins (database, keys, notifier) → app plugins (errors, auth,
 * encryption, static hosting) → routes.
 * Tests call this and use app.inject; index.ts calls it and listens.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: env.logLevel },
    bodyLimit: env.bodyLimit,
    // Debug mode (§6) prefixes non-admin paths with /debugger: serve them as if it were not there.
    rewriteUrl: (req) => {
      const url = req.url ?? '/';
      return url.startsWith(DEBUG_PREFIX + '/') ? url.slice(DEBUG_PREFIX.length) : url;
    },
    return503OnClosing: true,
    // Behind a reverse proxy, request.ip (what rate limits count by) is the client's only with TRUST_PROXY.
    trustProxy: typeof env.trustProxy === 'number' ? hops(env.trustProxy) : env.trustProxy,
    // First start creates the embedded database, migrates and seeds it: well over the 10 s default.
    pluginTimeout: 120_000,
  });

  await app.register(dbPlugin, { databaseUrl: env.databaseUrl, dataDir: env.dataDir, seed: opts.seed ?? true, db: opts.db });
  await app.register(identityServices, { dataDir: env.dataDir, notifyAdapter: env.identity.notifyAdapter });
  await app.register(errorsPlugin);
  // Headers first, so every answer (a 401 of the auth hook included) carries them; limits before any route exists.
  await app.register(securityHeaders, { shellDir: env.shellDir, publicUrl: env.identity.publicUrl });
  await app.register(rateLimits, env.rateLimit);
  await app.register(sessionCleanup, { intervalSeconds: env.identity.sessionCleanupIntervalSeconds, loginLockout: env.identity.loginLockout });
  // Before every route: 401 unless public (docs/identity.md), then AES bodies both ways (§9).
  await app.register(authPlugin);
  await app.register(encryptionPlugin, { adminApiEncryption: env.identity.adminApiEncryption });
  await app.register(applicationAccess); // every route naming an application: caller's access to it + the §6 permission
  await app.register(staticPlugin, { shellDir: env.shellDir, releasesDir: env.releasesDir });

  await app.register(health);
  await app.register(authRoutes, { identity: env.identity });
  await app.register(forgetPassword, { identity: env.identity });
  await app.register(tokenApi, { identity: env.identity });
  await app.register(usersRoutes);
  await app.register(setupConfigs, { identity: env.identity });
  await app.register(captcha, { identity: env.identity });
  await app.register(i18n);
  await app.register(configRemotes, { releasesDir: env.releasesDir });
  await app.register(products);
  await app.register(platformAreas, { janusUrl: env.janusUrl });
  await app.register(captureAction);
  // Domain core: applications and actions, lists and search, configuration reads.
  await app.register(domainApplications);
  await app.register(domainLists);
  await app.register(domainConfig);
  await app.register(portalRoutes, { dataDir: env.dataDir }); // customer portal (mf-portal)
  return app;
}
