import type { FieldConfig } from '@lendline/shared/form-engine';

export interface InputKind {
  type: 'text' | 'tel' | 'email';
  inputMode?: 'decimal' | 'numeric' | 'tel' | 'email';
}

// A pattern that accepts only digits (e.g. '^[6-9][0-9]{9}$', '^[0-9]{6}$'): the numeric keypad fits it.
const DIGITS_ONLY = /^\^?(\[[0-9-]+\](\{\d+(,\d*)?\}|[+*?])?|\\d(\{\d+(,\d*)?\}|[+*?])?)+\$?$/;

/**
 * Which keyboard a phone shows for a text field (§5 keeps validating the value; this only saves the applicant
 * from switching keyboards): telephone keypad for mobile numbers, the e-mail keyboard for e-mail addresses,
 * the numeric keypad for digit-only codes (PIN code, account number), decimals for amounts and rates.
 */
export function inputKindOf(field: FieldConfig, opts: { amount: boolean; rate: boolean }): InputKind {
  if (opts.amount || opts.rate) return { type: 'text', inputMode: 'decimal' };
  const key = field.key.toLowerCase();
  const regex = typeof field.field_type_details.regex === 'string' ? field.field_type_details.regex : '';
  if (/(mobile|phone)$/.test(key)) return { type: 'tel', inputMode: 'tel' };
  if (/email$/.test(key) || regex.includes('@')) return { type: 'email', inputMode: 'email' };
  if (regex && DIGITS_ONLY.test(regex)) return { type: 'text', inputMode: 'numeric' };
  return { type: 'text' };
}
