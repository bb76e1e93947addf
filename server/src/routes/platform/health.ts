import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { databaseHealth } from '../../domain/platform/health';
import { runMode } from '../../config/run-mode';
import { route } from '../common/route';

const Database = Type.Union([Type.Literal('pglite'), Type.Literal('postgres')], { description: 'The database the server runs on' });
const Realtime = Type.Union([Type.Literal('local'), Type.Literal('redis:ok'), Type.Literal('redis:down')], {
  description: "How notification pushes travel: 'local' (one process, no REDIS_URL), 'redis:ok' (through Redis to every process), 'redis:down' (Redis is unreachable: only this process's sockets are reached; HTTP is unaffected)",
});

const Mode = Type.Union([Type.Literal('production'), Type.Literal('development'), Type.Literal('test')], {
  description: "NODE_ENV as the server runs: 'production' when started by `npm start` (or node server/dist/index.js) without NODE_ENV; 'development' for any other value; 'test' under jest",
});

const Video = Type.Union([Type.Literal('off'), Type.Literal('ok'), Type.Literal('down')], {
  description: "The video gateway (Janus): 'off' (not set up: no JANUS_URL and no Janus installed), 'ok' (answers within 1 s), 'down' (configured but not answering; video calls fail, the rest works)",
});

/**
 * Liveness and readiness for load balancers and orchestrators: public (no session, no rate limit) and cheap — one
 * trivial query with a short timeout, so the probe answers quickly even when the database does not.
 */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    route.platform({ public: true }, 'Health of the server and its database',
      'Public: needs no session. 200 when the database answers a trivial query within 2 s; 503 with the reason otherwise. `realtime` says how notification pushes travel; Redis being down does not make the server unhealthy (HTTP keeps working). `video` is the state of the video gateway (Janus); it does not make the server unhealthy either. `mode` is the run mode (NODE_ENV).', {
      security: [],
      response: {
          200: Type.Object({ status: Type.Literal('ok'), mode: Mode, database: Database, realtime: Realtime, video: Video, uptimeSeconds: Type.Integer() }),
          503: Type.Object({ status: Type.Literal('unavailable'), database: Database, realtime: Realtime, video: Video, error: Type.String() }, { description: 'The database did not answer' }),
        },
    }),
    async (_request, reply) => {
      const db = await databaseHealth(app.db);
      const realtime = app.realtimeHealth();
      const video = await app.videoHealth();
      if (!db.ok) return reply.status(503).send({ status: 'unavailable', database: app.db.kind, realtime, video, error: db.error });
      return { status: 'ok' as const, mode: runMode(), database: app.db.kind, realtime, video, uptimeSeconds: Math.round(process.uptime()) };
    },
  );
};
export default health;
