import type { FastifyPluginAsync } from 'fastify';
import pricing from './pricing';
import kfs from './kfs';

/** Pricing as configuration and the Key Fact Statement (issue 27; docs/ARCHITECTURE.md "Pricing and the KFS"). */
const pricingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(pricing);
  await app.register(kfs);
};
export default pricingRoutes;
