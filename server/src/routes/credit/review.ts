import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { analyseBankStatement, fileNetFinancing, pullBureau, raiseOfficerDeviation, runDecision } from '../../domain/credit/review';
import { creditReview } from '../../domain/credit/review-view';
import { rawReport } from '../../domain/credit/report-store';
import { notFound } from '../../domain/errors';
import { AppId, errorReplies, Stale } from '../common/schemas';
import { actRule, applicationIdIn, loadedApplication, staffReadRule } from '../common/application-rules';
import { BankData, Bad, BureauData, Changed, DecisionData, DeviationItem, NetFinancing, Review, Target } from './schemas';
import { route } from '../common/route';

export interface CreditRouteOptions {
  tenant: string;
}

const inBody = applicationIdIn('body', 'application_id');
const inParams = applicationIdIn('params', 'application_id');
const RULES =
  'Needs APPLICATIONS_ACTIONS and an application the caller may open (else 403 / the neutral 404); the application must be ACTIVE. ' +
  'verNum is checked before the external call and again when the result is filed (409 when stale). The result is filed in one ' +
  'transaction: a report (readable summary + the reply\'s fields the product uses), a §3 verifications entry, verNum + 1, an audit row of what was sent ' +
  'and received (personal data masked) and a worklog entry. An external system that does not answer (timeout, 5xx, malformed ' +
  'reply, circuit open) gives 424 (Failed Dependency) naming the system, audited and logged, with nothing filed; one that refuses the request, ' +
  'or an address the outbound guard refuses, 400. The external system\'s own error text is never in the answer: only its name and the status ' +
  '(the text goes to the server log).';

/** Credit review (§7 Other): bureau, bank statement, net financing, decision engine, deviations, and the review read. */
const creditReviewRoutes: FastifyPluginAsyncTypebox<CreditRouteOptions> = async (app, opts) => {
  const ctx = (request: Parameters<typeof currentUser>[0]) => ({ db: app.db, user: currentUser(request), tenant: opts.tenant, log: request.log });

  app.post('/cibil/obligation', route.credit({ application: actRule(inBody) }, 'Pull the bureau report (CIBIL) and its obligations',
      `Pulls the primary applicant's credit bureau report through the tenant's BUREAU adapter: score, accounts and the monthly obligations (EMIs of active accounts). Refused (400, label consentToBureauCheck) unless the applicant's consent is recorded on the application — the bureau is then not called. ${RULES}`, {
      body: Target,
      response: { 200: Changed(BureauData), ...errorReplies, 409: Stale, 424: Bad },
    }), async (request) => ({ ...(await pullBureau(ctx(request), request.body)), message: 'Bureau report filed' }));

  app.post('/perfios/transactionLink', route.credit({ application: actRule(inBody) }, 'Bank-statement analysis (Perfios transaction)',
      `Starts the bank-statement analysis through the tenant's BANK_STATEMENT adapter and files it: the transaction link, six months of inflows and outflows, salary credits, bounces and the EMI debits. ${RULES}`, {
      body: Target,
      response: { 200: Changed(BankData), ...errorReplies, 409: Stale, 424: Bad },
    }), async (request) => ({ ...(await analyseBankStatement(ctx(request), request.body)), message: 'Bank-statement analysis filed' }));

  app.post('/net_per_fin_config/net_financing_calculation', route.credit({ application: actRule(inBody) }, 'Net financing and FOIR',
      `Computes FOIR ((existing obligations + proposed EMI) / net monthly income) and the net financing amount from the application and its latest bureau and bank-statement reports (income: the lower of declared and salary credits; obligations: the higher of bureau and bank EMIs), under the tenant's Credit/NetFinancing policy (FOIR cap, rate, default tenure), and files it. 400 when income or loan amount is missing. ${RULES}`, {
      body: Target,
      response: { 200: Changed(Type.Composite([Type.Object({ reportId: Type.String() }), NetFinancing])), ...errorReplies, 409: Stale },
    }), async (request) => ({ ...(await fileNetFinancing(ctx(request), request.body)), message: 'Net financing filed' }));

  app.post('/decision_engine/execute/:a/:b', route.credit({ application: actRule(inBody) }, 'Run the decision engine',
      `Runs the tenant's DECISION_ENGINE adapter ({a}: product or rule set, {b}: policy) on the application's data, latest reports and net financing: APPROVE, REFER or DECLINE with each rule's reason, filed on the application. A REFER raises its failed rules as deviations for the APPROVAL team (RAISE_EXCEPTIONS: completing the step is then refused with EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL until they are approved); so does a breach of the lender's policy (FOIR above the cap, loan above eligibility) unless the outcome is DECLINE. ${RULES}`, {
      params: Type.Object({ a: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }), b: Type.String({ pattern: '^[A-Za-z0-9_-]{1,40}$' }) }),
      body: Target,
      response: { 200: Changed(DecisionData), ...errorReplies, 409: Stale, 424: Bad },
    }), async (request) => {
    const r = await runDecision(ctx(request), { ...request.body, ...request.params });
    return { ...r, message: `Decision: ${r.data.outcome}` };
  });

  app.post('/integration/deviation', route.credit({ application: actRule(inBody) }, 'Raise credit deviations for approval',
      'The officer\'s own deviations ({key, reason}), raised into the approval chain like RAISE_EXCEPTIONS (one EXCEPTION sub-task for the APPROVAL team, notified). Keys already open are not raised twice; 400 when all are. Needs APPLICATIONS_ACTIONS; verNum (409); audit row and worklog entry.', {
      body: Type.Object({ application_id: AppId, verNum: Target.properties.verNum, deviations: Type.Array(DeviationItem, { minItems: 1, maxItems: 20 }) }),
      response: { 200: Changed(Type.Object({ subTaskId: Type.Union([Type.String(), Type.Null()]), raised: Type.Array(DeviationItem) })), ...errorReplies, 409: Stale },
    }), async (request) => ({ ...(await raiseOfficerDeviation(ctx(request), request.body)), message: 'Deviations sent for approval' }));

  app.get('/integration/review/:application_id', route.credit({ application: staffReadRule(inParams) }, 'Credit review and disbursement of an application',
      'The latest bureau, bank-statement, net-financing and decision reports, the credit verifications, the deviations (open and closed) and the money calls with their states and history. Staff who may open the application (else the neutral 404).', {
      params: Type.Object({ application_id: AppId }),
      response: { 200: Type.Object({ data: Review }), ...errorReplies },
    }), async (request) => ({ data: await creditReview(app.db, loadedApplication(request)) }));

  app.get('/integration/review/:application_id/raw/:reportId', route.credit({ application: staffReadRule(inParams) }, 'The stored reply of a credit report',
      'The external system\'s reply as the application keeps it, as a JSON download: the fields the product uses (bureau: reference, score, accounts, enquiriesLast6Months; bank statement: transactionId, link, months, emiObligations; decision: reference, outcome, rules; net financing: the calculation), never the third party\'s body as sent. Staff who may open the application; 404 for a report of another application.', {
      params: Type.Object({ application_id: AppId, reportId: Type.String({ pattern: '^[1-9][0-9]{0,17}$' }) }),
      response: { 200: Type.String({ description: 'The reply\'s fields, as JSON' }), ...errorReplies },
    }), async (request, reply) => {
    const r = await rawReport(app.db, loadedApplication(request).application_id, request.params.reportId);
    if (!r) throw notFound('reportId', 'No such report on this application');
    return reply.type(r.mime).header('content-disposition', `attachment; filename="credit-report-${request.params.reportId}.json"`).send(r.raw);
  });
};
export default creditReviewRoutes;
