import { read, utils } from 'xlsx';
import { EXPORT_SUFFIX } from '@lendline/shared';
import { ExportCancelled, fetchAllRows } from '../src/features/export/api/fetch-all';
import { exportFileName } from '../src/features/export/api/file-name';
import { buildWorkbook } from '../src/features/export/api/write-xlsx';
import type { ApplicationsInput, ApplicationsResult } from '../src/features/lists/api/applications-query';

const base: ApplicationsInput = { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'product_code', operator: 'EQUAL', value: 'PL' }], pagination: { pageSize: 10, page: 3 } };
const TOTAL = 1234;

function fakeServer(seen: ApplicationsInput[]) {
  return async (input: ApplicationsInput): Promise<ApplicationsResult> => {
    seen.push(input);
    const { pageSize, page = 0 } = input.pagination!;
    const from = page * pageSize;
    const n = Math.max(0, Math.min(pageSize, TOTAL - from));
    return { data: Array.from({ length: n }, (_, i) => ({ application_id: `APP-${from + i}`, customFields: { loanAmount: 1000 + i } })), count: TOTAL, stageWise: [], taskNameWise: [], versionNumberWise: [] };
  };
}

describe('export', () => {
  test('reads the whole filtered list page by page with the export flag, not only the page on screen', async () => {
    const seen: ApplicationsInput[] = [];
    const progress: number[] = [];
    const rows = await fetchAllRows({ input: base, fetcher: fakeServer(seen), signal: new AbortController().signal, onProgress: (d) => progress.push(d) });
    expect(rows).toHaveLength(TOTAL);
    expect(seen[0]).toMatchObject({ export: true, filter: base.filter, pagination: { pageSize: 500, page: 0 } });
    expect(progress).toEqual([500, 1000, 1234]);
  });

  test('Cancel stops it', async () => {
    const ctrl = new AbortController();
    const seen: ApplicationsInput[] = [];
    const run = fetchAllRows({ input: base, fetcher: fakeServer(seen), signal: ctrl.signal, onProgress: () => ctrl.abort() });
    await expect(run).rejects.toBeInstanceOf(ExportCancelled);
    expect(seen).toHaveLength(1);
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
