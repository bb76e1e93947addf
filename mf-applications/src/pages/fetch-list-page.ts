import type { ApplicationsInput, ApplicationsResult } from '../api/applications-query';
import { fetchApplications } from '../api/applications-query';
import { localSearch } from '../features/search/api/search';

/** A list page: the applications query, or local search when the user typed a search text. */
export function fetchListPage(input: ApplicationsInput, signal?: AbortSignal): Promise<ApplicationsResult> {
  const text = input.searchText?.trim();
  if (text) return localSearch({ ...input, searchText: text }, signal);
  return fetchApplications(input, signal);
}
