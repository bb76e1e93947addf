import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser, staffUser } from '../../plugins/app/auth';
import { hasRole } from '../../domain/current-user';
import { forbidden } from '../../domain/errors';
import { pricingAudits, pricingOf, savePricing } from '../../domain/pricing/store';
import { errorReplies } from '../common/schemas';
import { Pricing, PricingBand, ProductCode } from './schemas';
import { route } from '../common/route';

export const PRICING_PATH = '/v3/pricing/:productCode';

/**
 * A product's pricing (issue 27). Reading is open to any session, the customer account included: it is what the
 * lender publishes (rates, fees, charges), no secret, and the portal prices the loan step from it with the shared
 * engine. Changing it is the administrator's (ADMIN role), with an audit row of before and after.
 */
const pricingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(PRICING_PATH, route.pricing(null, "A product's pricing",
      'The bands of a product: amount and tenure bounds, rate (fixed, or benchmark + spread with its reset), upfront fees ' +
        '(to the lender or a third party) and contingent charges, with the version a Key Fact Statement names. Any session ' +
        '(staff or the customer account). 404 when the product has no pricing.', {
      params: Type.Object({ productCode: ProductCode }),
      response: { 200: Type.Object({ data: Pricing }), ...errorReplies },
    }), async (request) => {
    currentUser(request);
    const p = await pricingOf(app.db, request.params.productCode);
    return { data: { productCode: p.productCode, version: p.version, bands: p.bands, updatedAt: p.updatedAt } };
  });

  app.put(PRICING_PATH, route.pricing(null, "Change a product's pricing (admin)",
      'Replaces the bands (at most 20; no two may cover the same amount and tenure), bumps the version and records the ' +
        'change (who, when, before, after) in the pricing audit. ADMIN only (403). 400/1101 naming each problem; 404 for ' +
        'an unknown product. A Key Fact Statement issued before keeps its terms; the next one prices by the new version.', {
      params: Type.Object({ productCode: ProductCode }),
      body: Type.Object({ bands: Type.Array(PricingBand, { minItems: 1, maxItems: 20 }) }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Pricing, message: Type.String() }), ...errorReplies },
    }), async (request) => {
    const user = staffUser(request);
    if (!hasRole(user, 'ADMIN')) throw forbidden('permission', 'Only an administrator may change pricing');
    const p = await app.db.transaction((tx) => savePricing(tx, request.params.productCode, request.body.bands, user.userName));
    request.log.info({ productCode: p.productCode, version: p.version }, 'pricing changed');
    return { data: { productCode: p.productCode, version: p.version, bands: p.bands, updatedAt: p.updatedAt }, message: `Pricing of ${p.productCode} saved as version ${p.version}` };
  });

  app.get('/v3/pricing/:productCode/audits', route.pricing(null, "The changes of a product's pricing (admin)",
      'The latest 50 changes, newest first: version, who, when, bands before and after. ADMIN only (403).', {
      params: Type.Object({ productCode: ProductCode }),
      response: {
        200: Type.Object({ data: Type.Array(Type.Object({ version: Type.Integer(), by: Type.String(), at: Type.String(), oldBands: Type.Union([Type.Array(PricingBand), Type.Null()]), newBands: Type.Array(PricingBand) })) }),
        ...errorReplies,
      },
    }), async (request) => {
    const user = staffUser(request);
    if (!hasRole(user, 'ADMIN')) throw forbidden('permission', 'Only an administrator may read the pricing audit');
    return { data: (await pricingAudits(app.db, request.params.productCode)) as never };
  });
};
export default pricingRoutes;
