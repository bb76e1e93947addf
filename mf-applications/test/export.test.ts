import { read, utils } from 'xlsx';
import { EXPORT_SUFFIX } from '@lendline/shared';
import { ExportCancelled, streamExportRows } from '../src/features/export/api/stream-export';
import { exportFileName } from '../src/features/export/api/file-name';
import { buildWorkbook } from '../src/features/export/api/write-xlsx';
import type { ApplicationsInput } from '../src/api/applications-query';

const base: ApplicationsInput = { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'product_code', operator: 'EQUAL', value: 'PL' }], pagination: { pageSize: 10, page: 3, cursor: 'abc' }, searchText: '' };
const TOTAL = 1234;

/** A server answering NDJSON in chunks that split lines anywhere, as a network does. */
function ndjsonServer(seen: { url: string; body: unknown }[], total = TOTAL): typeof fetch {
  return (async (url: string, init: RequestInit) => {
    seen.push({ url, body: JSON.parse(String(init.body)) });
    const text = Array.from({ length: total }, (_, i) => JSON.stringify({ application_id: `APP-${i}`, customFields: { loanAmount: 1000 + i } })).join('\n') + '\n';
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    const body = {
      getReader: () => ({
        read: async () => {
          if (init.signal?.aborted) throw new Error('aborted');
          if (at >= bytes.length) return { done: true, value: undefined };
          const chunk = bytes.slice(at, at + 7000);
          at += 7000;
          return { done: false, value: chunk };
        },
      }),
    };
    return { ok: true, status: 200, body, text: async () => text } as unknown as Response;
  }) as unknown as typeof fetch;
}

describe('export', () => {
  test('streams the whole filtered list with the export flag, not only the page on screen', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const progress: number[] = [];
    const rows = await streamExportRows({ input: base, total: TOTAL, signal: new AbortController().signal, onProgress: (d) => progress.push(d), fetchImpl: ndjsonServer(seen) });
    expect(rows).toHaveLength(TOTAL);
    expect(rows[TOTAL - 1].application_id).toBe(`APP-${TOTAL - 1}`);
    expect(seen[0].url).toBe('/backstage/getApplications');
    expect(seen[0].body).toEqual({ queryType: 'ALL_APPLICATIONS', filter: base.filter, export: true, pagination: { pageSize: 10 } });
    expect(progress.length).toBeGreaterThan(3);
    expect(progress[progress.length - 1]).toBe(TOTAL);
  });

  test('a searched list is exported by the local search call with its text, so the file holds what the user sees', async () => {
    const seen: { url: string; body: unknown }[] = [];
    await streamExportRows({ input: { ...base, searchText: ' asha ' }, total: 3, signal: new AbortController().signal, onProgress: () => {}, fetchImpl: ndjsonServer(seen, 3) });
    expect(seen[0].url).toBe('/backstage/localSearch');
    expect(seen[0].body).toEqual({ queryType: 'ALL_APPLICATIONS', filter: base.filter, searchText: 'asha', export: true, pagination: { pageSize: 10 } });
  });

  test('Cancel stops it', async () => {
    const ctrl = new AbortController();
    const run = streamExportRows({ input: base, total: TOTAL, signal: ctrl.signal, onProgress: () => ctrl.abort(), fetchImpl: ndjsonServer([]) });
    await expect(run).rejects.toBeInstanceOf(ExportCancelled);
  });

  test('the file is named with the export suffix and a timestamp (§9)', () => {
    expect(exportFileName('my-applications', new Date(2026, 0, 2, 3, 4, 5))).toBe(`my-applications${EXPORT_SUFFIX}_20260102_030405.xlsx`);
  });

  test('the workbook read back has a header row of the column labels and one row per application', () => {
    const rows = Array.from({ length: 3 }, (_, i) => ({ application_id: `APP-${i}`, customFields: { loanAmount: 250000 + i } }));
    const bytes = buildWorkbook(rows, [
      { key: 'application_id', label: 'Application ID', type: 'text', filterable: true },
      { key: 'customFields.loanAmount', label: 'Loan amount', type: 'amount', filterable: true },
    ], 'All applications');
    const wb = read(new Uint8Array(bytes), { type: 'array' });
    const sheet = utils.sheet_to_json<Record<string, unknown>>(wb.Sheets[wb.SheetNames[0]]);
    expect(wb.SheetNames).toEqual(['All applications']);
    expect(sheet).toEqual([
      { 'Application ID': 'APP-0', 'Loan amount': 250000 },
      { 'Application ID': 'APP-1', 'Loan amount': 250001 },
      { 'Application ID': 'APP-2', 'Loan amount': 250002 },
    ]);
  });
});
