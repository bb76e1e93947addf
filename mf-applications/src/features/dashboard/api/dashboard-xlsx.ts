// Loaded only when a user exports (see lib/xlsx-file.ts).
import { workbookBytes } from '../../../lib/xlsx-file';
import type { ChartTable } from './chart-tables';

export { downloadXlsx as download } from '../../../lib/xlsx-file';

/** One sheet per chart, its table as shown (numbers stay numbers so a spreadsheet can sum them). */
export function dashboardWorkbook(tables: ChartTable[], filterLine: string): ArrayBuffer {
  return workbookBytes(tables.map((table) => ({ name: table.title, rows: [[filterLine], [], table.columns, ...table.rows] })));
}
