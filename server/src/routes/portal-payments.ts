import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../plugins/app/auth';
import { pay, paymentsOf, sandboxPayments } from '../domain/portal/payments';

export const PORTAL_PAYMENTS = '/v3/portal/payments';

/**
 * The payments page of the customer area, over the sandbox payment adapter (the embedded default). Reading needs the
 * application (the customer by its appRefId); recording a payment is a write: staff need APPLICATIONS_ACTIONS.
 */
const portalPayments: FastifyPluginAsync = async (app) => {
  const AppId = Type.String({ minLength: 1, maxLength: 40 });
  app.get(PORTAL_PAYMENTS, {
    config: { application: { id: (r) => (r.query as { application_id: string }).application_id, permission: 'read', customer: 'appRef' } },
    schema: { querystring: Type.Object({ application_id: AppId }) },
  }, async (request) => {
    currentUser(request);
    return { data: await paymentsOf(app.db, (request.query as { application_id: string }).application_id) };
  });
  app.post(PORTAL_PAYMENTS, {
    config: { application: { id: (r) => (r.body as { application_id: string }).application_id, permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } },
    schema: {
      body: Type.Object({
        application_id: AppId,
        amount: Type.Number({ minimum: 0.01, maximum: 9999999999, description: 'Rupees, at least one paisa' }),
        purpose: Type.Optional(Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,79}$', maxLength: 80 })),
      }),
    },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body as { application_id: string; amount: number; purpose?: string };
    return { data: await app.db.transaction((tx) => pay(tx, sandboxPayments, user.userName, b.application_id, b.amount, b.purpose ?? 'PROCESSING_FEE')) };
  });
};
export default portalPayments;
