import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { staffUser } from '../../plugins/app/auth';
import type { CurrentUser } from '../../domain/current-user';
import { teamIds } from '../../domain/current-user';
import { Sql } from '../../domain/lists/sql';
import { visibility } from '../../domain/lists/visibility';

/**
 * GET /platform/areas/:area: a small, real summary each area's landing page reads from the server,
 * so a running area proves it talks to the API and the database. Staff only (the customer account gets 403), and
 * each counts only what the caller may see: applications and tasks of the applications their "all applications"
 * list shows (every branch for ADMIN and the ALL_APPLICATIONS_* holders, their own branches otherwise), and
 * notifications addressed to them or their teams.
 */
const platformAreas: FastifyPluginAsync<{ janusUrl?: string }> = async (app, opts) => {
  const visible = (user: CurrentUser) => {
    const sql = new Sql();
    const where = visibility(sql, user, 'ALL_APPLICATIONS');
    return { sql, where: where.length ? `WHERE ${where.join(' AND ')}` : '' };
  };
  const summaries: Record<string, (user: CurrentUser) => Promise<unknown>> = {
    applications: async (user) => {
      const { sql, where } = visible(user);
      const { rows } = await app.db.query<{ status: string; count: number }>(
        `SELECT status, count(*)::int AS count FROM applications ${where} GROUP BY status ORDER BY status`,
        sql.params,
      );
      return { byStatus: rows, total: rows.reduce((n, r) => n + r.count, 0) };
    },
    tasks: async (user) => {
      const { sql, where } = visible(user);
      const { rows } = await app.db.query<{ progress: string; count: number }>(
        `SELECT t.progress, count(*)::int AS count FROM tasks t
          WHERE t.application_id IN (SELECT application_id FROM applications ${where})
          GROUP BY t.progress ORDER BY t.progress`,
        sql.params,
      );
      return { byProgress: rows };
    },
    notifications: async (user) => {
      const { rows } = await app.db.query<{ type: string; total: number; unread: number }>(
        `SELECT type, count(*)::int AS total, count(*) FILTER (WHERE status = '0')::int AS unread
           FROM notifications WHERE username = $1 OR team_id = ANY($2::text[]) GROUP BY type ORDER BY type`,
        [user.userName, teamIds(user)],
      );
      return { byType: rows };
    },
    video: async (_user) => {
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
      const user = staffUser(req);
      const { area } = req.params as { area: string };
      return summaries[area](user);
    },
  );
};
export default platformAreas;
