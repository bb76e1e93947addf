import type { FieldConfig } from '@lendline/shared/form-engine';
import { CURRENCY_SYMBOLS, fieldOptions, formatPercent, groupIndian, groupThousands, isCurrencyField, isInterestRateField, toAmount } from '@lendline/shared/form-engine';

/**
 * How a captured value reads on the staff summary (§9): money with two decimals — INR in lakh grouping with ₹,
 * other currencies in thousands with their symbol —, percentages with two decimals, dates DD/MM/YYYY, options by
 * their label, documents by their names. An empty value is ''.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Two decimals always (the list's formatter drops them for whole rupees; a detail page shows the exact amount). */
export function formatMoney(value: unknown, currency = 'INR'): string {
  const n = toAmount(value);
  if (!Number.isFinite(n)) return '';
  const code = currency.toUpperCase();
  if (code === 'PERCENT' || currency === '%') return formatPercent(n);
  const [integer, fraction] = Math.abs(n).toFixed(2).split('.');
  const sign = n < 0 && Math.abs(n) >= 0.005 ? '-' : '';
  const digits = code === 'INR' ? groupIndian(integer) : groupThousands(integer);
  return `${sign}${CURRENCY_SYMBOLS[code] ?? `${code} `}${digits}.${fraction}`;
}

/** DD/MM/YYYY from a stored date: DD/MM/YYYY text is kept, ISO dates and timestamps are converted. */
export function formatDay(value: unknown): string {
  if (value == null || value === '') return '';
  const text = String(value).trim();
  if (/^\d{2}\/\d{2}\/\d{4}$/.test(text)) return text;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return `${iso[3]}/${iso[2]}/${iso[1]}`;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** §9: DD/MM/YYYY and the time as hh:mm:ss, in the viewer's time zone (an audit row's or a due time's instant). */
export function formatDateTime(value: unknown): string {
  if (value == null || value === '') return '';
  const d = new Date(value as string);
  if (Number.isNaN(d.getTime())) return String(value);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

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
      return formatDay(value);
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
