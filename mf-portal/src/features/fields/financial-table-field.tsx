import { fieldLabel, formatCurrency } from '@lendline/shared/form-engine';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

interface Column {
  key: string;
  label: string;
  currency?: string | boolean;
}
interface TableValue {
  columns?: Column[];
  rows?: Record<string, unknown>[];
}

/**
 * A read-only financial table (e.g. an EMI schedule or the obligations a bureau returned). Columns come from the
 * value or from field_type_details.columns; money columns are formatted for their currency (INR lakh grouping).
 * It scrolls sideways inside its own box on a phone, so the page itself never does.
 */
export function FinancialTableField({ field, name }: FieldProps) {
  const { input, t } = useConfigField<TableValue | Record<string, unknown>[] | null>(field, name, true);
  const v = input.value;
  const rows = Array.isArray(v) ? v : v?.rows ?? [];
  const columns: Column[] =
    (!Array.isArray(v) && v?.columns) ||
    (field.field_type_details.columns as Column[] | undefined) ||
    Object.keys(rows[0] ?? {}).map((k) => ({ key: k, label: k }));
  const cell = (c: Column, x: unknown) => {
    if (c.currency) return formatCurrency(x, typeof c.currency === 'string' ? c.currency : 'INR') || String(x ?? '');
    return x === null || x === undefined ? '' : String(x);
  };
  const label = fieldLabel(field);
  return (
    <div className="ll-field" data-field={field.key}>
      {rows.length === 0 ? (
        <>
          <span className="ll-label">{label}</span>
          <p className="ll-muted">{t('portal.fields.tableEmpty', undefined, 'No figures yet.')}</p>
        </>
      ) : (
        <div className="ll-scroll-x" tabIndex={0} role="region" aria-label={label}>
          <table className="ll-table">
            <caption>{label}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col">
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={i}>
                  {columns.map((c) => (
                    <td key={c.key} className={c.currency ? 'll-num' : undefined}>
                      {cell(c, r[c.key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
