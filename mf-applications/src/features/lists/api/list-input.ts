import type { ApplicationStatus, ListType } from '@lendline/shared';
import type { ApplicationsInput, ServerSort, SortSpec } from '../../../api/applications-query';
import type { TableConfig } from '../../../api/table-config';
import { sortFieldOf } from '../../../api/column-fields';
import type { ListNarrowing } from '../hooks/list-filter-store';
import { effectivePageSize, type ListViewPrefs } from '../hooks/list-view-store';

/** Closed lists read their own status when the table config does not say. */
const STATUS_OF: Partial<Record<ListType, ApplicationStatus>> = { REJECTED: 'REJECTED', CANCELLED: 'CANCELLED' };

/**
 * The user's sort as the server takes it: the column's sort field (a remembered sort on a column
 * the table config no longer offers for sorting is dropped) and the order in lower case.
 */
export function serverSort(sort: SortSpec | null, config: TableConfig | null): ServerSort | null {
  if (!sort) return null;
  const col = config?.columns.find((c) => c.key === sort.field);
  if (config && !col?.sortable) return null;
  return { field: col ? sortFieldOf(col) : sort.field, order: sort.order === 'DESC' ? 'desc' : 'asc' };
}

/**
 * The §3 list query for one page. Who the list is for (my, team, all) is decided by the server
 * from queryType and the session, so the client cannot widen its own scope by sending userIds.
 */
export function buildListInput(type: ListType, config: TableConfig | null, prefs: ListViewPrefs, narrowing: ListNarrowing, page: number, cursor: string | null): ApplicationsInput {
  const status = (config?.defaultStatus as ApplicationStatus | undefined) ?? STATUS_OF[type] ?? 'ACTIVE';
  const input: ApplicationsInput = {
    queryType: type,
    _applicationStatus: [status],
    pagination: { pageSize: effectivePageSize(prefs), page, ...(cursor ? { cursor } : {}) },
  };
  if (narrowing.filters.length) input.filter = narrowing.filters;
  if (narrowing.stepName) input.stepName = narrowing.stepName;
  if (narrowing.taskName) input.taskName = narrowing.taskName;
  if (narrowing.verNum != null) input._verNum = narrowing.verNum;
  const sort = serverSort(prefs.sort, config);
  if (sort) input.sort = sort;
  if (narrowing.searchText?.trim()) input.searchText = narrowing.searchText.trim();
  // Drafts are listed apart from the work, and only where a list shows every application of the branches.
  if (narrowing.drafts && type === 'ALL_APPLICATIONS') input.drafts = true;
  return input;
}
