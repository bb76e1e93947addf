import { formatCurrency, formatDateTime, type FilterFieldType, type TableColumn } from '@lendline/shared';

/** Numbers are right-aligned so their digits line up. */
export const isNumericColumn = (c: Pick<TableColumn, 'type'>) => c.type === 'amount';

/**
 * A cell's text: the one formatter the table, the cards and the export share, on the shared format module (§9:
 * lakh grouping, DD/MM/YYYY hh:mm:ss AM/PM). Table configs type counting columns (open queries, pending approvals)
 * as 'amount' for their filter operators; whole amounts have no decimals, so a count reads as a count ("3", "1,23,456").
 */
export function formatCell(value: unknown, type: FilterFieldType | undefined): string {
  if (value == null || value === '') return '';
  if (type === 'amount') return formatCurrency(value, 'INR') || String(value);
  if (type === 'date') return formatDateTime(value);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.displayName ?? o.username ?? o.name ?? JSON.stringify(value));
  }
  return String(value);
}
