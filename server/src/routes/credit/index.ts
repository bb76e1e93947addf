import type { FastifyPluginAsync } from 'fastify';
import { CallRunner } from '../../domain/credit/runner';
import { stpJobHandler } from '../../domain/stp/jobs';
import { stpKicks, stpSettings, sweepRuns } from '../../domain/stp/sweep';
import { sendMissedLoanDocuments, sendSignedDocuments } from '../../domain/loan-documents/send';
import review from './review';
import disbursement from './disbursement';
import utilities from './utilities';
import bankAccount from './bank-account';
import coolingOff from './cooling-off';

export interface CreditOptions {
  /** The tenant whose ExternalAPI configs choose the adapters (DEFAULT_TENANT). */
  tenant: string;
  jobs: { pollMs: number; leaseMs: number; maxAttempts: number };
}

/**
 * Credit review and disbursement (§7 Other; docs/ARCHITECTURE.md "Credit and disbursement"): the routes, and the
 * runner of the money-call queue, started when the server is ready and stopped (after its call in flight is
 * committed) when it closes.
 */
const creditRoutes: FastifyPluginAsync<CreditOptions> = async (app, opts) => {
  // Loan documents to the borrower (issue 27): once core banking confirms the loan, the signed documents are e-mailed.
  const documents = { db: app.db, files: app.files, notifier: app.notifier };
  const sendDocuments = (applicationId: string) =>
    sendSignedDocuments(documents, applicationId, 'loan created').catch((e: Error) => app.log.error({ applicationId, err: e.message }, 'signed loan documents not sent; tried again at the next start'));
  // Straight-through processing (domain/stp): its steps are jobs of this same queue, run as the system user.
  stpSettings.tenant = opts.tenant;
  const stp = stpJobHandler({ db: app.db, tenant: opts.tenant, files: app.files, notifier: app.notifier, maxAttempts: opts.jobs.maxAttempts, log: (m) => app.log.warn(m) });
  const runner = new CallRunner(app.db, {
    tenant: opts.tenant, ...opts.jobs, log: (m) => app.log.error(m),
    onConfirmed: (call) => void (call.operation === 'LOAN_CREATION' && sendDocuments(call.application_id)),
    jobs: { STP_BUREAU: stp, STP_BANK_STATEMENT: stp, STP_DECISION: stp, STP_OFFER: stp },
  });
  const kick = () => runner.kick();
  app.addHook('onReady', async () => {
    // Unfinished chains first (a run whose step has no job), then the queue as always.
    const picked = await sweepRuns(app.db);
    if (picked) app.log.info({ picked }, 'straight-through: unfinished runs picked up at start');
    stpKicks.on('submitted', kick);
    await runner.start();
    void sendMissedLoanDocuments(documents).catch((e: Error) => app.log.error({ err: e.message }, 'signed loan documents: the start-up sweep failed'));
  });
  app.addHook('onClose', () => {
    stpKicks.off('submitted', kick);
    return runner.stop();
  });
  await app.register(review, { tenant: opts.tenant });
  await app.register(disbursement, { kick: () => runner.kick() });
  await app.register(utilities, { tenant: opts.tenant });
  await app.register(bankAccount, { tenant: opts.tenant });
  await app.register(coolingOff, { tenant: opts.tenant });
};
export default creditRoutes;
