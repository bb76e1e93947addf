import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { IdentityEnv } from '../../config/env';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { HttpError, validationFailed } from '../../domain/errors';
import { findSetupConfig, knownTenants, type SetupConfigRow } from '../../domain/setup/setup-configs';
import { productExists } from '../../domain/config/products';
import { errorReplies, Json } from '../common/schemas';
import { ENCRYPTED_REPLY, SetupConfigMeta } from './schemas';
import { route } from '../common/route';

/** Setup configs the login page and the customer portal read before anyone is logged in. */
const PUBLIC_CONFIGS = new Set(['Environment/Domain', 'Analytics/Google Recaptcha', 'Admin/Session', 'GLOBAL/Theme', 'GLOBAL/Tenants', 'GLOBAL/GrievanceOfficer']);

const Name = Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_ -]+$' });
const Tenant = Type.String({ pattern: '^[a-z0-9-]{1,40}$', description: 'A tenant of GLOBAL/Tenants; DEFAULT_TENANT when absent' });
const Query = Type.Object({
  isenabled: Type.Optional(Type.Boolean({ description: 'true: a switched-off config answers data null, enabled false' })),
  configId: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  tenant: Type.Optional(Tenant),
  productCode: Type.Optional(Type.String({ maxLength: 40 })),
});

/** Runs before validation (authentication decides on it), so the params are read as the router parsed them. */
function isPublicConfig(request: FastifyRequest): boolean {
  const params: unknown = request.params;
  if (!params || typeof params !== 'object' || !('a' in params) || !('b' in params)) return false;
  return PUBLIC_CONFIGS.has(`${params.a}/${params.b}`);
}

const BundleEntry = (what: string) => Json(`${what}: the config with its "enabled" flag, or null when none is stored`);

/**
 * §7 setup configs, stored as rows per tenant (GLOBAL/Tenants lists them; ?tenant= picks one,
 * DEFAULT_TENANT otherwise):
 * - GET /setup/configs/{a}/{b}?isenabled=true | ?configId= → { data: config, configId, … }
 * - GET /v3/setup_configs/{productCode} → { data: { adminFeatures, userExperienceStaticText, … } }
 * Admin/Session comes from the environment; Environment/Domain defaults to this origin.
 */
