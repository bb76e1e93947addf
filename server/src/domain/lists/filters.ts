import { FILTER_OPERATORS, type FieldConfig, type FilterFieldType, type ListFilter } from '@lendline/shared/contract';
import { refused } from '../errors';
import type { Sql } from './sql';
import { MAX_FILTERS, MAX_LIST_TEXT, MAX_LIST_VALUES } from './list-input';
import { AMOUNT_TEXT, MAX_AMOUNT } from '../bounds';
import { invalidText } from '../text';

/** Core filterable fields: the column (or expression) behind each name and its §5 field type. */
const CORE: Record<string, { sql: string; type: FilterFieldType }> = {
  application_id: { sql: 'application_id', type: 'text' },
  applicant_name: { sql: 'applicant_name', type: 'text' },
  product_code: { sql: 'product_code', type: 'dropdown' },
  application_status: { sql: 'status', type: 'dropdown' },
  _applicationStatus: { sql: 'status', type: 'dropdown' },
  singleORjoint: { sql: 'single_or_joint', type: 'dropdown' },
  single_or_joint: { sql: 'single_or_joint', type: 'dropdown' },
  applicationType: { sql: 'application_type', type: 'dropdown' },
  stepName: { sql: 'step_name', type: 'text' },
  step_name: { sql: 'step_name', type: 'text' },
  taskName: { sql: 'task_name', type: 'text' },
  task_name: { sql: 'task_name', type: 'text' },
  progress: { sql: 'task_progress', type: 'dropdown' },
  task_progress: { sql: 'task_progress', type: 'dropdown' },
  assignedTo: { sql: 'assigned_to', type: 'text' },
  assigned_to: { sql: 'assigned_to', type: 'text' },
  assignedTeam: { sql: 'assigned_team', type: 'text' },
  assigned_team: { sql: 'assigned_team', type: 'text' },
  branch: { sql: 'branch', type: 'dropdown' },
  initiatedBy: { sql: 'initiated_by', type: 'text' },
  initiated_by: { sql: 'initiated_by', type: 'text' },
  mobile: { sql: 'mobile', type: 'text' },
  email: { sql: 'email', type: 'text' },
  cre_time: { sql: 'created_at', type: 'date' },
  mod_time: { sql: 'mod_time', type: 'date' },
  sla_due_at: { sql: 'sla_due_at', type: 'date' },
  slaDueAt: { sql: 'sla_due_at', type: 'date' },
  verNum: { sql: 'ver_num', type: 'amount' },
  flowVerNum: { sql: 'flow_ver_num', type: 'amount' },
  openQueries: { sql: 'open_queries', type: 'amount' },
  open_queries: { sql: 'open_queries', type: 'amount' },
  openApprovals: { sql: 'open_approvals', type: 'amount' },
  open_approvals: { sql: 'open_approvals', type: 'amount' },
  loan_amount: { sql: 'loan_amount', type: 'amount' },
  // The hot amount filter lives in an extracted, indexed column.
  'customFields.loanAmount': { sql: 'loan_amount', type: 'amount' },
};

const KEY = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

/** An amount filter's value as decimal text a numeric cast always takes, or null (AMOUNT_TEXT: 18.6 digits at most). */
function amountText(v: unknown): string | null {
  if (typeof v === 'number') return Number.isFinite(v) && Math.abs(v) < MAX_AMOUNT ? (Number.isInteger(v) ? String(v) : v.toFixed(6)) : null;
  return typeof v === 'string' && AMOUNT_TEXT.test(v) ? v : null;
}

/** A text or dropdown value: a string or a number, short, and text PostgreSQL can hold. */
function filterText(label: string, v: unknown): string {
  if (typeof v !== 'string' && typeof v !== 'number') throw refused(label, 'must be text');
  const s = String(v);
  if (s.length > MAX_LIST_TEXT) throw refused(label, `must be at most ${MAX_LIST_TEXT} characters`);
  const bad = invalidText(s);
  if (bad) throw refused(label, bad);
  return s;
}

function typeOfConfig(f: FieldConfig | undefined): FilterFieldType {
  if (!f) return 'text';
  const d = f.field_type_details;
  if (d.currency_field || d.amount_field || ['slider', 'counter', 'range'].includes(d.type)) return 'amount';
  if (d.type === 'date') return 'date';
  if (['dropdown', 'radio', 'tabs', 'toggle', 'checkbox'].includes(d.type)) return 'dropdown';
  return 'text';
}

/**
 * A customFields value as SQL of its type. Stored values are whatever a form once saved, so one that does not parse
 * reads as NULL (matches no filter) instead of failing the query for every user: amounts only when they are plain
 * decimals of a sane length (a 200,000-digit text would overflow numeric), dates through parse_day (037), which
 * answers NULL for an impossible day such as 31/02/1990 where to_date would raise.
 */
function customExpr(key: string, type: FilterFieldType): string {
  const raw = `(custom_fields ->> '${key}')`;
  if (type === 'amount') return `(CASE WHEN ${raw} ~ '^-?[0-9]{1,30}(\\.[0-9]{1,30})?$' THEN ${raw}::numeric END)`;
  if (type === 'date') return `parse_day${raw}`;
  return raw;
}

