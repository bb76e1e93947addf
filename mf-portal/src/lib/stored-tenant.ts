const TENANT_STORAGE_KEY = 'lendline.tenant';

/** The tenant the address chose (the shell remembers `?tenant=` like a switch), or null for the deployment's default. */
export function storedTenant(): string | null {
  try {
    const id = localStorage.getItem(TENANT_STORAGE_KEY);
    return id && /^[a-z0-9-]{1,40}$/.test(id) ? id : null;
  } catch {
    return null;
  }
}