const setupConfigs: FastifyPluginAsyncTypebox<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const env = opts.identity;

  async function tenantOf(asked: string | undefined): Promise<string> {
    if (!asked) return env.defaultTenant;
    if (!(await knownTenants(app.db)).some((t) => t.id === asked)) throw validationFailed([{ label: 'querystring.tenant', reason: `${asked} is not a known tenant` }]);
    return asked;
  }

  const originOf = (request: FastifyRequest) => env.publicUrl ?? `${request.protocol}://${request.host}`;

  /** Values computed at read time: the customer-portal address unless one is stored. */
  function resolved(row: SetupConfigRow, request: FastifyRequest): Record<string, unknown> {
    if (row.category === 'Environment' && row.subCategory === 'Domain' && !row.config.customerportal) {
      return { ...row.config, customerportal: `${originOf(request)}/newapplication` };
    }
    return row.config;
  }

  app.get(
    '/setup/configs/:a/:b',
    route.platform({ public: isPublicConfig }, 'One setup config (category/subCategory) of a tenant',
      'The SAVED setup config of category {a} and sub-category {b} for the tenant (?tenant=, DEFAULT_TENANT otherwise): the tenant\'s own row wins over the shared one, a product\'s (?productCode=) over the general one. ' +
        'Public without a session: Environment/Domain, Analytics/Google Recaptcha, Admin/Session, GLOBAL/Theme, GLOBAL/Tenants, GLOBAL/GrievanceOfficer (name, phone, email: shown on every portal page); any other needs a session (401). ' +
        'Admin/Session answers only { data: the session timings of §9 }. With ?isenabled=true a switched-off config answers 200 { data: null, enabled: false }. ' +
        '400/1101 for an unknown tenant; 404 when no such config (or ?configId=) exists. ' +
        `Encrypted except GLOBAL/*, User/*, Analytics/*, Chat/*, Admin/Features, Admin/Session and Environment/Domain: ${ENCRYPTED_REPLY}`, {
      params: Type.Object({ a: Name, b: Name }),
      querystring: Query,
      response: {
          200: Type.Object({
            data: Json('The config (free-form per category); Admin/Session: { validSessionTime, warningBeforeSeconds, warningMinExpiresIn, questionTimeoutMs, activityRefreshSeconds }; null when switched off and ?isenabled=true'),
            ...SetupConfigMeta,
          }),
          ...errorReplies,
        },
    }),
    async (request) => {
      const { a, b } = request.params;
      const q = request.query;
      if (a === 'Admin' && b === 'Session') {
        return {
          data: {
            validSessionTime: env.sessionTtlSeconds,
            warningBeforeSeconds: env.sessionWarningBeforeSeconds,
            warningMinExpiresIn: env.sessionWarningMinSeconds,
            questionTimeoutMs: env.sessionQuestionTimeoutMs,
            activityRefreshSeconds: env.sessionActivityRefreshSeconds,
          },
        };
      }
      const tenant = await tenantOf(q.tenant);
      const row = await findSetupConfig(app.db, { category: a, subCategory: b, tenant, productCode: q.productCode, onlyEnabled: q.isenabled, configId: q.configId });
      if (!row) {
        // ?isenabled=true on a config that exists but is switched off is an answer, not a missing
        // resource: "off" (a 404 would also be logged as an error by every browser that asks).
        const off = q.isenabled ? await findSetupConfig(app.db, { category: a, subCategory: b, tenant, productCode: q.productCode, configId: q.configId }) : null;
        if (off) {
          const { config: _off, ...offMeta } = off;
          return { data: null, ...offMeta, enabled: false };
        }
        throw new HttpError(404, { code: 404, message: `Setup config ${a}/${b} not found` });
      }
      const { config: _config, ...meta } = row;
      return { data: resolved(row, request), ...meta };
    },
  );

  app.get(
    '/v3/setup_configs/:productCode',
    route.platform(null, 'The setup configs of a product, bundled',
      'Admin features, static texts, colour scheme, chat bot, product parameters, analytics and the Google configs (reCAPTCHA, Places) of the product for the tenant (?tenant=, DEFAULT_TENANT otherwise), each with its enabled flag, or null when none is stored. ' +
        'Needs a session. 400/1101 for an unknown tenant; 404 for an unknown product.', {
      params: Type.Object({ productCode: Type.String({ minLength: 1, maxLength: 40 }) }),
      querystring: Type.Object({ tenant: Type.Optional(Tenant) }),
      response: {
          200: Type.Object({
            data: Type.Object({
              adminFeatures: BundleEntry('Admin/Features'),
              userExperienceStaticText: BundleEntry('User/StaticText'),
              globalcolorSchemes: BundleEntry('GLOBAL/Theme'),
              chatBotChatBot: BundleEntry('Chat/ChatBot'),
              productParameters: BundleEntry('Product/Parameters'),
              analyticsConfigurations: BundleEntry('Analytics/Configurations'),
              analyticsGoogle: Type.Object({ recaptcha: BundleEntry('Analytics/Google Recaptcha'), places: BundleEntry('Analytics/Google Places') }),
            }),
            tenant: Type.String(),
            productCode: Type.String(),
          }),
          ...errorReplies,
        },
    }),
    async (request) => {
      const { productCode } = request.params;
      if (!(await productExists(app.db, productCode))) throw new HttpError(404, { code: 404, message: `Product ${productCode} not found` });
      const tenant = await tenantOf(request.query.tenant);
      // Each entry: the config with its enabled flag, or null when none is stored.
      const read = async (category: string, subCategory: string) => {
        const row = await findSetupConfig(app.db, { category, subCategory, tenant, productCode });
        return row ? { enabled: row.enabled, ...resolved(row, request) } : null;
      };
      const data = {
        adminFeatures: await read('Admin', 'Features'),
        userExperienceStaticText: await read('User', 'StaticText'),
        globalcolorSchemes: await read('GLOBAL', 'Theme'),
        chatBotChatBot: await read('Chat', 'ChatBot'),
        productParameters: await read('Product', 'Parameters'),
        analyticsConfigurations: await read('Analytics', 'Configurations'),
        analyticsGoogle: { recaptcha: await read('Analytics', 'Google Recaptcha'), places: await read('Analytics', 'Google Places') },
      };
      return { data, tenant, productCode };
    },
  );
};
export default setupConfigs;
