import { useEffect, useState } from 'react';
import { useForm } from 'react-final-form';
import type { ContainerValue, FieldConfig } from '@lendline/shared/form-engine';
import { addRecord, addRow, computeContainer, emptyContainer, fieldLabel, formatCurrency, rowTotal, containerHeaders } from '@lendline/shared/form-engine';
import { useT } from '@lendline/shared';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';
import { useRenderField } from './child-fields';

/**
 * A container form (groupType CONTAINER, e.g. NESTED_TABLE): records, each with rows (subRecords) of the child
 * columns, a total per row and per record and an overall total (§3). A row or record is added only when the
 * current one is valid; otherwise its mandatory cells are marked touched so their messages show (§5).
 */
export function ContainerField({ field, name, disabled }: FieldProps) {
  const t = useT();
  const form = useForm();
  const renderField = useRenderField();
  const columns: FieldConfig[] = field.fields ?? [];
  const { input } = useConfigField<ContainerValue>(field, name, disabled);
  const value: ContainerValue = input.value && Array.isArray(input.value.records) ? input.value : emptyContainer(columns);
  const [blocked, setBlocked] = useState<string | null>(null);
  const headers = containerHeaders(columns);
  const currency = typeof field.field_type_details.currency_field === 'string' ? field.field_type_details.currency_field : 'INR';
  const money = (n: number | null) => (n === null ? '' : formatCurrency(n, currency));

  // Keep the stored totals in step with the cells, so what is saved carries the same totals as shown.
  const recomputed = computeContainer(columns, value.records.map((r) => r.subRecords ?? []));
  const stale = JSON.stringify(recomputed) !== JSON.stringify(value);
  useEffect(() => {
    if (stale) form.change(name, recomputed);
  });

  const touch = (keys: string[]) => keys.forEach((k) => form.blur(k));
  const onAddRow = (r: number) => {
    const res = addRow(columns, recomputed, r);
    if (res.check.ok) {
      setBlocked(null);
      form.change(name, res.value);
    } else {
      const last = recomputed.records[r].subRecords.length - 1;
      touch(res.check.dirtyKeys.map((k) => `${name}.records[${r}].subRecords[${last}].${k}`));
      setBlocked(t('portal.fields.completeRowFirst', undefined, 'Complete the current row before adding another.'));
    }
  };
  const onAddRecord = () => {
    const res = addRecord(columns, recomputed);
    if (res.check.ok) {
      setBlocked(null);
      form.change(name, res.value);
    } else {
      const r = recomputed.records.length - 1;
      touch(res.check.dirtyKeys.map((k) => `${name}.records[${r}].${k}`));
      setBlocked(t('portal.fields.completeRecordFirst', undefined, 'Complete the current section before adding another.'));
    }
  };
  const label = fieldLabel(field);
  return (
    <fieldset className="ll-field ll-field--group ll-container" data-field={field.key}>
      <legend>{label}</legend>
      {recomputed.records.map((record, r) => (
        <div key={r} className="ll-record" role="group" aria-label={`${label} ${r + 1}`}>
          {record.subRecords.map((row, s) => (
            <div key={s} className="ll-row">
              {columns.map((c) => renderField(c, `${name}.records[${r}].subRecords[${s}].${c.key}`, disabled))}
              {rowTotal(row, headers) !== null && (
                <p className="ll-total">
                  {t('portal.fields.rowTotal', undefined, 'Row total')}: <strong>{money(rowTotal(row, headers))}</strong>
                </p>
              )}
            </div>
          ))}
          {record.total !== null && (
            <p className="ll-total">
              {t('portal.fields.recordTotal', undefined, 'Total')}: <strong>{money(record.total)}</strong>
            </p>
          )}
          {field.addRow && (
            <button type="button" className="ll-button--secondary" disabled={disabled} onClick={() => onAddRow(r)}>
              {t('portal.fields.addRowTo', { label }, `Add a row`)}
            </button>
          )}
        </div>
      ))}
      {field.addSection && (
        <button type="button" className="ll-button--secondary" disabled={disabled} onClick={onAddRecord}>
          {t('portal.fields.addRecord', { label }, `Add another ${label}`)}
        </button>
      )}
      {recomputed.overallTotal !== null && (
        <p className="ll-total ll-total--overall">
          {t('portal.fields.overallTotal', undefined, 'Overall total')}: <strong>{money(recomputed.overallTotal)}</strong>
        </p>
      )}
      {blocked && (
        <p className="ll-field-error" role="alert">
          {blocked}
        </p>
      )}
    </fieldset>
  );
}
