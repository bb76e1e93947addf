import type { FastifyPluginAsync } from 'fastify';
import portalApplications from './portal-applications';
import portalDocuments from './portal-documents';
import portalOtp from './portal-otp';
import portalCalculations from './portal-calculations';

/** Every route the customer portal added (one registration in app.ts, so that file changes by one line). */
const portalRoutes: FastifyPluginAsync<{ dataDir: string }> = async (app, opts) => {
  await app.register(portalApplications);
  await app.register(portalDocuments, { dataDir: opts.dataDir });
  await app.register(portalOtp);
  await app.register(portalCalculations);
};
export default portalRoutes;
