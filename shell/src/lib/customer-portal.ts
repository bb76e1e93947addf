import { CONFIG, api } from '@lendline/shared';

/** Finds the customerportal address in the Environment/Domain reply, whatever wrapping it has. */
export function readCustomerPortal(reply: unknown): string | null {
  let node: unknown = reply;
  for (let depth = 0; depth < 4 && node && typeof node === 'object'; depth++) {
    const obj = (Array.isArray(node) ? node[0] : node) as Record<string, unknown> | undefined;
    if (!obj) return null;
    if (typeof obj.customerportal === 'string' && obj.customerportal) return obj.customerportal;
    node = obj.data ?? obj.config;
  }
  return null;
}

/**
 * The customer-portal route rebuilt with `search` (§2): the Environment/Domain address when set,
 * otherwise /newapplication on this origin.
 */
export async function customerPortalUrl(search: string): Promise<string> {
  let base: string | null = null;
  try {
    base = readCustomerPortal(await api.get(CONFIG.setupConfig('Environment', 'Domain'), { silent: true }));
  } catch {
    base = null;
  }
  const url = new URL(base ?? '/newapplication', location.origin);
  url.search = search;
  return url.origin === location.origin ? url.pathname + url.search : url.href;
}

export { isCustomerPath } from './customer-paths';
