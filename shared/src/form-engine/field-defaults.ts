/**
 * Initial values and small control rules of §5: range defaults, dropdown defaults, random property names for
 * dropdown and radio, and the counter's increment/decrement limits.
 */
import { RANGE_MAX, RANGE_MIN } from '../constants';
import { fieldOptions, numericBound } from './field-config';
import type { FieldConfig } from './types';

export interface RangeValue {
  min: number;
  max: number;
}

/** A range starts at its configured min and max, falling back to the constants 0 and 100. */
export function rangeDefault(field: FieldConfig): RangeValue {
  const d = field.field_type_details;
  return { min: numericBound(d?.min_value) ?? RANGE_MIN, max: numericBound(d?.max_value) ?? RANGE_MAX };
}

/**
 * A dropdown's default applies only when it is one of the options (compared as text, since seeds mix numbers
 * and strings); "none" explicitly means empty. Multiple dropdowns keep the defaults that are options.
 */
export function dropdownDefault(field: FieldConfig): unknown {
  const d = field.field_type_details;
  const def = d?.defaultValue;
  const empty = d?.multiple ? [] : '';
  if (def === undefined || def === null || def === '') return empty;
  if (typeof def === 'string' && def.toLowerCase() === 'none') return empty;
  const values = fieldOptions(field).map((o) => o.value);
  const match = (v: unknown) => values.find((o) => String(o) === String(v));
  if (d?.multiple) {
    const list = Array.isArray(def) ? def : [def];
    return list.map(match).filter((v) => v !== undefined);
  }
  const found = match(def);
  return found === undefined ? empty : found;
}

/** The initial value of any field: configured initial values win, then the type's default. */
export function initialValueOf(field: FieldConfig, configured?: Record<string, unknown>): unknown {
  if (configured && configured[field.key] !== undefined) return configured[field.key];
  const d = field.field_type_details;
  switch (d?.type) {
    case 'dropdown':
      return dropdownDefault(field);
    case 'range':
      return rangeDefault(field);
    case 'checkbox':
    case 'toggle':
      return d.defaultValue === true || d.defaultValue === 'true';
    case 'fileUploadHub':
      return { uploadedDocuments: [] };
    default:
      return d?.defaultValue ?? undefined;
  }
}

/** Initial values of a list of fields (skipping none: hidden fields keep their value, they are just not saved). */
export function initialValuesOf(fields: FieldConfig[], configured?: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = initialValueOf(f, configured);
    if (v !== undefined) out[f.key] = v;
  }
  return out;
}

/**
 * Dropdown and radio fields without a property name get a random one, so that two such controls on one page
 * never share a name (radio groups with one name would steal each other's selection). `random` is injectable.
 */
export function withPropertyName(field: FieldConfig, random: () => number = Math.random): FieldConfig {
  const d = field.field_type_details;
  if (!d || (d.type !== 'dropdown' && d.type !== 'radio') || (typeof d.property === 'string' && d.property !== '')) return field;
  const suffix = Math.floor(random() * 1e9).toString(36);
  return { ...field, field_type_details: { ...d, property: `${field.key}_${suffix}` } };
}

function stepOf(field: FieldConfig): number {
  const s = field.field_type_details?.step;
  return typeof s === 'number' && s > 0 ? s : 1;
}

/** A counter increments only while below max_value. */
export function canIncrement(field: FieldConfig, value: number): boolean {
  const max = numericBound(field.field_type_details?.max_value);
  return max === undefined || value < max;
}

/** A counter decrements only while above min_value. */
export function canDecrement(field: FieldConfig, value: number): boolean {
  const min = numericBound(field.field_type_details?.min_value);
  return min === undefined || value > min;
}

/** Next counter value, clamped to max; unchanged when at or above max. */
export function incrementCounter(field: FieldConfig, value: number): number {
  if (!canIncrement(field, value)) return value;
  const max = numericBound(field.field_type_details?.max_value);
  const next = value + stepOf(field);
  return max === undefined ? next : Math.min(next, max);
}

/** Previous counter value, clamped to min; unchanged when at or below min. */
export function decrementCounter(field: FieldConfig, value: number): number {
  if (!canDecrement(field, value)) return value;
  const min = numericBound(field.field_type_details?.min_value);
  const next = value - stepOf(field);
  return min === undefined ? next : Math.max(next, min);
}
