// Loaded only when exporting (see lib/xlsx-file.ts).
import { workbookBytes } from '../../../lib/xlsx-file';
import type { ReportColumn, ReportRow } from './reports-api';

export { downloadXlsx as download } from '../../../lib/xlsx-file';

export function reportWorkbook(name: string, columns: ReportColumn[], rows: ReportRow[]): ArrayBuffer {
  return workbookBytes([{ name, rows: [columns.map((c) => c.label), ...rows.map((r) => columns.map((c) => r[c.key] ?? ''))] }]);
}
