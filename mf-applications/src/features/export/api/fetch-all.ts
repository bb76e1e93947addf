import type { ApplicationsInput, ApplicationsResult, ListRow } from '../../lists/api/applications-query';
import { buildExportInput } from '../../lists/api/list-input';

/** Rows per request while exporting: large enough to be quick, small enough to show progress. */
export const EXPORT_PAGE_SIZE = 500;

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
  }
}

export interface FetchAllOptions {
  input: ApplicationsInput;
  fetcher(input: ApplicationsInput, signal?: AbortSignal): Promise<ApplicationsResult>;
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
  pageSize?: number;
}

/** Reads the whole filtered list page by page (§3 export flag), following keyset cursors when given. */
export async function fetchAllRows({ input, fetcher, signal, onProgress, pageSize = EXPORT_PAGE_SIZE }: FetchAllOptions): Promise<ListRow[]> {
  const rows: ListRow[] = [];
  let page = 0;
  let cursor: string | null = null;
  let total = Infinity;
  while (rows.length < total) {
    if (signal.aborted) throw new ExportCancelled();
    let r: ApplicationsResult;
    try {
      r = await fetcher(buildExportInput(input, pageSize, page, cursor), signal);
    } catch (e) {
      if (signal.aborted) throw new ExportCancelled();
      throw e;
    }
    total = r.count;
    rows.push(...r.data);
    onProgress(rows.length, total);
    if (!r.data.length || r.pageInfo?.hasMore === false) break;
    cursor = r.pageInfo?.nextCursor ?? null;
    page++;
  }
  return rows;
}
