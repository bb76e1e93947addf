import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { OTHER } from '@lendline/shared/contract';
import { currentUser } from '../../plugins/app/auth';
import { issueExternalToken, validateExternalToken } from '../../domain/portal/external-integration';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

export const EXTERNAL_INTEGRATION = { issueToken: '/v3/external-integration/issue-token' } as const;

/** Both outcomes in one object (§8): the id and an appRefId, or the error flag and why — never both. */
const Validated = Type.Object({
  data: Type.Optional(Type.Object({ application_id: Type.String() })),
  appRefId: Type.Optional(Type.String({ description: 'Opens the application on this device: send it as the appRefId header' })),
  error: Type.Optional(Type.Literal(true)),
  message: Type.Optional(Type.String()),
}, { description: 'The application id and an appRefId, or error: true and why' });

/**
 * POST /v3/external-integration/validate-token {transactionToken} (§7): { data: { application_id }, appRefId }
 * when the EXTERNAL_INTEGRATION feature is on and the token is valid; otherwise (§8) { error: true } and no id.
 * POST /v3/external-integration/issue-token {application_id, validityMinutes?}: a single-use token that opens the
 * application on any device, so as strong as an appRefId: staff with APPLICATIONS_ACTIONS on an application they may
 * open, never the customer account.
 */
const portalExternalIntegration: FastifyPluginAsyncTypebox = async (app) => {
  app.post(OTHER.validateExternalToken, route.portal(null, 'Open an application by a partner\'s transaction token',
      'Uses up a single-use token staff issued (POST /v3/external-integration/issue-token) and answers the application id ' +
        'with an appRefId that opens it on this device. When the EXTERNAL_INTEGRATION feature is off or the token is ' +
        'unknown, used or expired the answer is still 200, with error: true and a message (§8), never an id. Any signed-in ' +
        'caller (the portal\'s customer account); no permission.', {
      body: Type.Object({ transactionToken: Type.String({ minLength: 1, maxLength: 200 }) }),
      response: { 200: Validated, ...errorReplies },
    }), async (request) => {
    currentUser(request);
    const check = await validateExternalToken(app.db, request.body.transactionToken);
    if (!check.ok) {
      return { error: true as const, message: check.reason === 'FEATURE_DISABLED' ? 'External integration is not enabled' : 'The transaction token is invalid, used or expired' };
    }
    return { data: { application_id: check.applicationId }, appRefId: check.appRefId };
  });

  app.post(
    EXTERNAL_INTEGRATION.issueToken,
    route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS' } }, 'Issue a transaction token for a partner',
      'A single-use token (valid validityMinutes, 30 by default) a partner system puts in /newapplication?transactionToken=… ' +
        'to send the customer to this application. Staff only, with APPLICATIONS_ACTIONS on an application they may open ' +
        '(the token is as strong as an appRefId). Errors: 400/1101, 403 (permission, or the customer account), 404.', {
      body: Type.Object({ application_id: AppId, validityMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })) }),
      response: {
          200: Type.Object({
            data: Type.Object({
              transactionToken: Type.String({ description: 'Shown once; only its hash is kept' }),
              application_id: Type.String(),
              expiresAt: Type.String({ format: 'date-time' }),
            }),
          }, { description: 'The token, once' }),
          ...errorReplies,
        },
    }),
    async (request) => {
      const b = request.body;
      return { data: await issueExternalToken(app.db, currentUser(request), b.application_id, b.validityMinutes) };
    },
  );
};
export default portalExternalIntegration;
