import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../domain/current-user';
import { pay, paymentsOf, sandboxPayments } from '../domain/portal/payments';

export const PORTAL_PAYMENTS = '/v3/portal/payments';

/** The payments page of the customer area, over the sandbox payment adapter (the embedded default). */
const portalPayments: FastifyPluginAsync = async (app) => {
  app.get(PORTAL_PAYMENTS, { config: { customerApplication: (r) => (r.query as { application_id: string }).application_id }, schema: { querystring: Type.Object({ application_id: Type.String({ minLength: 1, maxLength: 40 }) }) } }, async (request) => {
    currentUser(request);
    return { data: await paymentsOf(app.db, (request.query as { application_id: string }).application_id) };
  });
  app.post(PORTAL_PAYMENTS, {
    config: { customerApplication: (r) => (r.body as { application_id: string }).application_id },
    schema: { body: Type.Object({ application_id: Type.String({ minLength: 1, maxLength: 40 }), amount: Type.Number({ exclusiveMinimum: 0, maximum: 9999999999 }), purpose: Type.Optional(Type.String({ maxLength: 80 })) }) },
  }, async (request) => {
    const user = currentUser(request);
    const b = request.body as { application_id: string; amount: number; purpose?: string };
    return { data: await app.db.transaction((tx) => pay(tx, sandboxPayments, user.userName, b.application_id, b.amount, b.purpose ?? 'PROCESSING_FEE')) };
  });
};
export default portalPayments;
