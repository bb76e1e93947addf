// Loaded only when a user exports: xlsx is large and must stay out of the list page's chunk.
import { utils, write } from 'xlsx';
import type { TableColumn } from '../../../api/table-config';
import { cellValue, type ListRow } from '../../../api/applications-query';
import { formatCell } from '../../../lib/format-cell';

/** Amounts stay numbers (so a spreadsheet can sum them); everything else is shown as on screen. */
function exportCell(row: ListRow, c: TableColumn): string | number {
  const v = cellValue(row, c.key);
  if (c.type === 'amount' && v != null && v !== '' && Number.isFinite(Number(v))) return Number(v);
  return formatCell(v, c.type);
}

export function buildWorkbook(rows: ListRow[], columns: TableColumn[], sheetName: string): ArrayBuffer {
  const aoa: (string | number)[][] = [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => exportCell(r, c)))];
  const wb = utils.book_new();
  utils.book_append_sheet(wb, utils.aoa_to_sheet(aoa), sheetName.slice(0, 31));
  return write(wb, { bookType: 'xlsx', type: 'array' }) as ArrayBuffer;
}

export function downloadWorkbook(bytes: ArrayBuffer, fileName: string): void {
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
