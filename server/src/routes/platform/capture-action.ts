import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { CONFIG } from '@lendline/shared/contract';
import { recordCapturedAction } from '../../domain/platform/captured-actions';
import { errorReplies } from '../common/schemas';
import { route } from '../common/route';

const Body = Type.Object(
  {
    action: Type.String({ minLength: 1, maxLength: 64, description: 'What happened, e.g. BROWSER_BACK' }),
    from: Type.Optional(Type.String({ maxLength: 2048, description: 'The page left' })),
    to: Type.Optional(Type.String({ maxLength: 2048, description: 'The page reached' })),
    at: Type.Optional(Type.String({ maxLength: 64, description: 'When, by the browser’s clock' })),
    application_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'The application whose trail it belongs to, if any' })),
  },
  { additionalProperties: false },
);

/** The application the body names; the access check runs after validation, so the body has Body's shape. */
function namedApplication(request: FastifyRequest): string | undefined {
  const body: unknown = request.body;
  return body && typeof body === 'object' && 'application_id' in body && typeof body.application_id === 'string' ? body.application_id : undefined;
}

/**
 * POST /workFlowExecution/captureAction and POST /v3/captureAction (§2, §7): the shell reports
 * browser back (and other navigation worth auditing) for the signed-in user; rows go to
 * captured_actions for the workflow's audit trail. A row that names an application is part of that application's
 * trail, so it needs the application (staff who may open it, the customer with its appRefId); the shell's browser-back
 * report names none.
 */
const captureAction: FastifyPluginAsyncTypebox = async (app) => {
  for (const url of [CONFIG.captureAction, CONFIG.captureActionV3]) {
    app.post(
      url,
      route.platform({ application: { id: namedApplication, permission: 'read', customer: 'appRef' } }, 'Record a navigation for the audit trail',
        'Records a browser back (or another navigation worth auditing) of the signed-in caller. Needs a session; when application_id is given, the caller must be able to open that application (staff: its branch, team or an ALL_APPLICATIONS_* permission; the customer account: its appRefId), else 404. 400/1101 for a bad body.', {
        body: Body,
        response: { 200: Type.Object({ status: Type.Literal('captured') }), ...errorReplies },
      }),
      async (request) => {
        const b = request.body;
        await recordCapturedAction(app.db, {
          userId: request.user?.userId ?? null,
          sessionId: request.user?.sessionId ?? null,
          action: b.action,
          from: b.from,
          to: b.to,
          at: b.at,
          applicationId: b.application_id,
        });
        return { status: 'captured' as const };
      },
    );
  }
};
export default captureAction;
