import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { sandboxPayments } from '../../adapters/payments';
import { pay, paymentsOf } from '../../domain/portal/payments';
import { AppId, errorReplies } from '../common/schemas';
import { applicationIdIn } from '../common/application-rules';
import { route } from '../common/route';

export const PORTAL_PAYMENTS = '/v3/portal/payments';

const Status = Type.Union([Type.Literal('SUCCESS'), Type.Literal('FAILED')]);

const Payment = Type.Object({
  payment_id: Type.String(),
  amount: Type.Number({ description: 'Rupees' }),
  purpose: Type.String(),
  status: Status,
  reference: Type.String({ description: "The adapter's reference" }),
  created_at: Type.String({ format: 'date-time' }),
});

const Charged = Type.Object({
  payment_id: Type.String(),
  application_id: Type.String(),
  amount: Type.Number({ description: 'Rupees' }),
  purpose: Type.String(),
  status: Status,
  reference: Type.String({ description: "The adapter's reference" }),
  reason: Type.Optional(Type.String({ description: 'Why the adapter declined it' })),
});

/**
 * The payments page of the customer area, over the sandbox payment adapter (adapters/payments.ts, the embedded
 * default). Reading needs the application (the customer by its appRefId); recording a payment is a write: staff need
 * APPLICATIONS_ACTIONS.
 */
const portalPayments: FastifyPluginAsyncTypebox = async (app) => {
  app.get(PORTAL_PAYMENTS, route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, "An application's payments and processing fee",
      'The payments made for the application, newest first, and its processing fee (the product\'s pricing band for ' +
        'its amount and tenure, GET /v3/pricing/{productCode}; null while not priced). Access: the customer account with the application\'s appRefId header; staff who may open ' +
        'the application. Errors: 403, 404.', {
      querystring: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Type.Object({ payments: Type.Array(Payment), processingFee: Type.Union([Type.Number(), Type.Null()], { description: "The PROCESSING fee of the product's pricing band for the application's terms; null while they are not priced" }) }) }, { description: 'Payments, newest first, and the fee' }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    return { data: await paymentsOf(app.db, request.query.application_id) };
  });

  app.post(PORTAL_PAYMENTS, route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } }, 'Pay through the payment adapter',
      'Charges the amount through the payment adapter (the sandbox by default: amounts ending in .13 are declined) and ' +
        'records the outcome, paid or declined, as a payment and in the application\'s history. A decline is a 200 with ' +
        'status FAILED and the reason. Access: the customer account with the application\'s appRefId header; staff with ' +
        'APPLICATIONS_ACTIONS on an application they may open. Errors: 400/1101 (application not ACTIVE), 403, 404.', {
      body: Type.Object({
        application_id: AppId,
        amount: Type.Number({ minimum: 0.01, maximum: 9999999999, description: 'Rupees, at least one paisa' }),
        purpose: Type.Optional(Type.String({ pattern: '^[A-Z][A-Z0-9_]{0,79}$', maxLength: 80, description: 'PROCESSING_FEE when absent' })),
      }),
      response: { 200: Type.Object({ data: Charged }, { description: 'The payment, paid or declined' }), ...errorReplies },
    }), async (request) => {
    const user = currentUser(request);
    const b = request.body;
    return { data: await app.db.transaction((tx) => pay(tx, sandboxPayments, user.userName, b.application_id, b.amount, b.purpose ?? 'PROCESSING_FEE')) };
  });
};
export default portalPayments;
