import { api } from '@lendline/shared';
import { allRows, ExportCancelled } from '../src/features/reports/api/reports-api';

/** The report export fetches every page, reporting progress, and stops between pages when cancelled. */
describe('report export pages', () => {
  const pages = [
    { reportId: 'R', columns: [], rows: [{ a: 1 }, { a: 2 }], total: 5, nextCursor: 'c1' },
    { reportId: 'R', columns: [], rows: [{ a: 3 }, { a: 4 }], total: 5, nextCursor: 'c2' },
    { reportId: 'R', columns: [], rows: [{ a: 5 }], total: 5, nextCursor: null },
  ];
  afterEach(() => jest.restoreAllMocks());

  test('all pages in order, progress after each', async () => {
    const sent: unknown[] = [];
    jest.spyOn(api, 'post').mockImplementation(async (_path: string, body?: unknown) => {
      sent.push(body);
      return { data: pages[sent.length - 1] } as never;
    });
    const progress: [number, number][] = [];
    const all = await allRows('R', { from: '2020-01-01', status: '' }, (d, t) => progress.push([d, t]), new AbortController().signal);
    expect(all.rows.map((r) => r.a)).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([[2, 5], [4, 5], [5, 5]]);
    expect(sent).toEqual([
      { reportId: 'R', filters: { from: '2020-01-01' }, pageSize: 1000, cursor: null },
      { reportId: 'R', filters: { from: '2020-01-01' }, pageSize: 1000, cursor: 'c1' },
      { reportId: 'R', filters: { from: '2020-01-01' }, pageSize: 1000, cursor: 'c2' },
    ]);
  });

  test('cancel stops before the next page', async () => {
    const abort = new AbortController();
    const post = jest.spyOn(api, 'post').mockImplementation(async () => ({ data: pages[0] }) as never);
    await expect(allRows('R', {}, () => abort.abort(), abort.signal)).rejects.toBeInstanceOf(ExportCancelled);
    expect(post).toHaveBeenCalledTimes(1);
  });
});
