// Part of the shell's entry (main.js), which runs before Module Federation's async boundary: no
// shared singleton (@lendline/shared, zustand) may be imported here. The §7 paths come from
// shared's constants module itself, a plain module with no state.
import { CONFIG, USERS } from '../../../shared/src/paths';
import { storedTenant } from '../lib/stored-tenant';
import { isCustomerPath } from '../lib/customer-paths';
import { hasStoredSession } from '../lib/session-key';

/**
 * The public setup configs the shell reads at every start (theme, tenant list, session timings),
 * requested the moment main.js runs, side by side with the download of the shell's chunks, instead
 * of once those have arrived. None of them holds back the first paint; the theme, when it is back
 * in time, is applied before it, so the page does not flash the default colours first. On the
 * customer portal with no stored session, the built-in customer sign-in (§6) goes out too: the
 * portal's first API call waits for it.
 */
type EarlyKey = 'theme' | 'tenants' | 'session' | 'customerToken';

const pending = new Map<EarlyKey, { tenant: string | null; reply: Promise<unknown> }>();

function query(params: Record<string, string | null>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null) q.set(k, v);
  return `?${q.toString()}`;
}

/** The URLs the shell's API client asks for the same configs (no session headers: they are public). */
export function earlyUrls(tenant: string | null): Record<'theme' | 'tenants' | 'session', string> {
  return {
    theme: CONFIG.setupConfig('GLOBAL', 'Theme') + query({ isenabled: 'true', tenant }),
    tenants: CONFIG.setupConfig('GLOBAL', 'Tenants') + query({ isenabled: 'true' }),
    session: CONFIG.setupConfig('Admin', 'Session'),
  };
}

const json = (res: Response): Promise<unknown> => (res.ok ? (res.json() as Promise<unknown>) : Promise.resolve(undefined));

export function startEarlyRequests(fetchImpl: typeof fetch = (...a) => fetch(...a)): void {
  const tenant = storedTenant();
  for (const [key, url] of Object.entries(earlyUrls(tenant)) as [EarlyKey, string][]) {
    pending.set(key, { tenant, reply: fetchImpl(url, { headers: { Accept: 'application/json' } }).then(json).catch(() => undefined) });
  }
  if (isCustomerPath(location.pathname) && !hasStoredSession()) {
    // What the API client sends for api.post(USERS.tokenApiGetToken) with no body.
    const init = { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: '{}' };
    pending.set('customerToken', { tenant, reply: fetchImpl(USERS.tokenApiGetToken, init).then(json).catch(() => undefined) });
  }
}

/**
 * The early reply for `key` (once; for the theme, only if it was asked for the same tenant), or
 * undefined when there is none or it failed: the caller then asks through the API client as usual.
 */
export async function takeEarly(key: EarlyKey, tenant: string | null = null): Promise<unknown> {
  const entry = pending.get(key);
  if (!entry) return undefined;
  pending.delete(key);
  if (key === 'theme' && entry.tenant !== tenant) return undefined;
  return entry.reply;
}
