// Loaded only when exporting: xlsx stays out of the page's chunk.
import { utils, write } from 'xlsx';
import type { ReportColumn, ReportRow } from './reports-api';

export function reportWorkbook(name: string, columns: ReportColumn[], rows: ReportRow[]): ArrayBuffer {
  const aoa = [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => r[c.key] ?? ''))];
  const wb = utils.book_new();
  utils.book_append_sheet(wb, utils.aoa_to_sheet(aoa), name.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  return write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
}

export function download(bytes: ArrayBuffer, fileName: string): void {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
