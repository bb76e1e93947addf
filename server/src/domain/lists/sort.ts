import { refused } from '../errors';

/**
 * Server-side sort (keyset on (sort key, id)) over columns an index serves in that order, so a
 * sorted page costs about what an unsorted one does at 1,000,000 applications. A column without
 * such an index is refused with 400/1101 rather than sorting the whole filtered list per request.
 *
 * NULLs sort last in both directions. Nullable columns sort by coalesce(column, ±infinity): one
 * value per row, so the cursor is a plain row comparison (an index range) and the 015 indexes on
 * the same expressions serve ASC by a forward walk and DESC by a backward one.
 */
interface SortColumn {
  /** The expression ordered by, per direction (the indexes of 013/015 are on these exactly). */
  asc: string;
  desc: string;
  /** The SQL type of the cursor value. */
  type: 'text' | 'numeric' | 'timestamptz';
}

const notNull = (column: string, type: SortColumn['type']): SortColumn => ({ asc: column, desc: column, type });
const nullsLast = (column: string, type: 'numeric' | 'timestamptz'): SortColumn => {
  const inf = type === 'numeric' ? 'Infinity' : 'infinity';
  return { asc: `coalesce(${column}, '${inf}'::${type})`, desc: `coalesce(${column}, '-${inf}'::${type})`, type };
};

const COLUMNS = {
  application_id: notNull('application_id', 'text'),
  applicant_name: notNull('applicant_name', 'text'),
  created_at: notNull('created_at', 'timestamptz'),
  loan_amount: nullsLast('loan_amount', 'numeric'),
  sla_due_at: nullsLast('sla_due_at', 'timestamptz'),
} satisfies Record<string, SortColumn>;

/**
 * Sortable request keys → column: the table configs' keys (snake_case and customFields.loanAmount)
 * and the keys list rows carry (loanAmount, slaDueAt), so either spelling sorts the same column.
 */
export const SORTABLE: Record<string, keyof typeof COLUMNS> = {
  application_id: 'application_id',
  applicant_name: 'applicant_name',
  loan_amount: 'loan_amount',
  'customFields.loanAmount': 'loan_amount',
  loanAmount: 'loan_amount',
  sla_due_at: 'sla_due_at',
  slaDueAt: 'sla_due_at',
  cre_time: 'created_at',
};

export interface ListSort {
  field: string;
  column: string;
  order: 'asc' | 'desc';
}

/** {field, order}: order asc/desc in either case (mf-applications sends ASC/DESC), default asc. */
export function parseSort(v: unknown): ListSort | null {
  if (v == null) return null;
  if (typeof v !== 'object' || Array.isArray(v)) throw refused('sort', 'must be an object {field, order}');
  const { field, order = 'asc' } = v as { field?: unknown; order?: unknown };
  if (typeof field !== 'string' || !Object.prototype.hasOwnProperty.call(SORTABLE, field)) {
    throw refused('sort.field', `cannot sort by "${String(field).slice(0, 40)}"; sortable (indexed): ${Object.keys(SORTABLE).join(', ')}`);
  }
  const o = typeof order === 'string' ? order.toLowerCase() : order;
  if (o !== 'asc' && o !== 'desc') throw refused('sort.order', 'must be asc or desc');
  return { field, column: SORTABLE[field], order: o };
}

/** The ORDER BY, the sort key to put in the cursor, and the keyset condition after a cursor. */
export function sortSql(sort: ListSort, param: (v: unknown) => string, cursor: { id: string; value: string | number | null } | null) {
  const c = COLUMNS[sort.column as keyof typeof COLUMNS];
  const expr = c[sort.order];
  const dir = sort.order === 'asc' ? 'ASC' : 'DESC';
  const after = cursor
    ? cursor.value == null
      ? 'false' // every sort key is a value (NULLs are coalesced); a cursor without one ends the list
      : `(${expr}, id) ${sort.order === 'asc' ? '>' : '<'} (${param(String(cursor.value))}::${c.type}, ${param(cursor.id)}::bigint)`
    : null;
  return { orderBy: `${expr} ${dir}, id ${dir}`, key: `(${expr})::text`, after };
}
