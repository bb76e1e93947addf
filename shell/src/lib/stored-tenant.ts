/**
 * The tenant this browser shows; a switch is remembered across visits (localStorage). Free of
 * shared singletons, so the shell's entry can read it before Module Federation's async boundary.
 * Applicants get no tenant picker (issue 28): the lender's address carries it (?tenant=northbank on a
 * customer link or page), which wins over and replaces what this browser remembered.
 */
export const TENANT_STORAGE_KEY = 'lendline.tenant';

const TENANT_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

export function storedTenant(): string | null {
  try {
    const fromAddress = typeof location !== 'undefined' ? new URLSearchParams(location.search).get('tenant') : null;
    if (fromAddress && TENANT_ID.test(fromAddress)) {
      localStorage.setItem(TENANT_STORAGE_KEY, fromAddress);
      return fromAddress;
    }
    return localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}
