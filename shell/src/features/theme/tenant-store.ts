import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface Tenant {
  id: string;
  name: string;
}

/** The tenant this browser shows; a switch is remembered across visits (localStorage). */
export const TENANT_STORAGE_KEY = 'lendline.tenant';

function storedTenant(): string | null {
  try {
    return localStorage.getItem(TENANT_STORAGE_KEY);
  } catch {
    return null;
  }
}

export const tenantStore = createStore<{ tenantId: string | null; tenants: Tenant[] }>(() => ({ tenantId: storedTenant(), tenants: [] }));

export function setTenantId(id: string): void {
  tenantStore.setState({ tenantId: id });
  try {
    localStorage.setItem(TENANT_STORAGE_KEY, id);
  } catch {
    /* the choice then lasts this page only */
  }
}

/** Query parameters that select the tenant on public setup configs (omitted: the server's default tenant). */
export function tenantQuery(): { tenant?: string } {
  const id = tenantStore.getState().tenantId;
  return id ? { tenant: id } : {};
}

export const useTenant = () => useStore(tenantStore);
