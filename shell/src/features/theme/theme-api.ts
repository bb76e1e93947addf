import { CONFIG, api, type ThemeInput } from '@lendline/shared';
import { tenantQuery, tenantStore, type Tenant } from '../../lib/tenant-store';
import { takeEarly } from '../../boot/early-requests';

/**
 * Finds the §3 theme colours in a setup-config reply. The colours may come bare, under data,
 * config or globalcolorSchemes (GET /v3/setup_configs/{productCode}), or as the first row of a list.
 */
export function findTheme(reply: unknown, depth = 0): ThemeInput | null {
  if (!reply || typeof reply !== 'object' || depth > 4) return null;
  if (Array.isArray(reply)) return findTheme(reply[0], depth + 1);
  const obj = reply as Record<string, unknown>;
  if (typeof obj.primaryColor === 'string') {
    const style = obj.styleTheme as { fontFamily?: unknown } | undefined;
    const fontFamily = typeof obj.fontFamily === 'string' ? obj.fontFamily : typeof style?.fontFamily === 'string' ? style.fontFamily : undefined;
    return { ...(obj as ThemeInput), fontFamily };
  }
  for (const key of ['globalcolorSchemes', 'data', 'config', 'theme']) {
    const found = findTheme(obj[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** GET /setup/configs/GLOBAL/Theme for the selected tenant (public, docs/identity.md). */
export async function fetchTenantTheme(): Promise<ThemeInput | null> {
  const query = { isenabled: true, ...tenantQuery() };
  const reply = (await takeEarly('theme', query.tenant ?? null)) ?? (await api.get(CONFIG.setupConfig('GLOBAL', 'Theme'), { query, silent: true }));
  return findTheme(reply);
}

function findTenants(reply: unknown, depth = 0): Tenant[] {
  if (!reply || typeof reply !== 'object' || depth > 4) return [];
  if (Array.isArray(reply)) {
    const list = reply.filter((t): t is Tenant => !!t && typeof t.id === 'string' && typeof t.name === 'string');
    return list.length ? list : findTenants(reply[0], depth + 1);
  }
  const obj = reply as Record<string, unknown>;
  for (const key of ['tenants', 'data', 'config']) {
    const found = findTenants(obj[key], depth + 1);
    if (found.length) return found;
  }
  return [];
}

/** The tenants the switch offers (GLOBAL/Tenants). Without an answer the switch stays hidden. */
export async function loadTenants(): Promise<void> {
  try {
    const reply = (await takeEarly('tenants')) ?? (await api.get(CONFIG.setupConfig('GLOBAL', 'Tenants'), { query: { isenabled: true }, silent: true }));
    const tenants = findTenants(reply);
    if (tenants.length) tenantStore.setState({ tenants });
  } catch {
    /* not published to this caller: no switch */
  }
}
