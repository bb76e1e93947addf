/** Small readers over a FieldConfig, so every module interprets the configuration the same way. */
import type { ApplicantType } from '../types';
import type { FieldConfig, FieldOption, FieldOptionInput } from './types';

/** The label shown to users and in 'label - reason' items: label, then value, then the key. */
export function fieldLabel(field: FieldConfig): string {
  return field.label || field.value || field.key;
}

export function isMandatory(field: FieldConfig): boolean {
  return field.field_type_details?.mandatory === true;
}

/** field_identifier H marks a field that is never rendered, validated or saved. */
export function isSkippedIdentifier(field: FieldConfig): boolean {
  return field.field_identifier === 'H';
}

/** A currency field: its text holds an amount, checked by the numeric range of §5. */
export function isCurrencyField(field: FieldConfig): boolean {
  const c = field.field_type_details?.currency_field;
  return c === true || (typeof c === 'string' && c !== '' && c.toLowerCase() !== 'false');
}

/** Amount fields follow the keystroke/key-up rules of §5; currency fields are amounts unless said otherwise. */
export function isAmountField(field: FieldConfig): boolean {
  const d = field.field_type_details;
  return d?.amount_field ?? isCurrencyField(field);
}

export function isInterestRateField(field: FieldConfig): boolean {
  return field.field_type_details?.interest_rate === true;
}

export function isContainerField(field: FieldConfig): boolean {
  return field.groupType === 'CONTAINER';
}

/**
 * Editable for this applicant type: enable for the primary, secondaryEnable for co-applicants,
 * guarantorEnable for guarantors. Absent flags mean editable. A read-only field is not validated, because the
 * applicant could not fix it anyway (as with disabled controls in a form).
 */
export function isFieldEditable(field: FieldConfig, applicantType: ApplicantType = 'primary'): boolean {
  const flag =
    applicantType === 'secondary' ? field.secondaryEnable : applicantType === 'guarantor' ? field.guarantorEnable : field.enable;
  return flag !== false;
}

/** Options of internal_list, with plain strings taken as label = value. */
export function fieldOptions(field: FieldConfig): FieldOption[] {
  const list: FieldOptionInput[] = field.field_type_details?.internal_list ?? [];
  return list.map((o) => (typeof o === 'string' ? { label: o, value: o } : o));
}

/** Empty as a required check sees it: null, undefined, blank text, an empty list. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Numeric bound from config (numbers or numeric strings); undefined when absent or not a number. */
export function numericBound(raw: unknown): number | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/,/g, ''));
  return Number.isFinite(n) ? n : undefined;
}
