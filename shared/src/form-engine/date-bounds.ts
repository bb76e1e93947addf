/**
 * Date rules of §5: strict parsing in the configured format and the BETWEEN_DATE / BETWEEN_AGE / BETWEEN_DAYS
 * bounds. Min is the start of its day and max the end of its day, so a date equal to a bound is accepted
 * whatever the time of day "today" is.
 */
import moment from 'moment';
import { DEFAULT_DATE_FORMAT } from '../constants';
import type { Clock } from './clock';
import { systemClock } from './clock';
import type { DaysBoundUnit, FieldConfig } from './types';

export interface DateBounds {
  min?: Date;
  max?: Date;
}

export function dateFormatOf(field: FieldConfig): string {
  return field.field_type_details?.date_format || DEFAULT_DATE_FORMAT;
}

/**
 * Strict parse: "31/02/2024" and "1/2/2024" (for DD/MM/YYYY) are rejected. Date objects are accepted as they are
 * (a picker may hand one over). Returns null when the value is not a real date in that format.
 */
export function parseStrictDate(value: unknown, format: string = DEFAULT_DATE_FORMAT): moment.Moment | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : moment(value);
  if (typeof value !== 'string') return null;
  const m = moment(value.trim(), format, true);
  return m.isValid() ? m : null;
}

const DAYS_BOUND = /^\s*([+-]?\d+)\s*(day|week|month|year)s?\s*$/i;
const UNIT: Record<string, moment.unitOfTime.DurationConstructor> = { day: 'days', week: 'weeks', month: 'months', year: 'years' };

/** "30 Day", "2 Weeks", "-1 Year" or a bare number of days → an offset; undefined when unreadable. */
export function parseDaysBound(raw: unknown): { amount: number; unit: DaysBoundUnit } | undefined {
  if (typeof raw === 'number' && Number.isFinite(raw)) return { amount: raw, unit: 'Day' };
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  if (/^\s*[+-]?\d+\s*$/.test(raw)) return { amount: Number(raw), unit: 'Day' };
  const m = DAYS_BOUND.exec(raw);
  if (!m) return undefined;
  const unit = (m[2][0].toUpperCase() + m[2].slice(1).toLowerCase()) as DaysBoundUnit;
  return { amount: Number(m[1]), unit };
}

function literalDate(raw: unknown, format: string): moment.Moment | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  // Literal bounds are written in the field's format; ISO (YYYY-MM-DD) is accepted too, as seeds often use it.
  return parseStrictDate(raw, format) ?? parseStrictDate(raw, 'YYYY-MM-DD') ?? undefined;
}

function years(raw: unknown): number | undefined {
  if (raw === null || raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  return Number.isFinite(n) ? n : undefined;
}

/** The bounds of a date field relative to the clock's today. No property means no bounds. */
export function dateBounds(field: FieldConfig, clock: Clock = systemClock): DateBounds {
  const d = field.field_type_details ?? ({} as FieldConfig['field_type_details']);
  const today = moment(clock());
  let min: moment.Moment | undefined;
  let max: moment.Moment | undefined;
  switch (d.property) {
    case 'BETWEEN_DATE':
      min = literalDate(d.min_value, dateFormatOf(field));
      max = literalDate(d.max_value, dateFormatOf(field));
      break;
    case 'BETWEEN_AGE': {
      // Ages count back from today, so they swap: the oldest age gives the earliest date (the min) and the
      // youngest age the latest date (the max). moment clamps 29 Feb to 28 Feb in non-leap years.
      const minAge = years(d.min_value);
      const maxAge = years(d.max_value);
      if (maxAge !== undefined) min = today.clone().subtract(maxAge, 'years');
      if (minAge !== undefined) max = today.clone().subtract(minAge, 'years');
      break;
    }
    case 'BETWEEN_DAYS': {
      const lo = parseDaysBound(d.min_value);
      const hi = parseDaysBound(d.max_value);
      if (lo) min = today.clone().add(lo.amount, UNIT[lo.unit.toLowerCase()]);
      if (hi) max = today.clone().add(hi.amount, UNIT[hi.unit.toLowerCase()]);
      break;
    }
    default:
      break;
  }
  return {
    min: min ? min.startOf('day').toDate() : undefined,
    max: max ? max.endOf('day').toDate() : undefined,
  };
}

/** True when the (valid) date lies within the bounds, inclusive. */
export function isWithinDateBounds(date: moment.Moment | Date, bounds: DateBounds): boolean {
  const t = moment(date).valueOf();
  if (bounds.min && t < bounds.min.getTime()) return false;
  if (bounds.max && t > bounds.max.getTime()) return false;
  return true;
}

/**
 * A bound as the applicant types dates, in the field's configured format (DD/MM/YYYY by default, §9): the one place a
 * configured format other than §9's is written out, with the engine's moment. '' for no date.
 */
export function formatInFieldFormat(d: Date | undefined, format: string = DEFAULT_DATE_FORMAT): string {
  return d ? moment(d).format(format) : '';
}
