import { slaStateOf, slaWords, type SlaSnapshot, type TFunction } from '@lendline/shared';
import type { TableColumn } from '../api/table-config';
import { cellValue, type ListRow } from '../api/applications-query';
import { formatCell, formatDate } from './format-cell';

/** The SLA column of a list, and the drill-down's: the row's SLA state in words (shared slaStateOf, slaWords). */
export function slaCellText(sla: SlaSnapshot | null | undefined, t: TFunction, now = Date.now()): string {
  if (!sla) return '';
  const w = slaWords(slaStateOf(sla, now), t, (iso) => formatDate(iso));
  return w.detail ? `${w.label} · ${w.detail}` : w.label;
}

/** A list cell's text: the SLA column by the application's state, any other column by its type. */
export function listCellText(row: ListRow, c: Pick<TableColumn, 'key' | 'type'>, t: TFunction, now = Date.now()): string {
  if (c.key === 'slaDueAt' && row.sla) return slaCellText(row.sla as SlaSnapshot, t, now);
  return formatCell(cellValue(row, c.key), c.type);
}
