import type { FastifyPluginAsync } from 'fastify';
import portalApplications from '../portal-applications';
import portalDocuments from '../portal-documents';
import portalOtp from '../portal-otp';
import portalCalculations from '../portal-calculations';
import portalLinks from '../portal-links';
import portalPayments from '../portal-payments';
import portalExternalIntegration from '../portal-external-integration';
import portalMicroflows from '../portal-microflows';

/** Every route the customer portal added (registered once by app.ts). */
const portalRoutes: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  await app.register(portalApplications);
  await app.register(portalDocuments, { dataDir: opts.dataDir });
  await app.register(portalOtp);
  await app.register(portalCalculations);
  await app.register(portalLinks, { dataDir: opts.dataDir });
  await app.register(portalPayments);
  await app.register(portalExternalIntegration);
  await app.register(portalMicroflows);
};
export default portalRoutes;
