/**
 * Amount display of §9 through Intl: INR (the default) with lakh grouping (en-IN), USD, AUD and every other currency
 * with two decimals in thousands (en-US), percentages with two decimals.
 */
import { DEFAULT_CURRENCY } from '../constants';

export interface CurrencyFormatOptions {
  /** Prefix the currency symbol (₹, $, A$…); off by default because the fields show it as an adornment. */
  symbol?: boolean;
  /** Always two decimals, whole rupees too ("12,40,000.00"): a detail page's exact amount. */
  exact?: boolean;
}

export const CURRENCY_SYMBOLS: Record<string, string> = { INR: '₹', USD: '$', AUD: 'A$' };

/** Numbers and numeric text ("100000", "1,00,000.5") → number; NaN for anything else. */
export function toAmount(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return NaN;
  const text = value.replace(/,/g, '').trim();
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
}

const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: 'en-IN' | 'en-US', decimals: number): Intl.NumberFormat {
  const key = `${locale}${decimals}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, roundingMode: 'halfExpand' } as Intl.NumberFormatOptions);
    numberFormats.set(key, f);
  }
  return f;
}

/** -0.004 rounds to "0", never "-0". */
function signed(f: Intl.NumberFormat, n: number): string {
  const text = f.format(Math.abs(n));
  return n < 0 && /[1-9]/.test(text) ? `-${text}` : text;
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
  const whole = Number.isInteger(Math.round(n * 100) / 100);
  const text = code === 'INR' ? signed(numberFormat('en-IN', whole && !options.exact ? 0 : 2), n) : signed(numberFormat('en-US', 2), n);
  if (!options.symbol) return text;
  const symbol = CURRENCY_SYMBOLS[code] ?? `${code} `;
  return text.startsWith('-') ? `-${symbol}${text.slice(1)}` : `${symbol}${text}`;
}

/** ₹ and lakh grouping, the way a person reads an amount in a sentence or a cell ("₹12,40,000"); '' when not a number. */
export function formatInr(value: unknown, options: Omit<CurrencyFormatOptions, 'symbol'> = {}): string {
  return formatCurrency(value, 'INR', { ...options, symbol: true });
}

/** A count or figure with lakh grouping, decimals only when it has some ('21,000', '1,23,456', '12.50'). */
export const formatNumber = (value: unknown): string => formatCurrency(value, 'INR');

/** Percent with two decimals: 12.5 → "12.50%". '' when not a number. */
export function formatPercent(value: unknown): string {
  const n = toAmount(value);
  if (!Number.isFinite(n)) return '';
  return `${signed(numberFormat('en-US', 2), n).replace(/,/g, '')}%`;
}
