import type { FilterFieldType } from '@lendline/shared';

// en-IN groups digits the lakh way (§9: INR with lakh-style grouping) without pulling the form
// engine into the list page's first load.
const amount = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 });

const pad = (n: number) => String(n).padStart(2, '0');

/** §9 default date format DD/MM/YYYY, with hh:mm when the value carries a time. */
export function formatDate(value: unknown, withTime = true): string {
  if (value == null || value === '') return '';
  const d = new Date(value as string);
  if (Number.isNaN(d.getTime())) return String(value);
  const date = `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
  return withTime ? `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}` : date;
}

export function formatCell(value: unknown, type: FilterFieldType | undefined): string {
  if (value == null || value === '') return '';
  if (type === 'amount') {
    const n = Number(value);
    return Number.isFinite(n) ? amount.format(n) : String(value);
  }
  if (type === 'date') return formatDate(value);
  if (Array.isArray(value)) return value.join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    return String(o.displayName ?? o.username ?? o.name ?? JSON.stringify(value));
  }
  return String(value);
}
