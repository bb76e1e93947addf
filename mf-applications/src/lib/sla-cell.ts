import { configName, formatDateTime, i18nStore, labelOf, slaStateOf, slaWords, type LabelKind, type SlaSnapshot, type TFunction, type ConfigNameKind } from '@lendline/shared';
import type { TableColumn } from '../api/table-config';
import { cellValue, type ListRow } from '../api/applications-query';
import { formatCell } from './cell-text';

/** The SLA column of a list, and the drill-down's: the row's SLA state in words (shared slaStateOf, slaWords). */
export function slaCellText(sla: SlaSnapshot | null | undefined, t: TFunction, now = Date.now()): string {
  if (!sla) return '';
  const w = slaWords(slaStateOf(sla, now), t, (iso) => formatDateTime(iso), i18nStore.getState().lang);
  return w.detail ? `${w.label} · ${w.detail}` : w.label;
}

/** Columns that hold a §3/§4 code: shown by its label, never as the code. */
const CODE_COLUMNS: Record<string, LabelKind> = {
  application_status: 'applicationStatus', _applicationStatus: 'applicationStatus', status: 'applicationStatus',
  progress: 'taskProgress', 'task.progress': 'taskProgress', task_progress: 'taskProgress', subStatus: 'subStatus',
};

/** Columns that hold a configured name (shared labels/config-names.ts): shown in the reader's language. */
const NAME_COLUMNS: Record<string, ConfigNameKind> = {
  stepName: 'step', 'task.stepName': 'step', step_name: 'step', taskName: 'task', 'task.taskName': 'task', task_name: 'task', product_name: 'product',
};

/** A list cell's text: the SLA column by the application's state, a code column by its label, any other column by its type. */
export function listCellText(row: ListRow, c: Pick<TableColumn, 'key' | 'type'>, t: TFunction, now = Date.now()): string {
  if (c.key === 'slaDueAt' && row.sla) return slaCellText(row.sla as SlaSnapshot, t, now);
  const v = cellValue(row, c.key);
  if (CODE_COLUMNS[c.key] && typeof v === 'string') return labelOf(CODE_COLUMNS[c.key], v);
  if (NAME_COLUMNS[c.key] && typeof v === 'string') return configName(NAME_COLUMNS[c.key], v);
  return formatCell(v, c.type);
}
