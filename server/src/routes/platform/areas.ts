import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffUser } from '../../plugins/app/auth';
import { applicationsByStatus, AREAS, notificationsByType, tasksByProgress, videoGateway } from '../../domain/platform/area-summaries';
import { errorReplies } from '../common/schemas';
import { AreaSummary } from './schemas';
import { route } from '../common/route';

/**
 * GET /platform/areas/:area: a small, real summary each area's landing page reads from the server (see
 * domain/platform/area-summaries.ts). Staff only (the customer account gets 403).
 */
const platformAreas: FastifyPluginAsyncTypebox<{ janusUrl?: string }> = async (app, opts) => {
  app.get(
    '/platform/areas/:area',
    route.platform(null, 'The summary an area’s landing page shows',
      'applications: counts by status; tasks: counts by progress (both over the applications the caller’s "all applications" list shows); notifications: the caller’s and their teams’, by type with unread counts; video: whether the video gateway is configured and answers. ' +
        'Staff only: any staff session; the customer account gets 403. 400/1101 for another area.', {
      params: Type.Object({ area: Type.Union(AREAS.map((k) => Type.Literal(k))) }),
      response: { 200: AreaSummary, ...errorReplies },
    }),
    async (request) => {
      const user = staffUser(request);
      switch (request.params.area) {
        case 'applications':
          return applicationsByStatus(app.db, user);
        case 'tasks':
          return tasksByProgress(app.db, user);
        case 'notifications':
          return notificationsByType(app.db, user);
        case 'video':
          return videoGateway(app.video.client?.url ?? opts.janusUrl);
      }
    },
  );
};
export default platformAreas;
