import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { requestMoneyCall, retryCall } from '../../domain/credit/calls';
import { decideRelease } from '../../domain/credit/release';
import { AppId, errorReplies, VerNum, Stale } from '../common/schemas';
import { actRule, applicationIdIn } from '../common/application-rules';
import { Amount, CallReply } from './schemas';
import { route } from '../common/route';

const inBody = applicationIdIn('body', 'application_id');
const RULES =
  'Needs APPLICATIONS_ACTIONS, an application the caller may open (else 403 / the neutral 404) and to hold its current task ' +
  '(else 403 "Only the holder of the application\'s current task may request money calls"). Idempotent: the operation has ' +
  'one key (LOAN-<app>, TRANCHE-<app>-<n>, MANDATE-<app>), and a request with the same values for an operation already requested ' +
  'answers that call (replayed: true) and adds nothing — a double click or a client retry never sends money twice; other values ' +
  'under the same key (another amount) are 409. Otherwise verNum (409 when stale), the preconditions (ACTIVE; a decision that is ' +
  'not DECLINE; no deviation open or rejected; for tranches and the mandate a confirmed loan) — 400 naming what is missing — then ' +
  'one transaction: the call TO_RELEASE, verNum + 1, an audit row, a worklog entry and a notice to the releasers. Maker-checker: ' +
  'nothing is sent until a different person releases it (POST /integration/release); then QUEUED → SENT → CONFIRMED | FAILED ' +
  'with reason, history in GET /integration/review/{application_id}.';
const RELEASE_RULES =
  'The second person of maker-checker: never the requester (403 label maker-checker); the user the call escalated to when its ' +
  'release level had nobody else, otherwise a holder of the release role (the product matrix\'s "release" level, the branch ' +
  'head BH by default). Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404); verNum ' +
  '(409); 400 unless the call is TO_RELEASE; 404 for a call of another application. Audited with who and when, a worklog entry, ' +
  'a notice to the requester.';
const CallIdField = Type.String({ minLength: 1, maxLength: 120, pattern: '^[A-Za-z0-9_-]+$' });

/** §7 "POST to an integration path for … loan creation, disbursement tranche and ACH mandate", and the retry. */
const disbursementRoutes: FastifyPluginAsyncTypebox<{ kick: () => void }> = async (app, opts) => {
  // Nothing to kick: a new request waits for its release.
  const queued = (r: Awaited<ReturnType<typeof requestMoneyCall>>, what: string) =>
    ({ data: r.call, verNum: r.verNum, replayed: r.replayed, message: r.replayed ? `${what} was already requested` : `${what} requested; it waits for release by a second person` });

  app.post('/integration/loanCreation', route.credit({ application: actRule(inBody) }, 'Create the loan in core banking',
      `Requests the loan creation for the sanctioned amount (customFields.loanAmount) in the tenant's CORE_BANKING adapter. ${RULES}`, {
      body: Type.Object({ application_id: AppId, verNum: VerNum }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    }), async (request) => queued(await requestMoneyCall(app.db, currentUser(request), { ...request.body, operation: 'LOAN_CREATION' }), 'Loan creation'));

  app.post('/integration/disbursementTranche', route.credit({ application: actRule(inBody) }, 'Disburse a tranche',
      `Requests tranche trancheNo (the next one: 1, 2, …) of the amount; tranches may not total more than the sanctioned amount. ${RULES}`, {
      body: Type.Object({ application_id: AppId, verNum: VerNum, trancheNo: Type.Integer({ minimum: 1, maximum: 50 }), amount: Amount }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    }), async (request) => queued(await requestMoneyCall(app.db, currentUser(request), { ...request.body, operation: 'DISBURSEMENT_TRANCHE' }), `Tranche ${request.body.trancheNo}`));

  app.post('/integration/achMandate', route.credit({ application: actRule(inBody) }, 'Register the ACH / e-mandate',
      `Requests the repayment mandate on the borrower's account (maxAmount defaults to the sanctioned amount) in the tenant's MANDATE adapter. The account number is masked in audits and worklogs. ${RULES}`, {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        accountNumber: Type.String({ pattern: '^[0-9]{6,18}$' }),
        ifsc: Type.String({ pattern: '^[A-Z]{4}0[A-Z0-9]{6}$' }),
        accountHolder: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
        maxAmount: Type.Optional(Amount),
      }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    }), async (request) => {
    const { accountNumber, ifsc, accountHolder, maxAmount, ...target } = request.body;
    return queued(await requestMoneyCall(app.db, currentUser(request), { ...target, operation: 'ACH_MANDATE', mandate: { accountNumber, ifsc, accountHolder, maxAmount } }), 'ACH mandate');
  });

  app.post('/integration/retry', route.credit({ application: actRule(inBody) }, 'Retry a failed money call',
      'Puts a FAILED call back in the queue (retries + 1, a RETRIED event); it was released once, so it is not released again. The runner first asks the other side whether the key was already applied, so a retry never sends money twice. 400 unless the call is FAILED; 404 for a call of another application. Needs APPLICATIONS_ACTIONS and to hold the current task (403); verNum (409); audit row and worklog entry.', {
      body: Type.Object({ application_id: AppId, verNum: VerNum, callId: CallIdField }),
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    }), async (request) => {
    const r = await retryCall(app.db, currentUser(request), request.body);
    opts.kick();
    return { data: r.call, verNum: r.verNum, replayed: false, message: 'Call queued again' };
  });

  const decision = Type.Object({ application_id: AppId, verNum: VerNum, callId: CallIdField, comment: Type.Optional(Type.String({ maxLength: 2000, pattern: '\\S' })) });
  app.post('/integration/release', route.credit({ application: actRule(inBody) }, 'Release a requested money call',
      `Releases a call waiting TO_RELEASE to the queue (QUEUED; the runner sends it after the commit). ${RELEASE_RULES}`, {
      body: decision,
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    }), async (request) => {
    const r = await decideRelease(app.db, currentUser(request), request.body, 'RELEASED');
    opts.kick();
    return { data: r.call, verNum: r.verNum, replayed: false, message: 'Released: the call is queued' };
  });

  app.post('/integration/return', route.credit({ application: actRule(inBody) }, 'Return a requested money call',
      `Refuses a call waiting TO_RELEASE (RETURNED, never sent; the requester may request the operation again). ${RELEASE_RULES}`, {
      body: decision,
      response: { 200: CallReply, ...errorReplies, 409: Stale },
    }), async (request) => {
    const r = await decideRelease(app.db, currentUser(request), request.body, 'RETURNED');
    return { data: r.call, verNum: r.verNum, replayed: false, message: 'Returned to the requester: nothing was sent' };
  });
};
export default disbursementRoutes;
