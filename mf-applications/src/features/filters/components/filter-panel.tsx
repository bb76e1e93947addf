import { useEffect, useId, useState, type FormEvent } from 'react';
import { useT, type FilterFieldType, type FilterOperator, type ListFilter, type ListType } from '@lendline/shared';
import type { TableColumn } from '../../../api/table-config';
import { filterFieldOf } from '../../../api/column-fields';
import { operatorLabel, operatorsFor, parseFilterValue, sameFilter } from '../api/operators';
import { SavedFilters } from './saved-filters';
import { CloseIcon } from '@lendline/shared/ui/icons';
import { DateField, Select, TextField } from '@lendline/shared/ui';

export interface FilterPanelProps {
  type: ListType;
  columns: TableColumn[];
  filters: ListFilter[];
  onChange(filters: ListFilter[]): void;
}

/** The value control for the chosen field's type, from the kit: a list for dropdowns, a date field, or text. */
function ValueInput({ col, value, set, label }: { col: TableColumn | undefined; value: string; set: (v: string) => void; label: string }) {
  if (col?.type === 'dropdown' && col.options?.length) {
    return <Select label={label} placeholder="—" value={value || null} onChange={set} options={col.options.map((o) => ({ id: o, label: o }))} testId="filter-value" />;
  }
  if (col?.type === 'date') return <DateField label={label} value={value || null} onChange={(v) => set(v ?? '')} testId="filter-value" />;
  return <TextField label={label} value={value} onChange={set} inputMode={col?.type === 'amount' ? 'decimal' : undefined} testId="filter-value" />;
}

/** §5 filters by field type: pick a column, an operator its type allows, a value; saved filters reuse a set. */
export default function FilterPanel({ type, columns, filters, onChange }: FilterPanelProps) {
  const t = useT();
  const errId = useId();
  const filterable = columns.filter((c) => c.filterable);
  const [field, setField] = useState(filterable[0]?.key ?? '');
  const col = filterable.find((c) => c.key === field);
  const fieldType: FilterFieldType = col?.type ?? 'text';
  const ops = operatorsFor(fieldType);
  const [op, setOp] = useState<FilterOperator>(ops[0]);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  // A new field type may not offer the operator chosen before (a date has no CONTAINS).
  useEffect(() => {
    if (!ops.includes(op)) setOp(ops[0]);
    setValue('');
    setError(null);
  }, [field]); // eslint-disable-line react-hooks/exhaustive-deps

  function add(e: FormEvent) {
    e.preventDefault();
    const parsed = parseFilterValue(fieldType, value);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    const f: ListFilter = { field: col ? filterFieldOf(col) : field, operator: op, value: parsed.value, type: fieldType };
    if (!filters.some((x) => sameFilter(x, f))) onChange([...filters, f]);
    setValue('');
    setError(null);
  }

  // A filter names the server's field; the chip shows the column it came from.
  const labelOf = (field: string) => columns.find((c) => filterFieldOf(c) === field || c.key === field)?.label ?? field;
  return (
    <section className="ll-filters" aria-label={t('areas.applications.filters.title', undefined, 'Filters')}>
      <form className="ll-filter-form" onSubmit={add} noValidate>
        <Select
          label={t('areas.applications.filters.field', undefined, 'Field')}
          value={field || null}
          onChange={setField}
          options={filterable.map((c) => ({ id: c.key, label: c.label }))}
          testId="filter-field"
        />
        <Select
          label={t('areas.applications.filters.operator', undefined, 'Condition')}
          value={op}
          onChange={(id) => setOp(id as FilterOperator)}
          options={ops.map((o) => ({ id: o, label: operatorLabel(fieldType, o) }))}
          testId="filter-operator"
        />
        <ValueInput key={field} col={col} value={value} set={setValue} label={t('areas.applications.filters.value', undefined, 'Value')} />
        <button type="submit">{t('areas.applications.filters.add', undefined, 'Add filter')}</button>
        {error && (
          <span id={errId} role="alert" className="ll-field-error">
            {error}
          </span>
        )}
      </form>
      {filters.length > 0 && (
        <ul className="ll-filter-chips" aria-label={t('areas.applications.filters.active', undefined, 'Active filters')} data-testid="active-filters">
          {filters.map((f, i) => (
            <li key={i} className="ll-chip ll-chip--on">
              {labelOf(f.field)} {operatorLabel(f.type ?? 'text', f.operator)} {String(f.value)}
              <button type="button" className="ll-chip-remove" aria-label={t('listWording.filterRemove', { name: labelOf(f.field) }, 'Remove filter on {name}')} onClick={() => onChange(filters.filter((_, j) => j !== i))}>
                <CloseIcon />
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="ll-button--secondary" onClick={() => onChange([])}>
              {t('areas.applications.filters.clear', undefined, 'Clear filters')}
            </button>
          </li>
        </ul>
      )}
      <SavedFilters type={type} filters={filters} onApply={onChange} />
    </section>
  );
}
