import { ApiError, LISTS, buildHeaders, isDebugMode, sessionStore, withDebugPrefix } from '@lendline/shared';
import type { ApplicationsInput, ListRow } from '../../../api/applications-query';

export class ExportCancelled extends Error {
  constructor() {
    super('Export cancelled');
  }
}

export interface StreamExportOptions {
  input: ApplicationsInput;
  /** The list's count, for the progress bar (the stream itself carries rows only). */
  total: number;
  signal: AbortSignal;
  onProgress(done: number, total: number): void;
  fetchImpl?: typeof fetch;
}

/** The export body: the list's narrowing (local search text included) with the §3 export flag; paging is the server's. */
export function exportBody(input: ApplicationsInput): Record<string, unknown> {
  const { pagination, searchText, ...rest } = input;
  const text = searchText?.trim();
  return { ...rest, ...(text ? { searchText: text } : {}), export: true, pagination: { pageSize: pagination?.pageSize } };
}

/** A searched list is exported by the local search call, so the file holds exactly the rows the user sees. */
export const exportPath = (input: ApplicationsInput): string => (input.searchText?.trim() ? LISTS.localSearch : LISTS.getApplications);

/**
 * The whole filtered list in one request: POST /backstage/getApplications (or localSearch) with export: true
 * answers newline-delimited JSON, one application per line, read here as it arrives so the
 * progress bar moves and Cancel stops the transfer.
 */
export async function streamExportRows({ input, total, signal, onProgress, fetchImpl = fetch }: StreamExportOptions): Promise<ListRow[]> {
  const path = withDebugPrefix(exportPath(input), { debug: isDebugMode(), admin: false });
  const headers = buildHeaders({ method: 'POST', path, session: sessionStore.getState().session });
  let res: Response;
  try {
    res = await fetchImpl(path, { method: 'POST', headers, body: JSON.stringify(exportBody(input)), signal });
  } catch (e) {
    if (signal.aborted) throw new ExportCancelled();
    throw e;
  }
  if (!res.ok || !res.body) {
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(res.status, body);
  }
  const rows: ListRow[] = [];
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) rows.push(JSON.parse(line) as ListRow);
      onProgress(rows.length, Math.max(total, rows.length));
    }
  } catch (e) {
    if (signal.aborted) throw new ExportCancelled();
    throw e;
  }
  if (buffered.trim()) rows.push(JSON.parse(buffered) as ListRow);
  onProgress(rows.length, rows.length);
  return rows;
}
