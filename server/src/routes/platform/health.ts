import type { FastifyPluginAsync } from 'fastify';

/** Liveness and readiness: answers 200 only when the database answers. */
const health: FastifyPluginAsync = async (app) => {
  app.get('/health', async (_req, reply) => {
    try {
      await app.db.query('SELECT 1');
      return { status: 'ok', database: app.db.kind, uptimeSeconds: Math.round(process.uptime()) };
    } catch (e) {
      return reply.status(503).send({ status: 'unavailable', database: app.db.kind, error: (e as Error).message });
    }
  });
};
export default health;
