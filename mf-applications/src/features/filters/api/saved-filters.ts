import { LISTS, api, sessionStore, type ListFilter, type ListType } from '@lendline/shared';

export interface SavedFilter {
  name: string;
  filters: ListFilter[];
}

interface StoredFilter {
  name?: string;
  filterName?: string;
  body?: { filters?: ListFilter[] } | ListFilter[];
  filters?: ListFilter[];
  filter?: ListFilter[];
}

function toSaved(s: StoredFilter): SavedFilter | null {
  const name = s.name ?? s.filterName;
  const filters = s.filters ?? s.filter ?? (Array.isArray(s.body) ? s.body : s.body?.filters);
  return name && Array.isArray(filters) ? { name, filters } : null;
}

/** The user's saved filters for one list (§7 POST /backstage/getFilter {filterType, filterUser}). */
export async function fetchSavedFilters(type: ListType): Promise<SavedFilter[]> {
  const filterUser = sessionStore.getState().user?.userName;
  const reply = await api.post<{ data?: StoredFilter[] } | StoredFilter[]>(LISTS.getFilter, { filterType: type, filterUser });
  const list = Array.isArray(reply) ? reply : reply.data ?? [];
  return list.map(toSaved).filter((s): s is SavedFilter => !!s);
}

/** Saves (or replaces, by name) a filter for reuse (§7 POST /setup/save_or_update). */
export async function saveFilter(type: ListType, name: string, filters: ListFilter[]): Promise<void> {
  await api.post(LISTS.saveFilter, { filterType: type, name, filters });
}
