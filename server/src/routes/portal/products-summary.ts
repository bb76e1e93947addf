import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { validationFailed } from '../../domain/errors';
import { knownTenants } from '../../domain/setup/setup-configs';
import { EMPLOYMENT_KINDS, productsSummary } from '../../domain/portal/products-summary';
import { errorReplies } from '../common/schemas';
import { PricingBand } from '../pricing/schemas';
import { route } from '../common/route';

export const PRODUCTS_SUMMARY_PATH = '/v3/portal/products';

/** How long a browser or a proxy may keep the summary: a pricing or configuration edit shows within this time. */
export const PRODUCTS_SUMMARY_MAX_AGE_S = 300;

const Money = Type.Number({ minimum: 0, maximum: 9999999999.99 });
const Range = (what: string, value: typeof Money | ReturnType<typeof Type.Integer>) => Type.Union([Type.Object({ min: value, max: value }), Type.Null()], { description: what });
const Months = Type.Integer({ minimum: 1, maximum: 600 });
const Short = (maxLength: number) => Type.String({ maxLength });

const Summary = Type.Object({
  productCode: Short(20),
  name: Short(200),
  description: Short(2000),
  maximumJointApplicants: Type.Integer({ minimum: 0, maximum: 99 }),
  currency: Short(3),
  amount: Range('The loan amounts the product lends, from its configuration; null when it names none', Money),
  tenureMonths: Range('The tenures in months, from its configuration (the shortest from its pricing when the configuration names none)', Months),
  rate: Type.Union([
    Type.Object({ minPercent: Type.Number({ minimum: 0, maximum: 99.99 }), maxPercent: Type.Number({ minimum: 0, maximum: 99.99 }), floating: Type.Boolean() }),
    Type.Null(),
  ], { description: 'The yearly rates its pricing charges today (indicative); null without pricing' }),
  eligibility: Type.Union([
    Type.Object({
      minAgeYears: Type.Integer({ minimum: 0, maximum: 120 }),
      maxAgeYears: Type.Integer({ minimum: 0, maximum: 120, description: 'Age by the end of the loan' }),
      employment: Type.Array(Type.Union(EMPLOYMENT_KINDS.map((k) => Type.Literal(k))), { maxItems: EMPLOYMENT_KINDS.length }),
      minMonthlyIncome: Type.Optional(Money),
      minAnnualTurnover: Type.Optional(Money),
      minYearsInBusiness: Type.Optional(Type.Integer({ minimum: 0, maximum: 100 })),
    }),
    Type.Null(),
  ], { description: 'Who can apply, from its configuration (productParameters.eligibility); null when it states none' }),
  documents: Type.Array(Type.Object({ key: Short(100), label: Short(200), required: Type.Boolean() }), { maxItems: 50, description: "The upload fields of the product's flow, labelled in lang" }),
  bands: Type.Array(PricingBand, { maxItems: 20, description: 'Its pricing bands, for the EMI calculator (the shared pricing engine)' }),
});

/**
 * GET /v3/portal/products (issue 28): what the portal's landing page shows to help choose a loan, in one request and
 * before anyone signs in — public, cached, and naming nothing internal. The catalogue is the deployment's (products,
 * their configuration and pricing are not per tenant); the tenant is still part of the address, so a cache keeps each
 * tenant's copy apart, and an unknown one is refused.
 */
const productsSummaryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(PRODUCTS_SUMMARY_PATH, route.portal({ public: true }, 'The products, to choose one (public)',
      'Each enabled product in the lender\'s order: name, description, amount and tenure ranges, the indicative yearly rate range ' +
        'of its pricing, who can apply (age, employment, income), the documents its flow asks for (labels in ?lang=en|hi) and its ' +
        `pricing bands (the EMI calculator prices by them with the shared engine). Public: needs no session; cacheable for ${PRODUCTS_SUMMARY_MAX_AGE_S} s. ` +
        '400/1101 for an unknown tenant or language.', {
      security: [],
      querystring: Type.Object({
        lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('hi')], { description: 'The language of the document labels; en by default' })),
        tenant: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{1,40}$', maxLength: 40, description: 'A tenant of GLOBAL/Tenants; DEFAULT_TENANT when absent' })),
      }, { additionalProperties: false }),
      response: { 200: Type.Object({ data: Type.Array(Summary, { maxItems: 100 }) }), ...errorReplies },
    }), async (request, reply) => {
    const { lang = 'en', tenant } = request.query;
    if (tenant && !(await knownTenants(app.db)).some((t) => t.id === tenant)) throw validationFailed([{ label: 'querystring.tenant', reason: `${tenant} is not a known tenant` }]);
    const data = await productsSummary(app.db, lang);
    reply.header('cache-control', `public, max-age=${PRODUCTS_SUMMARY_MAX_AGE_S}`);
    return { data: data as never };
  });
};
export default productsSummaryRoutes;
