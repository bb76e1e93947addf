// Loaded only when a user exports (see lib/xlsx-file.ts).
import type { TableColumn } from '../../../api/table-config';
import { cellValue, type ListRow } from '../../../api/applications-query';
import { formatCell } from '../../../lib/cell-text';
import { workbookBytes } from '../../../lib/xlsx-file';

export { downloadXlsx as downloadWorkbook } from '../../../lib/xlsx-file';

/** Amounts stay numbers (so a spreadsheet can sum them); everything else is shown as on screen. */
function exportCell(row: ListRow, c: TableColumn): string | number {
  const v = cellValue(row, c.key);
  if (c.type === 'amount' && v != null && v !== '' && Number.isFinite(Number(v))) return Number(v);
  return formatCell(v, c.type);
}

export function buildWorkbook(rows: ListRow[], columns: TableColumn[], sheetName: string): ArrayBuffer {
  return workbookBytes([{ name: sheetName, rows: [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => exportCell(r, c)))] }]);
}
