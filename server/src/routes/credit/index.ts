import type { FastifyPluginAsync } from 'fastify';
import { CallRunner } from '../../domain/credit/runner';
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
  const runner = new CallRunner(app.db, { tenant: opts.tenant, ...opts.jobs, log: (m) => app.log.error(m) });
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.stop());
  await app.register(review, { tenant: opts.tenant });
  await app.register(disbursement, { kick: () => runner.kick() });
  await app.register(utilities, { tenant: opts.tenant });
  await app.register(bankAccount, { tenant: opts.tenant });
  await app.register(coolingOff, { tenant: opts.tenant });
};
export default creditRoutes;
