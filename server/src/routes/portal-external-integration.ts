import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { OTHER } from '@lendline/shared/contract';
import { currentUser } from '../plugins/app/auth';
import { issueExternalToken, validateExternalToken } from '../domain/portal/external-integration';

export const EXTERNAL_INTEGRATION = { issueToken: '/v3/external-integration/issue-token' } as const;

/**
 * POST /v3/external-integration/validate-token {transactionToken} (§7): { data: { application_id }, appRefId }
 * when the EXTERNAL_INTEGRATION feature is on and the token is valid; otherwise (§8) { error: true } and no id.
 * POST /v3/external-integration/issue-token {application_id, validityMinutes?}: a single-use token that opens the
 * application on any device, so as strong as an appRefId: staff with APPLICATIONS_ACTIONS on an application they may
 * open, never the customer account.
 */
const portalExternalIntegration: FastifyPluginAsync = async (app) => {
  app.post(OTHER.validateExternalToken, { schema: { body: Type.Object({ transactionToken: Type.String({ minLength: 1, maxLength: 200 }) }) } }, async (request) => {
    currentUser(request);
    const check = await validateExternalToken(app.db, (request.body as { transactionToken: string }).transactionToken);
    if (!check.ok) {
      return { error: true, message: check.reason === 'FEATURE_DISABLED' ? 'External integration is not enabled' : 'The transaction token is invalid, used or expired' };
    }
    return { data: { application_id: check.applicationId }, appRefId: check.appRefId };
  });

  app.post(
    EXTERNAL_INTEGRATION.issueToken,
    {
      config: { application: { id: (r) => (r.body as { application_id: string }).application_id, permission: 'APPLICATIONS_ACTIONS' } },
      schema: { body: Type.Object({ application_id: Type.String({ minLength: 1, maxLength: 40 }), validityMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })) }) },
    },
    async (request) => {
      const b = request.body as { application_id: string; validityMinutes?: number };
      return { data: await issueExternalToken(app.db, currentUser(request), b.application_id, b.validityMinutes) };
    },
  );
};
export default portalExternalIntegration;
