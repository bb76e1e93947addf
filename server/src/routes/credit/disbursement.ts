import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { requestMoneyCall, retryCall } from '../../domain/credit/calls';
import { AppId, errorReplies, VerNum } from '../common/schemas';
import { actRule, applicationIdIn, Stale } from '../backstage/schemas';
import { Amount, CallReply } from './schemas';

const inBody = applicationIdIn('body', 'application_id');
const RULES =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404). Idempotent: the operation has ' +
  'one key (LOAN-<app>, TRANCHE-<app>-<n>, MANDATE-<app>), and a request for an operation already requested answers that call ' +
  '(replayed: true) and adds nothing — a double click or a client retry never sends money twice. Otherwise verNum (409 when ' +
  'stale), the preconditions (ACTIVE; a decision that is not DECLINE; no deviation open or rejected; for tranches and the mandate ' +
  'a confirmed loan) — 400 naming what is missing — then one transaction: the call QUEUED, verNum + 1, an audit row and a worklog ' +
  'entry. The job runner sends it after the commit with the key; its state (QUEUED → SENT → CONFIRMED | FAILED with reason) and ' +
  'history are in GET /integration/review/{application_id}.';

/** §7 "POST to an integration path for … loan creation, disbursement tranche and ACH mandate", and the retry. */
const disbursementRoutes: FastifyPluginAsyncTypebox<{ kick: () => void }> = async (app, opts) => {
  const queued = (r: Awaited<ReturnType<typeof requestMoneyCall>>, what: string) => {
    if (!r.replayed) opts.kick();
    return { data: r.call, verNum: r.verNum, replayed: r.replayed, message: r.replayed ? `${what} was already requested` : `${what} queued` };
  };

  app.post('/integration/loanCreation', {
    config: { application: actRule(inBody) },
    schema: {
      summary: 'Create the loan in core banking',
      description: `Queues the loan creation for the sanctioned amount (customFields.loanAmount) in the tenant's CORE_BANKING adapter. ${RULES}`,
      tags: ['credit'],
      body: Type.Object({ application_id: AppId, verNum: VerNum }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    },
  }, async (request) => queued(await requestMoneyCall(app.db, currentUser(request), { ...request.body, operation: 'LOAN_CREATION' }), 'Loan creation'));

  app.post('/integration/disbursementTranche', {
    config: { application: actRule(inBody) },
    schema: {
      summary: 'Disburse a tranche',
      description: `Queues tranche trancheNo (the next one: 1, 2, …) of the amount; tranches may not total more than the sanctioned amount. ${RULES}`,
      tags: ['credit'],
      body: Type.Object({ application_id: AppId, verNum: VerNum, trancheNo: Type.Integer({ minimum: 1, maximum: 50 }), amount: Amount }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    },
  }, async (request) => queued(await requestMoneyCall(app.db, currentUser(request), { ...request.body, operation: 'DISBURSEMENT_TRANCHE' }), `Tranche ${request.body.trancheNo}`));

  app.post('/integration/achMandate', {
    config: { application: actRule(inBody) },
    schema: {
      summary: 'Register the ACH / e-mandate',
      description: `Queues the repayment mandate on the borrower's account (maxAmount defaults to the sanctioned amount) in the tenant's MANDATE adapter. The account number is masked in audits and worklogs. ${RULES}`,
      tags: ['credit'],
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        accountNumber: Type.String({ pattern: '^[0-9]{6,18}$' }),
        ifsc: Type.String({ pattern: '^[A-Z]{4}0[A-Z0-9]{6}$' }),
        accountHolder: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
        maxAmount: Type.Optional(Amount),
      }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    },
  }, async (request) => {
    const { accountNumber, ifsc, accountHolder, maxAmount, ...target } = request.body;
    return queued(await requestMoneyCall(app.db, currentUser(request), { ...target, operation: 'ACH_MANDATE', mandate: { accountNumber, ifsc, accountHolder, maxAmount } }), 'ACH mandate');
  });

  app.post('/integration/retry', {
    config: { application: actRule(inBody) },
    schema: {
      summary: 'Retry a failed money call',
      description: 'Puts a FAILED call back in the queue (retries + 1, a RETRIED event). The runner first asks the other side whether the key was already applied, so a retry never sends money twice. 400 unless the call is FAILED; 404 for a call of another application. Needs APPLICATIONS_ACTIONS; verNum (409); audit row and worklog entry.',
      tags: ['credit'],
      body: Type.Object({ application_id: AppId, verNum: VerNum, callId: Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' }) }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    },
  }, async (request) => {
    const r = await retryCall(app.db, currentUser(request), request.body);
    opts.kick();
    return { data: r.call, verNum: r.verNum, replayed: false, message: 'Call queued again' };
  });
};
export default disbursementRoutes;
