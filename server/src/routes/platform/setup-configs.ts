import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { IdentityEnv } from '../../env';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { HttpError, validationFailed } from '../../domain/errors';
import { findSetupConfig, knownTenants, type SetupConfigRow } from '../../domain/setup/setup-configs';

/** Setup configs the login page and the customer portal read before anyone is logged in. */
const PUBLIC_CONFIGS = new Set(['Environment/Domain', 'Analytics/Google Recaptcha', 'Admin/Session', 'GLOBAL/Theme', 'GLOBAL/Tenants']);

const Name = Type.String({ minLength: 1, maxLength: 60, pattern: '^[A-Za-z0-9_ -]+$' });
const Tenant = Type.String({ pattern: '^[a-z0-9-]{1,40}$' });
const Query = Type.Object({
  isenabled: Type.Optional(Type.Boolean()),
  configId: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  tenant: Type.Optional(Tenant),
  productCode: Type.Optional(Type.String({ maxLength: 40 })),
});

function isPublicConfig(request: FastifyRequest): boolean {
  const { a, b } = (request.params ?? {}) as { a?: string; b?: string };
  return PUBLIC_CONFIGS.has(`${a}/${b}`);
}

/**
 * §7 setup configs, stored as rows per tenant (GLOBAL/Tenants lists them; ?tenant= picks one,
 * DEFAULT_TENANT otherwise):
 * - GET /setup/configs/{a}/{b}?isenabled=true | ?configId= → { data: config, configId, … }
 * - GET /v3/setup_configs/{productCode} → { data: { adminFeatures, userExperienceStaticText, … } }
 * Admin/Session comes from the environment; Environment/Domain defaults to this origin.
 */
const setupConfigs: FastifyPluginAsync<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const env = opts.identity;

  async function tenantOf(request: FastifyRequest): Promise<string> {
    const asked = (request.query as { tenant?: string }).tenant;
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
    { schema: { params: Type.Object({ a: Name, b: Name }), querystring: Query }, config: { public: isPublicConfig } },
    async (request) => {
      const { a, b } = request.params as { a: string; b: string };
      const q = request.query as { isenabled?: boolean; configId?: string; productCode?: string };
      if (a === 'Admin' && b === 'Session') {
        return {
          data: {
            validSessionTime: env.sessionTtlSeconds,
            warningBeforeSeconds: env.sessionWarningBeforeSeconds,
            warningMinExpiresIn: env.sessionWarningMinSeconds,
            questionTimeoutMs: env.sessionQuestionTimeoutMs,
          },
        };
      }
      const tenant = await tenantOf(request);
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

  const BUNDLE: Record<string, [string, string]> = {
    adminFeatures: ['Admin', 'Features'],
    userExperienceStaticText: ['User', 'StaticText'],
    globalcolorSchemes: ['GLOBAL', 'Theme'],
    chatBotChatBot: ['Chat', 'ChatBot'],
    productParameters: ['Product', 'Parameters'],
    analyticsConfigurations: ['Analytics', 'Configurations'],
  };

  app.get(
    '/v3/setup_configs/:productCode',
    { schema: { params: Type.Object({ productCode: Type.String({ minLength: 1, maxLength: 40 }) }), querystring: Type.Object({ tenant: Type.Optional(Tenant) }) } },
    async (request) => {
      const { productCode } = request.params as { productCode: string };
      const { rows } = await app.db.query('SELECT 1 FROM products WHERE product_code = $1', [productCode]);
      if (!rows.length) throw new HttpError(404, { code: 404, message: `Product ${productCode} not found` });
      const tenant = await tenantOf(request);
      // Each entry: the config with its enabled flag, or null when none is stored.
      const read = async (category: string, subCategory: string) => {
        const row = await findSetupConfig(app.db, { category, subCategory, tenant, productCode });
        return row ? { enabled: row.enabled, ...resolved(row, request) } : null;
      };
      const data: Record<string, unknown> = {};
      for (const [key, [a, b]] of Object.entries(BUNDLE)) data[key] = await read(a, b);
      data.analyticsGoogle = { recaptcha: await read('Analytics', 'Google Recaptcha'), places: await read('Analytics', 'Google Places') };
      return { data, tenant, productCode };
    },
  );
};
export default setupConfigs;
