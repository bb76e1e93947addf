import pricing from './pricing';
import kfs from './kfs';
import { areaOf } from '../common/area';

/** Pricing as configuration and the Key Fact Statement (issue 27; docs/ARCHITECTURE.md "Pricing and the KFS"). */
const pricingRoutes = areaOf(
  pricing,
  kfs,
);
export default pricingRoutes;
