import { HINDI_OPTION_LABELS } from './hindi-labels';
import type { FieldConfig, FieldTypeDetails, FieldType, FieldOptionInput } from '@lendline/shared/contract';

/**
 * Terse builders for seeded field configurations (§3 Field configuration). They only fill defaults
 * (enabled for every applicant type, customer category); everything else is spelled out per field.
 */
export function field(key: string, label: string, type: FieldType, details: Omit<FieldTypeDetails, 'type'> = {}, extra: Partial<FieldConfig> = {}): FieldConfig {
  return {
    key,
    label,
    enable: true,
    secondaryEnable: true,
    guarantorEnable: true,
    category: 'CUSTOMER',
    ...extra,
    field_type_details: { type, ...details },
  };
}

/** Options whose value is the English label; the Hindi label rides along (labels.hi) where there is one. */
export const options = (...values: string[]): FieldOptionInput[] =>
  values.map((v) => (HINDI_OPTION_LABELS[v] ? { label: v, value: v, labels: { hi: HINDI_OPTION_LABELS[v] } } : { label: v, value: v }));

export const amount = (key: string, label: string, min: number, max: number, mandatory = true): FieldConfig =>
  field(key, label, 'text', { mandatory, currency_field: 'INR', amount_field: true, min_value: min, max_value: max, regex: '^[0-9]+(\\.[0-9]{1,2})?$' });

export const mobile = (key = 'mobile', label = 'Mobile number'): FieldConfig =>
  field(key, label, 'text', { mandatory: true, regex: '^[6-9][0-9]{9}$', verification_field: true });

export const email = (key = 'email', label = 'Email address'): FieldConfig =>
  field(key, label, 'text', { mandatory: true, regex: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' });
