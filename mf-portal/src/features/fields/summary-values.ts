import type { FieldConfig, FormValues } from '@lendline/shared/form-engine';
import { dateFormatOf, fieldLabel, fieldOptions, formatCurrency, getValue, isCurrencyField } from '@lendline/shared/form-engine';

/** One answer as a customer would read it back on a summary: options by label, amounts formatted, yes/no. */
export function displayValue(field: FieldConfig, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const d = field.field_type_details;
  if (isCurrencyField(field)) return formatCurrency(value, typeof d.currency_field === 'string' ? d.currency_field : 'INR');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (d.type === 'dropdown' || d.type === 'radio' || d.type === 'tabs') {
    const opts = fieldOptions(field);
    const one = (v: unknown) => opts.find((o) => String(o.value) === String(v))?.label ?? String(v);
    return Array.isArray(value) ? value.map(one).join(', ') : one(value);
  }
  if (d.type === 'range' && typeof value === 'object') return `${(value as { min: number }).min} – ${(value as { max: number }).max}`;
  if (d.type === 'fileUploadHub') return ((value as { uploadedDocuments?: { name: string }[] }).uploadedDocuments ?? []).map((x) => x.name).join(', ') || '—';
  if (d.type === 'signaturePad') return (value as { fileId?: string }).fileId ? 'Signed' : '—';
  if (d.type === 'otp') return (value as { isVerified?: boolean }).isVerified ? 'Verified' : 'Not verified';
  if (d.type === 'date') return `${String(value)}`.trim() || dateFormatOf(field);
  if (Array.isArray(value)) return `${value.length}`;
  if (typeof value === 'object') return '…';
  return String(value);
}

/** Label/answer pairs of the fields that hold something, for summaries and the accordion. */
export function summaryRows(fields: FieldConfig[], values: FormValues): Array<{ key: string; label: string; value: string }> {
  return fields
    .filter((f) => !['button', 'timer', 'accordion', 'gauge_chart', 'password'].includes(f.field_type_details.type))
    .map((f) => ({ key: f.key, label: fieldLabel(f), value: displayValue(f, getValue(values, f.key)) }))
    .filter((r) => r.value !== '—');
}
