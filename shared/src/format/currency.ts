/**
 * Amount display of §9: INR (the default) with lakh grouping, USD, AUD and every other currency with two
 * decimals, percentages with two decimals.
 */
import { DEFAULT_CURRENCY } from '../constants';
import { groupIndian, groupThousands } from './group-digits';

export interface CurrencyFormatOptions {
  /** Prefix the currency symbol (₹, $, A$…); off by default because the fields show it as an adornment. */
  symbol?: boolean;
}

export const CURRENCY_SYMBOLS: Record<string, string> = { INR: '₹', USD: '$', AUD: 'A$' };

/** Numbers and numeric text ("100000", "1,00,000.5") → number; NaN for anything else. */
export function toAmount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const text = value.replace(/,/g, '').trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
}

function fixed(n: number, decimals: number): { sign: string; integer: string; fraction: string } {
  // Round half away from zero on the absolute value, so -0.005 and 0.005 mirror each other.
  const [integer, fraction = ''] = Math.abs(n).toFixed(decimals).split('.');
  const sign = n < 0 && Number(`${integer}.${fraction || 0}`) !== 0 ? '-' : '';
  return { sign, integer, fraction };
}

/**
 * INR: lakh grouping; whole amounts without decimals, others with two ("1,00,00,000", "1,234.50").
 * USD, AUD and any other code: thousands grouping and two decimals ("1,234,567.00").
 * Returns '' for values that are not numbers, so an empty field shows empty.
 */
export function formatCurrency(value: unknown, currency: string = DEFAULT_CURRENCY, options: CurrencyFormatOptions = {}): string {
  const n = toAmount(value);
  if (!Number.isFinite(n)) return '';
  const code = (currency || DEFAULT_CURRENCY).toUpperCase();
  if (code === 'PERCENT' || currency === '%') return formatPercent(n);
  let text: string;
  if (code === 'INR') {
    const whole = Number.isInteger(Math.round(n * 100) / 100);
    const { sign, integer, fraction } = fixed(n, whole ? 0 : 2);
    text = `${sign}${groupIndian(integer)}${fraction ? `.${fraction}` : ''}`;
  } else {
    const { sign, integer, fraction } = fixed(n, 2);
    text = `${sign}${groupThousands(integer)}.${fraction}`;
  }
  if (!options.symbol) return text;
  const symbol = CURRENCY_SYMBOLS[code] ?? `${code} `;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** Percent with two decimals: 12.5 → "12.50%". '' when not a number. */
export function formatPercent(value: unknown): string {
  const n = toAmount(value);
  if (!Number.isFinite(n)) return '';
  const { sign, integer, fraction } = fixed(n, 2);
  return `${sign}${integer}.${fraction}%`;
}
