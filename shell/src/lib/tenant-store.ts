import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { TENANT_STORAGE_KEY, storedTenant } from './stored-tenant';

export interface Tenant {
  id: string;
  name: string;
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
