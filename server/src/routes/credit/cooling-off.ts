import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { coolingOffOf, processExit, requestExit } from '../../domain/cooling-off/exit';
import { AppId, errorReplies, Enum, Nullable } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication } from '../common/application-rules';
import { route } from '../common/route';

const Money = Type.Number({ description: 'INR' });
const CoolingOff = Type.Object({
  state: Enum(['NO_LOAN', 'OPEN', 'CLOSED', 'REQUESTED', 'PROCESSED'], 'NO_LOAN until core banking confirms the loan; OPEN during the window; CLOSED after it; REQUESTED / PROCESSED once the borrower asked to exit'),
  days: Type.Integer({ description: 'The cooling-off period in days (setup config Lending/CoolingOff of the product or tenant; 3 by default)' }),
  loanCreatedAt: Nullable(Type.String()),
  windowEndsAt: Nullable(Type.String()),
  quote: Nullable(Type.Object({
    principal: Money, interest: Money, amount: Money,
    daysHeld: Type.Integer(), annualRatePercent: Type.Number(),
  }, { description: 'What an exit repays: the disbursed principal + interest at the loan\'s yearly rate for the days held, no penalty (as of now while OPEN; as of the request after)' })),
  request: Nullable(Type.Object({
    requestedAt: Type.String(), state: Enum(['REQUESTED', 'PROCESSED']), processedAt: Nullable(Type.String()),
    reason: Type.Optional(Nullable(Type.String({ description: 'Staff only' }))),
    processedBy: Type.Optional(Nullable(Type.String({ description: 'Staff only' }))),
  })),
});
const Reply = Type.Object({ data: CoolingOff, replayed: Type.Optional(Type.Boolean()), message: Type.Optional(Type.String()) });

/**
 * Issue 27, the cooling-off exit: the borrower's status page reads the window and the amount and asks to exit; staff
 * process the request (Credit tab). domain/cooling-off.
 */
const coolingOffRoutes: FastifyPluginAsyncTypebox<{ tenant: string }> = async (app, opts) => {
  app.get('/v3/portal/coolingOff', route.portal({ application: { id: applicationIdIn('query', 'application_id'), permission: 'read', customer: 'appRef' } }, 'The cooling-off period of a loan',
      'Whether the borrower may still exit the loan, until when, and what an exit repays (principal + interest for the days held at the loan\'s yearly rate, no penalty). The customer with the application\'s appRefId; staff who may open the application (else 403 / the neutral 404).', {
      querystring: Type.Object({ application_id: AppId }),
      response: { 200: Reply, ...errorReplies },
    }), async (request) => ({ data: await coolingOffOf(app.db, opts.tenant, loadedApplication(request), currentUser(request)) }));

  app.post('/v3/portal/coolingOff/exit', route.portal({ application: { id: applicationIdIn('body', 'application_id'), permission: 'APPLICATIONS_ACTIONS', customer: 'appRef' } }, 'Exit the loan in its cooling-off period',
      'The borrower asks to exit: recorded once with the amount as of now, audited, and the officer is notified to process it. Only the customer with the appRefId (staff: 403); 400 (label coolingOff) before the loan is created or after the window; a second request answers the first (replayed: true).', {
      body: Type.Object({ application_id: AppId }, { additionalProperties: false }),
      response: { 200: Reply, ...errorReplies },
    }), async (request) => {
    const r = await requestExit(app.db, opts.tenant, currentUser(request), request.body.application_id);
    return { ...r, message: r.replayed ? 'Your request to exit the loan was already recorded' : 'Your request to exit the loan is recorded; the bank will contact you to settle it' };
  });

  app.post('/integration/coolingOff/process', route.credit({ application: actRule(applicationIdIn('body', 'application_id')) }, 'Mark a cooling-off exit processed',
      'Records that the borrower\'s exit request was processed (the repayment received and the loan closed in core banking), with the reason. Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404); 400 (label coolingOff) unless an exit is waiting. Audited, in the worklog.', {
      body: Type.Object({ application_id: AppId, reason: Type.String({ minLength: 1, maxLength: 1000, pattern: '\\S' }) }, { additionalProperties: false }),
      response: { 200: Reply, ...errorReplies },
    }), async (request) => ({ ...(await processExit(app.db, opts.tenant, currentUser(request), request.body.application_id, request.body.reason.trim())), message: 'Exit processed' }));
};
export default coolingOffRoutes;
