import type { FilterFieldType, TableColumn } from '@lendline/shared';

// Written out rather than taken from '@lendline/shared/form-engine' (formatCurrency) or moment: the form
// engine and moment are not in the list page's first load. Same rules as shared/format/currency.ts.

const pad = (n: number) => String(n).padStart(2, '0');

/** Lakh-style grouping of §9: the last three digits, then pairs — "10000000" → "1,00,00,000". */
export function groupLakh(digits: string): string {
  if (digits.length <= 3) return digits;
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${head},${digits.slice(-3)}`;
}

/**
 * §9 INR amount: lakh grouping; whole rupees without decimals, anything else with two
 * ("12,40,000", "1,234.50"), as the portal and the detail page show it. '' when not a number.
 */
export function formatInr(value: unknown): string {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value.replace(/,/g, '')) : NaN;
  if (!Number.isFinite(n)) return '';
  const whole = Number.isInteger(Math.round(n * 100) / 100);
  const [integer, fraction] = Math.abs(n).toFixed(whole ? 0 : 2).split('.');
  const sign = n < 0 && Number(`${integer}.${fraction ?? 0}`) !== 0 ? '-' : '';
  return `${sign}${groupLakh(integer)}${fraction ? `.${fraction}` : ''}`;
}

/**
 * §9 date "DD/MM/YYYY" and time "hh:mm:ss" (shared DEFAULT_DATE_FORMAT / DEFAULT_TIME_FORMAT, moment tokens: hh is the
 * 12-hour clock, as the notifications show it), in local time. Invalid values are shown as they are.
 */
export function formatDate(value: unknown, withTime = true): string {
  if (value == null || value === '') return '';
  const d = value instanceof Date ? value : new Date(value as string);
  if (Number.isNaN(d.getTime())) return String(value);
  const date = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  return withTime ? `${date} ${pad(d.getHours() % 12 || 12)}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : date;
}

/** Numbers are right-aligned so their digits line up. */
export const isNumericColumn = (c: Pick<TableColumn, 'type'>) => c.type === 'amount';

/**
 * A cell's text: the one formatter the table, the cards and the export share. Table configs type counting columns
 * (open queries, pending approvals) as 'amount' for their filter operators; whole amounts have no decimals, so a
 * count reads as a count ("3", "1,23,456").
 */
export function formatCell(value: unknown, type: FilterFieldType | undefined): string {
  if (value == null || value === '') return '';
  if (type === 'amount') return formatInr(value) || String(value);
  if (type === 'date') return formatDate(value);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.displayName ?? o.username ?? o.name ?? JSON.stringify(value));
  }
  return String(value);
}

