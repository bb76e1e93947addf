/**
 * Amount and interest-rate typing rules of §5. The keystroke filter decides whether a key may change the text;
 * the key-up normaliser cleans what got in anyway (paste, autofill). Both are pure so the server and tests use
 * the same rules as the input.
 */
import { MAX_AMOUNT_INTEGER_DIGITS, MAX_INTEREST_RATE } from '../constants';
import type { FieldConfig } from './types';

export function maxAmountLength(field?: FieldConfig): number {
  const n = field?.field_type_details?.max_amount_length;
  return typeof n === 'number' && n > 0 ? n : MAX_AMOUNT_INTEGER_DIGITS;
}

/**
 * Would inserting `key` into `current` at `caret` (default: the end) leave a valid amount in progress?
 * Digits and one decimal point only, no leading dot, at most `maxDigits` integer digits.
 * Control keys (length > 1: Backspace, ArrowLeft, Tab…) are always allowed.
 */
export function acceptAmountKeystroke(
  current: string,
  key: string,
  maxDigits: number = MAX_AMOUNT_INTEGER_DIGITS,
  caret: number = current.length,
): boolean {
  if (key.length > 1) return true;
  if (!/^[0-9.]$/.test(key)) return false;
  const next = current.slice(0, caret) + key + current.slice(caret);
  return isAmountInProgress(next, maxDigits);
}

/** The text as typed so far is acceptable: digits, at most one dot, not leading, integer part within the limit. */
export function isAmountInProgress(text: string, maxDigits: number = MAX_AMOUNT_INTEGER_DIGITS): boolean {
  if (text === '') return true;
  if (!/^[0-9]*\.?[0-9]*$/.test(text)) return false;
  if (text.startsWith('.')) return false;
  const integer = text.split('.')[0];
  return integer.length <= maxDigits;
}

/**
 * Key-up normaliser: strip everything but digits and the first dot, drop a leading dot, truncate the integer
 * part to `maxDigits`, and clear values below 1 (an amount of at least 1 is required; a cleared field then shows
 * the required error instead of silently holding 0). A trailing dot is kept so "12." can still become "12.5".
 */
export function normaliseAmountOnKeyUp(text: string, maxDigits: number = MAX_AMOUNT_INTEGER_DIGITS): string {
  let cleaned = '';
  let seenDot = false;
  for (const ch of String(text ?? '')) {
    if (ch >= '0' && ch <= '9') cleaned += ch;
    else if (ch === '.' && !seenDot) {
      seenDot = true;
      cleaned += ch;
    }
  }
  while (cleaned.startsWith('.')) cleaned = cleaned.slice(1);
  if (cleaned === '') return '';
  const [integer, fraction] = cleaned.split('.');
  const truncated = integer.slice(0, maxDigits);
  const result = fraction !== undefined ? `${truncated}.${fraction}` : truncated;
  if (Number(result) < 1) return '';
  return result;
}

/** The earn-per-month field follows the same rules as amounts (§5). */
export const acceptEarnPerMonthKeystroke = acceptAmountKeystroke;
export const normaliseEarnPerMonthOnKeyUp = normaliseAmountOnKeyUp;

/** Interest rate keystrokes: digits and one dot, and the text as typed must not exceed 99.99. */
export function acceptInterestRateKeystroke(current: string, key: string, caret: number = current.length): boolean {
  if (key.length > 1) return true;
  if (!/^[0-9.]$/.test(key)) return false;
  const next = current.slice(0, caret) + key + current.slice(caret);
  if (!/^[0-9]*\.?[0-9]*$/.test(next)) return false;
  return next === '.' || isInterestRateWithinMax(next);
}

export function isInterestRateWithinMax(text: string): boolean {
  const n = Number(text);
  return Number.isFinite(n) && n <= MAX_INTEREST_RATE;
}
