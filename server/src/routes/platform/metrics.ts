import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { PLATFORM_METRICS } from './metrics-path';
import { route } from '../common/route';

/**
 * Prometheus scrape target (plugins/app/metrics.ts collects). Not a session route: Prometheus has no session. Read
 * from loopback only, or by whoever bears METRICS_TOKEN; anyone else gets exactly what an unknown path gets (404,
 * or 401 asking for the bearer token when one is configured), so the route tells an outsider nothing.
 */
const metrics: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    PLATFORM_METRICS,
    route.platform({ public: true }, 'Prometheus metrics of this process',
      'Prometheus text exposition (version 0.0.4). Loopback callers only, unless the server has METRICS_TOKEN: then `Authorization: Bearer <token>` from any address. HTTP latency per route pattern and status, process and event-loop figures, database query durations and pool, notification sockets, the money-call queue, uploads in flight, rate-limit refusals and lockouts.', {
      security: [],
      response: {
          200: Type.String({ description: 'text/plain; version=0.0.4' }),
          401: Type.Object({ code: Type.Literal(401), message: Type.String() }, { description: 'METRICS_TOKEN is set and the bearer token is missing or wrong' }),
        },
    }),
    async (request, reply) => {
      if (!app.metrics.allowed(request)) {
        if (app.metrics.tokenRequired) return reply.status(401).header('www-authenticate', 'Bearer').send({ code: 401 as const, message: 'Unauthorized' });
        return reply.callNotFound();
      }
      const text = await app.metrics.exposition();
      return reply.header('content-type', app.metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
export default metrics;
