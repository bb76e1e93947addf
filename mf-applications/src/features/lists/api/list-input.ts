import type { ApplicationStatus, ListType } from '@lendline/shared';
import type { ApplicationsInput } from './applications-query';
import type { TableConfig } from './table-config';
import type { ListNarrowing } from '../hooks/list-filter-store';
import { effectivePageSize, type ListViewPrefs } from '../hooks/list-view-store';

/** Closed lists read their own status when the table config does not say. */
const STATUS_OF: Partial<Record<ListType, ApplicationStatus>> = { REJECTED: 'REJECTED', CANCELLED: 'CANCELLED' };

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
  if (prefs.sort) input.sort = prefs.sort;
  if (narrowing.searchText?.trim()) input.searchText = narrowing.searchText.trim();
  return input;
}
