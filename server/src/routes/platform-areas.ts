import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';

/**
 * GET /platform/areas/:area: a small, real summary each area's landing page reads from the server,
 * so a running area proves it talks to the API and the database.
 */
const platformAreas: FastifyPluginAsync<{ janusUrl?: string }> = async (app, opts) => {
  const summaries: Record<string, () => Promise<unknown>> = {
    applications: async () => {
      const { rows } = await app.db.query<{ status: string; count: number }>(
        `SELECT status, count(*)::int AS count FROM applications GROUP BY status ORDER BY status`,
      );
      return { byStatus: rows, total: rows.reduce((n, r) => n + r.count, 0) };
    },
    tasks: async () => {
      const { rows } = await app.db.query<{ progress: string; count: number }>(
        `SELECT progress, count(*)::int AS count FROM tasks GROUP BY progress ORDER BY progress`,
      );
      return { byProgress: rows };
    },
    notifications: async () => {
      const { rows } = await app.db.query<{ type: string; total: number; unread: number }>(
        `SELECT type, count(*)::int AS total, count(*) FILTER (WHERE status = '0')::int AS unread
           FROM notifications GROUP BY type ORDER BY type`,
      );
      return { byType: rows };
    },
    video: async () => {
      if (!opts.janusUrl) return { gateway: null, reachable: false };
      try {
        const res = await fetch(`${opts.janusUrl.replace(/\/$/, '')}/info`, { signal: AbortSignal.timeout(1000) });
        const info = (await res.json()) as { version_string?: string };
        return { gateway: opts.janusUrl, reachable: res.ok, version: info.version_string ?? null };
      } catch {
        return { gateway: opts.janusUrl, reachable: false };
      }
    },
  };

  app.get(
    '/platform/areas/:area',
    { schema: { params: Type.Object({ area: Type.Union(Object.keys(summaries).map((k) => Type.Literal(k))) }) } },
    async (req) => {
      const { area } = req.params as { area: string };
      return summaries[area]();
    },
  );
};
export default platformAreas;