/** DD/MM/YYYY (§9 default) or ISO → the UTC day it names. */
function parseDay(v: unknown): Date | null {
  const s = String(v);
  let m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s);
  if (m) return validDay(Number(m[3]), Number(m[2]), Number(m[1]));
  m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  if (m) return validDay(Number(m[1]), Number(m[2]), Number(m[3]));
  return null;
}
function validDay(y: number, mo: number, d: number): Date | null {
  const t = new Date(Date.UTC(y, mo - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d ? t : null;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * §5 operators by field type → SQL conditions. Every value is a bound parameter; custom field keys
 * are checked against a strict identifier pattern before they are written into the expression (so
 * expression indexes such as custom_fields->>'loanPurpose' can match).
 */
export function compileFilters(sql: Sql, filters: unknown, fields: Map<string, FieldConfig>): string[] {
  if (filters == null) return [];
  const list = Array.isArray(filters) ? filters : [filters];
  if (list.length > MAX_FILTERS) throw refused('filter', `must have at most ${MAX_FILTERS} filters`);
  return list.map((raw, i) => {
    const label = `filter.${i}`;
    if (!raw || typeof raw !== 'object') throw refused(label, 'must be an object {field, operator, value}');
    const f = raw as ListFilter;
    if (typeof f.field !== 'string') throw refused(`${label}.field`, 'is required');
    if (f.field.length > 80) throw refused(`${label}.field`, 'must be at most 80 characters');
    let expr: string;
    let type: FilterFieldType;
    const core = Object.hasOwn(CORE, f.field) ? CORE[f.field] : undefined;
    let isDateColumn = false;
    if (core) {
      expr = core.sql;
      type = core.type;
      isDateColumn = type === 'date';
    } else if (f.field.startsWith('customFields.')) {
      const key = f.field.slice('customFields.'.length);
      if (!KEY.test(key)) throw refused(`${label}.field`, `"${key}" is not a valid custom field key`);
      type = f.type ?? typeOfConfig(fields.get(key));
      if (typeof type !== 'string' || !Object.hasOwn(FILTER_OPERATORS, type)) throw refused(`${label}.type`, `must be one of ${Object.keys(FILTER_OPERATORS).join(', ')}`);
      expr = customExpr(key, type);
    } else {
      throw refused(`${label}.field`, `Unknown field "${f.field}"; use a core field or customFields.{key}`);
    }
    const allowed = FILTER_OPERATORS[type] as readonly string[];
    if (!allowed.includes(f.operator)) throw refused(`${label}.operator`, `${String(f.operator).slice(0, 40)} is not an operator for ${type} fields (${allowed.join(', ')})`);

    if (type === 'amount') {
      const amount = amountText(f.value);
      if (amount === null) throw refused(`${label}.value`, 'must be a number of at most 18 digits (and 6 decimals)');
      const p = sql.param(amount);
      const op = { EQUAL: '=', GREATER_THAN: '>', LESS_THAN: '<', GREATER_THAN_OR_EQUAL: '>=', LESS_THAN_OR_EQUAL: '<=' }[f.operator as string];
      return f.operator === 'NOT_EQUAL' ? `${expr} IS DISTINCT FROM ${p}::numeric` : `${expr} ${op} ${p}::numeric`;
    }
    if (type === 'text') {
      const v = filterText(`${label}.value`, f.value).toLowerCase();
      switch (f.operator) {
        case 'EQUAL': return `lower(${expr}) = ${sql.param(v)}`;
        case 'NOT_EQUAL': return `lower(${expr}) IS DISTINCT FROM ${sql.param(v)}`;
        case 'CONTAINS': return `${expr} ILIKE ${sql.param(`%${escapeLike(v)}%`)}`;
        default: return `${expr} ILIKE ${sql.param(`%${escapeLike(v)}`)}`; // ENDS_WITH
      }
    }
    if (type === 'date') {
      const day = typeof f.value === 'string' || typeof f.value === 'number' ? parseDay(f.value) : null;
      if (!day) throw refused(`${label}.value`, 'must be a date as DD/MM/YYYY or YYYY-MM-DD');
      const next = new Date(day.getTime() + 86400000);
      if (isDateColumn) {
        // timestamptz columns: compare with the UTC day's bounds so the btree order is usable.
        // (Only the bounds an operator uses become parameters: an unused one could not be typed.)
        const from = () => `${sql.param(day.toISOString())}::timestamptz`;
        const to = () => `${sql.param(next.toISOString())}::timestamptz`;
        switch (f.operator) {
          case 'EQUAL': return `(${expr} >= ${from()} AND ${expr} < ${to()})`;
          case 'NOT_EQUAL': return `(${expr} IS NULL OR ${expr} < ${from()} OR ${expr} >= ${to()})`;
          case 'GREATER_THAN': return `${expr} >= ${to()}`;
          default: return `${expr} < ${from()}`;
        }
      }
      const d = sql.param(day.toISOString().slice(0, 10));
      const op = { EQUAL: '=', GREATER_THAN: '>', LESS_THAN: '<' }[f.operator as string];
      return f.operator === 'NOT_EQUAL' ? `${expr} IS DISTINCT FROM ${d}::date` : `${expr} ${op} ${d}::date`;
    }
    // dropdown: one value or a list of values.
    const given: unknown[] = Array.isArray(f.value) ? f.value : [f.value];
    if (!given.length) throw refused(`${label}.value`, 'needs at least one value');
    if (given.length > MAX_LIST_VALUES) throw refused(`${label}.value`, `must have at most ${MAX_LIST_VALUES} values`);
    const values = given.map((v, j) => filterText(Array.isArray(f.value) ? `${label}.value.${j}` : `${label}.value`, v));
    const p = sql.param(values);
    return f.operator === 'EQUAL' ? `${expr} = ANY(${p}::text[])` : `(${expr} IS NULL OR NOT (${expr} = ANY(${p}::text[])))`;
  });
}
