import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from './config/env';
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
import openapi from './plugins/app/openapi';
import identityRoutes from './routes/identity';
import platformRoutes from './routes/platform';
import backstageRoutes from './routes/backstage';
import leadRoutes from './routes/leads';
import portalRoutes from './routes/portal';
import taskRoutes from './routes/tasks';
import queryRoutes from './routes/queries';
import notificationRoutes from './routes/notifications';
import creditRoutes from './routes/credit';
import approvalRoutes from './routes/approvals';
import pricingRoutes from './routes/pricing';
import documentRoutes from './routes/documents';
import storagePlugin from './plugins/external/storage';
import multipart from '@fastify/multipart';
import managerRoutes from './routes/managers';
import realtime from './plugins/app/realtime';
import { DEBUG_PREFIX, MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { BlobStore } from './domain/documents/storage';
import webPush from './plugins/app/web-push';
import videoGateway from './plugins/external/video-gateway';
import videoRoutes from './routes/video';
import { sharedSerializers } from './http/shared-serializers';
import { defaultValidators, lazyCompilers } from './http/lazy-compilers';
import { applyHttpTimeouts } from './http/timeouts';
import metricsPlugin from './plugins/app/metrics';
import requestId, { requestIdOptions } from './plugins/app/request-id';
import releaseNotices from './plugins/app/release-notices';

/** TRUST_PROXY=<n>: the n nearest hops are proxies (as proxy-addr counts them). */
const hops = (n: number) => (_address: string, hop: number) => hop < n;

export interface BuildOptions {
  env: Env;
  /** Share an open database (tests). */
  db?: Db;
  seed?: boolean;
  logger?: boolean;
  /** Where log lines go (tests read them); stdout otherwise. */
  logStream?: { write(line: string): void };
  /** A document store of the test's own (else the one the env names). */
  files?: BlobStore;
  /** Start the server's own Janus when JANUS_URL is unset and the binary is installed (index.ts; not tests). */
  startJanus?: boolean;
  /** Compile each route's validators and serializers on its first request, not at start (tests: http/lazy-compilers.ts). */
  lazySchemas?: boolean;
}

/**
 * Builds the server: external plugins (database, keys, notifier) → app plugins (errors, headers, limits, auth,
 * encryption, application access, static hosting, the OpenAPI collector) → routes by area.
 * Tests call this and use app.inject; index.ts calls it and listens.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { env } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : { level: env.logLevel, ...(opts.logStream ? { stream: opts.logStream } : {}) },
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
    // One response serializer per schema object, not per route (http/shared-serializers.ts).
    schemaController: {
      compilersFactory: opts.lazySchemas
        ? { buildSerializer: lazyCompilers(sharedSerializers()), buildValidator: lazyCompilers(defaultValidators()) }
        : { buildSerializer: sharedSerializers() },
    },
    // The request id is the span id of the request's W3C trace (plugins/app/request-id.ts): on every log line and reply.
    ...requestIdOptions,
  });

  applyHttpTimeouts(app, env.timeouts); // header, body and upload deadlines: slow-loris sockets are closed
  await app.register(dbPlugin, { databaseUrl: env.databaseUrl, dataDir: env.dataDir, seed: opts.seed ?? true, db: opts.db });
  await app.register(identityServices, { dataDir: env.dataDir, notifyAdapter: env.identity.notifyAdapter });
  await app.register(storagePlugin, { dataDir: env.dataDir, s3: env.s3, store: opts.files }); // document bytes: disk under DATA_DIR, or S3
  await app.register(videoGateway, { video: env.video, dataDir: env.dataDir, startJanus: opts.startJanus ?? false }); // Janus: JANUS_URL, own child process, or off
  await app.register(requestId); // x-request-id on every reply; handlers run inside the request's trace
  await app.register(metricsPlugin, { token: env.metricsToken }); // counts every request from here on; /metrics (routes/platform)
  await app.register(errorsPlugin);
  // Headers first, so every answer (a 401 of the auth hook included) carries them; limits before any route exists.
  await app.register(securityHeaders, { shellDir: env.shellDir, publicUrl: env.identity.publicUrl });
  await app.register(rateLimits, env.rateLimit);
  await app.register(sessionCleanup, { intervalSeconds: env.identity.sessionCleanupIntervalSeconds, loginLockout: env.identity.loginLockout, draftPurgeDays: env.draftPurgeDays });
  // Before every route: 401 unless public (docs/identity.md), then AES bodies both ways (§9).
  await app.register(authPlugin);
  await app.register(encryptionPlugin, { adminApiEncryption: env.identity.adminApiEncryption });
  await app.register(applicationAccess); // every route naming an application: caller's access to it + the §6 permission
  await app.register(staticPlugin, { shellDir: env.shellDir, releasesDir: env.releasesDir });
  await app.register(multipart, { limits: { fileSize: MAX_FILE_SIZE_BYTES, files: 1 } }); // streamed uploads (routes/documents/multipart.ts)

  // Routes by area (routes/<area>/index.ts), after the OpenAPI collector so each is in the document.
  await app.register(openapi);
  await app.register(identityRoutes, { identity: env.identity });
  await app.register(platformRoutes, { identity: env.identity, releasesDir: env.releasesDir, janusUrl: env.janusUrl, backup: { dataDir: env.dataDir, databaseUrl: env.databaseUrl, documents: env.s3 ? 's3' : 'disk' } });
  await app.register(backstageRoutes);
  await app.register(leadRoutes); // §2 lead creation and conversion (Team leads / My leads)
  await app.register(portalRoutes, { dataDir: env.dataDir }); // customer portal (mf-portal)
  await app.register(taskRoutes); // queries (sub-tasks) and snooze (mf-tasks)
  await app.register(queryRoutes); // §7 queries calls and requests for information to the applicant
  await app.register(creditRoutes, { tenant: env.identity.defaultTenant, jobs: env.creditJobs }); // credit review, disbursement, money-call queue
  await app.register(approvalRoutes); // §7 approvals: approve, reject, forward, send_back, getApprovals (mf-tasks)
  await app.register(documentRoutes); // §7 Documents: the documents tab (mf-tasks), PDFs from templates
  await app.register(pricingRoutes); // product pricing (admin-edited) and the Key Fact Statement (issue 27)
  await app.register(notificationRoutes, { dataDir: env.dataDir, webPush: env.webPush, releasesDir: env.releasesDir }); // list, follow, Web Push subscription (mf-notifications)
  await app.register(managerRoutes); // hierarchy lists, targets, dashboards, report lists (issue 18)
  await app.register(realtime, { redisUrl: env.redisUrl }); // the §7 notification socket at /socket.io (across processes with REDIS_URL)
  await app.register(releaseNotices, { releasesDir: env.releasesDir }); // RELEASE pushed to running shells when a remote is activated or rolled back
  await app.register(webPush, { dataDir: env.dataDir, settings: env.webPush }); // Web Push to recipients with no open socket
  await app.register(videoRoutes, { dataDir: env.dataDir, publicUrl: env.identity.publicUrl }); // video calls with the applicant (mf-video), the Janus proxy
  return app;
}
