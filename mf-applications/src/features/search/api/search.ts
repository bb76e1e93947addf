import { GLOBAL_SEARCH_PAGE_SIZE, LISTS, api, type ListPageInfo } from '@lendline/shared';
import { normalise, type ApplicationsInput, type ApplicationsResult, type ListRow } from '../../../api/applications-query';

/** §3 global search default fields: what each hit shows. */
export const GLOBAL_SEARCH_FIELDS = ['application_id', '_applicationStatus', 'initiatedBy', 'cre_time'] as const;

export interface GlobalSearchResult {
  data: ListRow[];
  pageInfo: ListPageInfo;
}

/** Searches every application the user may see by id or applicant name (§9: 10 a page, keyset cursor). */
export async function globalSearch(searchText: string, cursor: string | null, signal?: AbortSignal): Promise<GlobalSearchResult> {
  const reply = await api.post<{ data?: ListRow[]; pageInfo?: ListPageInfo }>(
    LISTS.globalSearch,
    { searchText, fields: GLOBAL_SEARCH_FIELDS, pagination: { pageSize: GLOBAL_SEARCH_PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
    { signal },
  );
  return { data: reply.data ?? [], pageInfo: reply.pageInfo ?? { pageSize: GLOBAL_SEARCH_PAGE_SIZE, hasMore: false, nextCursor: null } };
}

/** Searches within one list: the same query as the list's, narrowed by the text (§7 localSearch). */
export async function localSearch(input: ApplicationsInput & { searchText: string }, signal?: AbortSignal): Promise<ApplicationsResult> {
  const reply = await api.post<Partial<ApplicationsResult>>(LISTS.localSearch, input, { signal });
  return normalise(reply);
}
