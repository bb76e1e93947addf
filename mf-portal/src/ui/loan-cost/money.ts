import { formatCurrency } from '@lendline/shared/form-engine';

/** ₹ with lakh grouping and paise (§9). */
export const rupees = (n: number) => `₹${formatCurrency(n, 'INR')}`;

/** A form value as a number: digits with grouping commas or spaces; null otherwise. */
export function numberOf(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v !== 'string') return null;
  const s = v.replace(/[,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : null;
}
