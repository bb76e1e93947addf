import { LISTS, api, type FilterFieldType, type ListType } from '@lendline/shared';

/** One column of a list as the table config describes it (GET /backstage/getTableConfig/{id}). */
export interface TableColumn {
  key: string;
  label: string;
  type: FilterFieldType;
  filterable: boolean;
  /** Only columns the server can order by say so; the others keep the server's order (newest first). */
  sortable?: boolean;
  options?: string[];
}

/** Which §6 assignment permission codes apply on this list; null when the list offers no assignment. */
export interface AssignPermissions {
  assign: string;
  reassign: string;
  assignSelf: string;
}

export interface TableConfig {
  tableId: ListType;
  title: string;
  columns: TableColumn[];
  defaultStatus?: string;
  pageSize?: number;
  permissions: AssignPermissions | null;
  exportable?: boolean;
}

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
