import { FILTER_OPERATORS, type FilterFieldType, type FilterOperator, type ListFilter } from '@lendline/shared';

/** §5: which operators each field type offers. */
export function operatorsFor(type: FilterFieldType): readonly FilterOperator[] {
  return FILTER_OPERATORS[type] ?? FILTER_OPERATORS.text;
}

export const OPERATOR_LABELS: Record<FilterOperator, string> = {
  EQUAL: 'equals',
  NOT_EQUAL: 'does not equal',
  GREATER_THAN: 'greater than',
  LESS_THAN: 'less than',
  GREATER_THAN_OR_EQUAL: 'at least',
  LESS_THAN_OR_EQUAL: 'at most',
  CONTAINS: 'contains',
  ENDS_WITH: 'ends with',
};

/** Date operators read as before/after rather than less/greater. */
export const DATE_OPERATOR_LABELS: Partial<Record<FilterOperator, string>> = { GREATER_THAN: 'after', LESS_THAN: 'before', EQUAL: 'on', NOT_EQUAL: 'not on' };

export function operatorLabel(type: FilterFieldType, op: FilterOperator): string {
  return (type === 'date' ? DATE_OPERATOR_LABELS[op] : undefined) ?? OPERATOR_LABELS[op];
}

/** Turns what the user typed into a filter value of the right kind, or an error text. */
export function parseFilterValue(type: FilterFieldType, raw: string): { value: string | number } | { error: string } {
  const text = raw.trim();
  if (!text) return { error: 'Enter a value' };
  if (type === 'amount') {
    const n = Number(text.replace(/,/g, ''));
    return Number.isFinite(n) ? { value: n } : { error: 'Enter a number' };
  }
  if (type === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(text) ? { value: text } : { error: 'Enter a date' };
  return { value: text };
}

export function sameFilter(a: ListFilter, b: ListFilter): boolean {
  return a.field === b.field && a.operator === b.operator && JSON.stringify(a.value) === JSON.stringify(b.value);
}
