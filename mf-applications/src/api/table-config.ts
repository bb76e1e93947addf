import { LISTS, api, type ListType, type TableConfig } from '@lendline/shared';

export type { AssignPermissions, TableColumn, TableConfig } from '@lendline/shared';

/** The server may wrap replies in {data}; both forms are read the same way. */
function unwrap<T>(reply: T | { data: T }): T {
  return reply && typeof reply === 'object' && 'data' in reply && !('columns' in (reply as object)) ? (reply as { data: T }).data : (reply as T);
}

const cache = new Map<ListType, Promise<TableConfig>>();

/** Table configs change with a configuration release, not per request: one read per page load. */
export function fetchTableConfig(type: ListType): Promise<TableConfig> {
  let p = cache.get(type);
  if (!p) {
    p = api.get<TableConfig | { data: TableConfig }>(LISTS.tableConfig(type)).then(unwrap);
    p.catch(() => cache.delete(type));
    cache.set(type, p);
  }
  return p;
}

export function clearTableConfigCache(): void {
  cache.clear();
}
