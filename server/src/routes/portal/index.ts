import type { FastifyPluginAsync } from 'fastify';
import portalApplications from './applications';
import portalDocuments from './documents';
import portalOtp from './otp';
import portalCalculations from './calculations';
import portalLinks from './links';
import portalPayments from './payments';
import portalExternalIntegration from './external-integration';
import portalMicroflows from './microflows';
import portalConsent from './consent';
import portalDecline from './decline';
import portalDecisionStatus from './decision-status';
import portalContinueLater from './continue-later';
import portalProductsSummary from './products-summary';
import portalParties from './parties';

/** Every route the customer portal added (registered once by app.ts). */
const portalRoutes: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  await app.register(portalApplications);
  await app.register(portalDocuments);
  await app.register(portalOtp);
  await app.register(portalCalculations);
  await app.register(portalLinks, { dataDir: opts.dataDir });
  await app.register(portalPayments);
  await app.register(portalExternalIntegration);
  await app.register(portalMicroflows);
  await app.register(portalConsent, { dataDir: opts.dataDir });
  await app.register(portalDecline);
  await app.register(portalDecisionStatus);
  await app.register(portalContinueLater, { dataDir: opts.dataDir });
  await app.register(portalProductsSummary);
  await app.register(portalParties);
};
export default portalRoutes;
