import { DEFAULT_CONFIG, SYSTEMS, type CreditSystem, type SystemConfig } from '../../adapters/credit';
import type { Queryable } from '../../db/db';
import { checkResolvedDestination, OutboundRefused } from '../outbound-guard';
import { findSetupConfig } from '../setup/setup-configs';
import { refused } from '../errors';
import { namedSecret } from '../../config/call-time';

/** Setup-config category of the external systems: one row per tenant and system (ExternalAPI/<system>). */
export const CONFIG_CATEGORY = 'ExternalAPI';
const ENV_NAME = /^[A-Z][A-Z0-9_]{2,63}$/;

/** A stored config merged over the defaults; anything out of bounds falls back to the default (never trusted raw). */
export function parseConfig(stored: Record<string, unknown> | undefined): SystemConfig {
  const s = stored ?? {};
  const int = (k: keyof SystemConfig, min: number, max: number) => {
    const v = s[k];
    return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max ? v : (DEFAULT_CONFIG[k] as number);
  };
  return {
    mode: s.mode === 'http' ? 'http' : 'sandbox',
    ...(typeof s.baseUrl === 'string' && /^https?:\/\/[^\s]{1,300}$/.test(s.baseUrl) ? { baseUrl: s.baseUrl } : {}),
    timeoutMs: int('timeoutMs', 100, 60000),
    retries: int('retries', 0, 5),
    backoffMs: int('backoffMs', 0, 10000),
    breakerFailures: int('breakerFailures', 1, 100),
    breakerResetMs: int('breakerResetMs', 1000, 600000),
    ...(typeof s.credentialEnv === 'string' && ENV_NAME.test(s.credentialEnv) ? { credentialEnv: s.credentialEnv } : {}),
    ...(typeof s.sandboxLatencyMs === 'number' && Number.isInteger(s.sandboxLatencyMs) && s.sandboxLatencyMs > 0 && s.sandboxLatencyMs <= 10000 ? { sandboxLatencyMs: s.sandboxLatencyMs } : {}),
  };
}

export async function systemConfig(q: Queryable, tenant: string, system: CreditSystem): Promise<SystemConfig> {
  const row = await findSetupConfig(q, { category: CONFIG_CATEGORY, subCategory: system, tenant, onlyEnabled: true });
  return parseConfig(row?.config);
}

/** What POST /externalAPI/configs shows: the settings, and whether the credential variable is set — never its value. */
export async function listConfigs(q: Queryable, tenant: string) {
  return Promise.all(SYSTEMS.map(async (system) => {
    const c = await systemConfig(q, tenant, system);
    return { system, ...c, credential: c.credentialEnv ? (namedSecret(c.credentialEnv) ? 'set' : 'missing') : 'none' } as const;
  }));
}

/**
 * The outbound guard at configuration time: a baseUrl the server would refuse to call (internal address, other port,
 * other scheme, credentials in it, a name resolving to an internal address now) is refused when it is set, with the
 * reason. The addresses are checked again at each call, where the connection is made: DNS may change.
 */
async function assertAllowedBaseUrl(baseUrl: string) {
  try {
    await checkResolvedDestination(baseUrl);
  } catch (e) {
    if (e instanceof OutboundRefused) throw refused('config.baseUrl', `This baseUrl is not allowed: ${e.reason}`);
    throw e;
  }
}

/**
 * Stores a tenant's config for one system (admin). A credential is refused outright: the config names the environment
 * variable that holds it (credentialEnv), so no secret is ever written to the database, the repository or a log.
 */
export async function saveConfig(q: Queryable, tenant: string, system: CreditSystem, input: Record<string, unknown>) {
  if (input.mode === 'http' && (typeof input.baseUrl !== 'string' || !/^https?:\/\//.test(input.baseUrl))) throw refused('config.baseUrl', 'The http adapter needs a baseUrl (http:// or https://)');
  if (typeof input.baseUrl === 'string') await assertAllowedBaseUrl(input.baseUrl);
  if (input.credentialEnv !== undefined && (typeof input.credentialEnv !== 'string' || !ENV_NAME.test(input.credentialEnv))) {
    throw refused('config.credentialEnv', 'credentialEnv is the NAME of an environment variable (A-Z, 0-9, _), not the credential');
  }
  const config = parseConfig(input);
  await q.query(
    `INSERT INTO setup_configs (category, sub_category, tenant, config) VALUES ($1, $2, $3, $4)
       ON CONFLICT (category, sub_category, tenant, product_code, ver_num, mode) DO UPDATE SET config = EXCLUDED.config, enabled = true, updated_at = now()`,
    [CONFIG_CATEGORY, system, tenant, JSON.stringify(config)],
  );
  return config;
}
