import { GLOBAL_SEARCH_PAGE_SIZE, LISTS, api } from '@lendline/shared';
import { normalise, type ApplicationsInput, type ApplicationsResult, type ListRow } from '../../lists/api/applications-query';

/** §3 global search default fields: what each hit shows. */
export const GLOBAL_SEARCH_FIELDS = ['application_id', '_applicationStatus', 'initiatedBy', 'cre_time'] as const;

export interface GlobalSearchResult {
  data: ListRow[];
  count: number;
}

/** Searches every application the user may see by id or applicant name (§9: page size 10). */
export async function globalSearch(searchText: string, page: number, signal?: AbortSignal): Promise<GlobalSearchResult> {
  const reply = await api.post<Partial<GlobalSearchResult> & { data?: ListRow[] }>(
    LISTS.globalSearch,
    { searchText, fields: GLOBAL_SEARCH_FIELDS, pagination: { pageSize: GLOBAL_SEARCH_PAGE_SIZE, page } },
    { signal },
  );
  return { data: reply.data ?? [], count: reply.count ?? reply.data?.length ?? 0 };
}

/** Searches within one list: the same query as the list's, narrowed by the text (§7 localSearch). */
export async function localSearch(input: ApplicationsInput & { searchText: string }, signal?: AbortSignal): Promise<ApplicationsResult> {
  const reply = await api.post<Partial<ApplicationsResult> | { data: { applications: ApplicationsResult } }>(LISTS.localSearch, input, { encrypt: true, signal });
  const r = reply as { data?: unknown };
  const wrapped = r.data && !Array.isArray(r.data) && typeof r.data === 'object' && 'applications' in (r.data as object);
  return normalise(wrapped ? (r.data as { applications: ApplicationsResult }).applications : (reply as Partial<ApplicationsResult>));
}
