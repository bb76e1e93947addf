/**
 * Container forms (§3 groupType CONTAINER, e.g. NESTED_TABLE): records, each with subRecords (rows), headers and
 * a total, plus an overall total. A row or a record is added only when the current one is valid; otherwise its
 * mandatory fields are the ones to mark dirty (§5).
 */
import { fieldLabel, isMandatory } from './field-config';
import { initialValuesOf } from './field-defaults';
import { amountNumber } from './field-schema';
import type { AggregationType, ContainerHeader, ContainerRecord, ContainerValue, FieldConfig, FormValues } from './types';
import type { ValidateOptions } from './validate-values';
import { validateValues } from './validate-values';

function aggregationOf(col: FieldConfig | ContainerHeader): AggregationType | null {
  if (col.aggregation === true) return 'SUM';
  return col.aggregation ? col.aggregation : null;
}

/** Headers of a container: one per visible column, section headers excluded. */
export function containerHeaders(columns: FieldConfig[]): ContainerHeader[] {
  return columns
    .filter((c) => !c.isSectionHeader && !c.hide && c.field_identifier !== 'H')
    .map((c) => {
      const h: ContainerHeader = { key: c.key, label: fieldLabel(c) };
      if (c.aggregation) h.aggregation = c.aggregation;
      return h;
    });
}

/** Numbers of a cell; empty or non-numeric cells count as nothing (not zero) so COUNT/AVERAGE stay honest. */
function cellNumber(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = amountNumber(v);
  return Number.isNaN(n) ? null : n;
}

function aggregate(kind: AggregationType, nums: number[]): number {
  switch (kind) {
    case 'COUNT':
      return nums.length;
    case 'AVERAGE':
      return nums.length ? nums.reduce((a, b) => a + b, 0) / nums.length : 0;
    case 'MIN':
      return nums.length ? Math.min(...nums) : 0;
    case 'MAX':
      return nums.length ? Math.max(...nums) : 0;
    default:
      return nums.reduce((a, b) => a + b, 0);
  }
}

/** Row total: the sum of the row's aggregated numeric cells; null when no column is aggregated. */
export function rowTotal(row: FormValues, headers: ContainerHeader[]): number | null {
  const agg = headers.filter((h) => aggregationOf(h));
  if (agg.length === 0) return null;
  return agg.reduce((sum, h) => sum + (cellNumber(row[h.key]) ?? 0), 0);
}

/** Per aggregated column, its aggregate over the record's rows. */
export function columnTotals(record: Pick<ContainerRecord, 'subRecords'>, headers: ContainerHeader[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const h of headers) {
    const kind = aggregationOf(h);
    if (!kind) continue;
    const nums = record.subRecords.map((r) => cellNumber(r[h.key])).filter((n): n is number => n !== null);
    out[h.key] = aggregate(kind, nums);
  }
  return out;
}

/** Record total: the sum of its column aggregates; null when nothing is aggregated. */
export function recordTotal(record: Pick<ContainerRecord, 'subRecords'>, headers: ContainerHeader[]): number | null {
  const totals = Object.values(columnTotals(record, headers));
  return totals.length ? totals.reduce((a, b) => a + b, 0) : null;
}

/** Overall total: the sum of the record totals; null when no record has one. */
export function overallTotal(records: Pick<ContainerRecord, 'total'>[]): number | null {
  const totals = records.map((r) => r.total).filter((t): t is number => t !== null);
  return totals.length ? totals.reduce((a, b) => a + b, 0) : null;
}

/** Rebuild headers and every total from the rows (after any edit), returning a new value. */
export function computeContainer(columns: FieldConfig[], rowsPerRecord: FormValues[][]): ContainerValue {
  const headers = containerHeaders(columns);
  const records: ContainerRecord[] = rowsPerRecord.map((subRecords) => ({
    headers,
    subRecords,
    total: recordTotal({ subRecords }, headers),
  }));
  return { records, overallTotal: overallTotal(records) };
}

/** An empty container: one record with one row of initial values. */
export function emptyContainer(columns: FieldConfig[]): ContainerValue {
  return computeContainer(columns, [[initialValuesOf(columns)]]);
}

export type AddCheck = { ok: true } | { ok: false; dirtyKeys: string[] };

/**
 * May a new row follow `row`? Only if the row is valid. Otherwise the keys to mark dirty are its mandatory
 * fields (so their required messages show), plus any other field that is invalid.
 */
export function canAddRow(columns: FieldConfig[], row: FormValues, options: ValidateOptions = {}): AddCheck {
  const issues = validateValues(columns, row, options);
  if (issues.length === 0) return { ok: true };
  const dirty = new Set(columns.filter(isMandatory).map((c) => c.key));
  issues.forEach((i) => dirty.add(i.key));
  return { ok: false, dirtyKeys: [...dirty] };
}

/** May a new record (section) follow `record`? Only when every row of it is valid. Dirty keys are row-indexed. */
export function canAddRecord(columns: FieldConfig[], record: Pick<ContainerRecord, 'subRecords'>, options: ValidateOptions = {}): AddCheck {
  const dirty: string[] = [];
  record.subRecords.forEach((row, i) => {
    const check = canAddRow(columns, row, options);
    if (!check.ok) check.dirtyKeys.forEach((k) => dirty.push(`subRecords[${i}].${k}`));
  });
  return dirty.length ? { ok: false, dirtyKeys: dirty } : { ok: true };
}

/** Append a row of initial values to a record when allowed; returns the new value and the check. */
export function addRow(
  columns: FieldConfig[],
  value: ContainerValue,
  recordIndex: number,
  options: ValidateOptions = {},
): { value: ContainerValue; check: AddCheck } {
  const record = value.records[recordIndex];
  if (!record) return { value, check: { ok: false, dirtyKeys: [] } };
  const last = record.subRecords[record.subRecords.length - 1];
  const check = last ? canAddRow(columns, last, options) : ({ ok: true } as const);
  if (!check.ok) return { value, check };
  const rows = value.records.map((r, i) => (i === recordIndex ? [...r.subRecords, initialValuesOf(columns)] : r.subRecords));
  return { value: computeContainer(columns, rows), check };
}

/** Append a record with one empty row when the last record is valid. */
export function addRecord(columns: FieldConfig[], value: ContainerValue, options: ValidateOptions = {}): { value: ContainerValue; check: AddCheck } {
  const last = value.records[value.records.length - 1];
  const check = last ? canAddRecord(columns, last, options) : ({ ok: true } as const);
  if (!check.ok) return { value, check };
  const rows = [...value.records.map((r) => r.subRecords), [initialValuesOf(columns)]];
  return { value: computeContainer(columns, rows), check };
}
