import { api } from '@lendline/shared';

/** The report lists: configs from GET /setup/configs/Analytics/Reports, rows from POST /backstage/reports/run. */
export interface ReportColumn { key: string; label: string; type: 'text' | 'number' | 'amount' | 'date' }
export interface ReportFilter { key: string; label: string; type: 'select' | 'date'; options?: string[]; required?: boolean }
export interface ReportDefinition { id: string; name: string; columns: ReportColumn[]; filters: ReportFilter[] }
export type ReportRow = Record<string, string | number | null>;
export interface ReportPage { reportId: string; columns: ReportColumn[]; rows: ReportRow[]; total: number; nextCursor: string | null }

export const REPORTS_CONFIG = '/setup/configs/Analytics/Reports';
export const RUN_REPORT = '/backstage/reports/run';

export async function fetchReports(): Promise<ReportDefinition[]> {
  const reply = await api.get<{ data: { reports?: ReportDefinition[] } | null }>(REPORTS_CONFIG);
  return (reply.data?.reports ?? []).filter((r) => Array.isArray(r.columns) && Array.isArray(r.filters));
}

export async function runReport(reportId: string, filters: Record<string, string>, pageSize: number, cursor: string | null = null): Promise<ReportPage> {
  const clean = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  const reply = await api.post<{ data: ReportPage }>(RUN_REPORT, { reportId, filters: clean, pageSize, cursor });
  return reply.data;
}

export class ExportCancelled extends Error {}

/** Every page of a report, reporting progress (rows so far of the total); stops between pages when cancelled. */
export async function allRows(reportId: string, filters: Record<string, string>, onProgress: (done: number, total: number) => void, signal: AbortSignal): Promise<ReportPage> {
  let page = await runReport(reportId, filters, 1000);
  const rows = [...page.rows];
  onProgress(rows.length, page.total);
  while (page.nextCursor) {
    if (signal.aborted) throw new ExportCancelled('cancelled');
    page = await runReport(reportId, filters, 1000, page.nextCursor);
    rows.push(...page.rows);
    onProgress(rows.length, page.total);
  }
  return { ...page, rows, nextCursor: null };
}
