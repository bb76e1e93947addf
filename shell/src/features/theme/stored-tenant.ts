/**
 * The tenant this browser shows; a switch is remembered across visits (localStorage). Free of
 * shared singletons, so the shell's entry can read it before Module Federation's async boundary.
 */
export const TENANT_STORAGE_KEY = 'lendline.tenant';

export function storedTenant(): string | null {
  try {
    return localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}
