import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { staffUser } from '../../plugins/app/auth';
import { runReport } from '../../domain/managers/reports';
import { Code } from '../../domain/bounds';
import { errorReplies, Json, Enum, Nullable } from '../common/schemas';
import { route } from '../common/route';

/** Report lists: run one of the configured reports (GET /setup/configs/Analytics/Reports lists them). */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/backstage/reports/run', route.managers(null, 'Run a configured report',
      'Runs a report of GET /setup/configs/Analytics/Reports with its filters: summary reports answer all their rows; row reports a keyset ' +
        'page (pageSize ≤ 1000, nextCursor) and the total, so an export fetches every page with a progress bar. Rows are bounded by the branches the ' +
        'caller sees. Access: members of the REPORTS activity group. Errors: 403 otherwise; 404 unknown report; 400/1101 a missing or bad filter.', {
      body: Type.Object({
        reportId: Code(60),
        filters: Type.Optional(Type.Object({
          product_code: Type.Optional(Code(40)), branch: Type.Optional(Code(60)), status: Type.Optional(Code(20)),
          from: Type.Optional(Type.String({ maxLength: 10 })), to: Type.Optional(Type.String({ maxLength: 10 })),
        }, { additionalProperties: false })),
        pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
        cursor: Type.Optional(Nullable(Type.String({ maxLength: 512 }))),
      }),
      response: {
        200: Type.Object({
          data: Type.Object({
            reportId: Type.String(),
            columns: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), type: Enum(['text', 'number', 'amount', 'date']) })),
            rows: Type.Array(Json('One row: a value (text, number or null) per column key')),
            total: Type.Integer(),
            nextCursor: Nullable(Type.String()),
          }),
        }),
        ...errorReplies,
      },
    }), async (request) => ({ data: await runReport(app.db, staffUser(request), request.body) }));
};
export default reportRoutes;
