import { formatCurrency, formatDate, formatPercent } from '@lendline/shared';
import type { FieldConfig } from '@lendline/shared/form-engine';
import { fieldOptions, isCurrencyField, isInterestRateField } from '@lendline/shared/form-engine';

/**
 * How a captured value reads on the staff summary (§9, through the shared format module): money with two decimals —
 * INR in lakh grouping with ₹, other currencies in thousands with their symbol —, percentages with two decimals, dates
 * DD/MM/YYYY, options by their label, documents by their names. An empty value is ''.
 */

/** Two decimals always (a list drops them for whole rupees; a detail page shows the exact amount). */
export const formatMoney = (value: unknown, currency = 'INR'): string => formatCurrency(value, currency, { symbol: true, exact: true });

/** "loanAmount" → "Loan amount", "is_property_finalized" → "Is property finalized": for values no field describes. */
export function humanizeKey(key: string): string {
  const words = key
    .replace(/[_.-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .split(/\s+/)
    .map((w, i) => (/^[A-Z0-9]+$/.test(w) && w.length > 1 ? w : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1).toLowerCase() : w.toLowerCase()));
  return words.join(' ') || key;
}

const YES = 'Yes';
const NO = 'No';

function plain(value: unknown): string {
  if (value == null || value === '') return '';
  if (typeof value === 'boolean') return value ? YES : NO;
  if (Array.isArray(value)) return value.map(plain).filter(Boolean).join(', ');
  if (typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const named = o.label ?? o.displayName ?? o.name;
    if (named != null) return String(named);
    return Object.entries(o)
      .filter(([, v]) => v != null && v !== '')
      .map(([k, v]) => `${humanizeKey(k)}: ${plain(v)}`)
      .join(', ');
  }
  return String(value);
}

function optionLabel(field: FieldConfig, value: unknown): string {
  const opts = fieldOptions(field);
  const one = (v: unknown) => opts.find((o) => String(o.value) === String(v))?.label ?? plain(v);
  return Array.isArray(value) ? value.map(one).join(', ') : one(value);
}

/** The text a staff user reads for one field's stored value. */
export function formatFieldValue(field: FieldConfig | undefined, value: unknown): string {
  if (value == null || value === '' || (Array.isArray(value) && value.length === 0)) return '';
  if (!field) return plain(value);
  const d = field.field_type_details;
  if (isCurrencyField(field)) {
    const code = typeof d.currency_field === 'string' ? d.currency_field : 'INR';
    return formatMoney(value, code) || plain(value);
  }
  if (isInterestRateField(field)) {
    if (Array.isArray(value) && value.length === 2) return `${formatPercent(value[0])} – ${formatPercent(value[1])}`;
    return formatPercent(value) || plain(value);
  }
  switch (d.type) {
    case 'date':
      return formatDate(value);
    case 'dropdown':
    case 'radio':
    case 'tabs':
      return optionLabel(field, value);
    case 'checkbox':
    case 'toggle':
      return value === true || value === 'true' || value === 'Yes' ? YES : value === false || value === 'false' || value === 'No' ? NO : plain(value);
    case 'range':
      return Array.isArray(value) && value.length === 2 ? `${plain(value[0])} – ${plain(value[1])}` : plain(value);
    case 'fileUploadHub': {
      const docs = (value as { uploadedDocuments?: { name: string }[] }).uploadedDocuments ?? [];
      return docs.map((x) => x.name).join(', ');
    }
    case 'signaturePad':
      return (value as { fileId?: string | null }).fileId ? 'Signed' : '';
    case 'multipleInputs': {
      if (!Array.isArray(value)) return plain(value);
      const cols = field.fields ?? [];
      return value
        .map((row) =>
          row && typeof row === 'object'
            ? Object.entries(row as Record<string, unknown>)
                .filter(([, v]) => v != null && v !== '')
                .map(([k, v]) => {
                  const col = cols.find((c) => c.key === k);
                  return `${col ? col.label || col.key : humanizeKey(k)}: ${formatFieldValue(col, v)}`;
                })
                .join(', ')
            : plain(row),
        )
        .filter(Boolean)
        .join('; ');
    }
    default:
      return plain(value);
  }
}
