// Loaded only when a user exports: xlsx is large and stays out of the page's chunk.
import { utils, write } from 'xlsx';
import type { ChartTable } from './chart-tables';

/** One sheet per chart, its table as shown (numbers stay numbers so a spreadsheet can sum them). */
export function dashboardWorkbook(tables: ChartTable[], filterLine: string): ArrayBuffer {
  const wb = utils.book_new();
  const names = new Set<string>();
  for (const table of tables) {
    let name = table.title.replace(/[\\/?*[\]:]/g, ' ').slice(0, 28);
    while (names.has(name)) name = `${name.slice(0, 26)}_${names.size}`;
    names.add(name);
    utils.book_append_sheet(wb, utils.aoa_to_sheet([[filterLine], [], table.columns, ...table.rows]), name);
  }
  return write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
}

export function download(bytes: ArrayBuffer, fileName: string): void {
  const blob = new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
