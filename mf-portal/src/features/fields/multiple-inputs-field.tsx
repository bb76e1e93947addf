import { fieldLabel, numericBound } from '@lendline/shared/form-engine';
import type { FieldConfig } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';
import { useT } from '@lendline/shared';
import { useRenderField } from './child-fields';

/**
 * A repeatable group (e.g. references): rows of the child fields in `fields`, up to max_value rows. Each cell is
 * a normal field named `key[i].child`, so it validates and re-renders on its own.
 */
export function MultipleInputsField({ field, name, disabled }: FieldProps) {
  const t = useT();
  const renderField = useRenderField();
  // The group re-renders when rows are added or removed or a cell changes; each cell validates on its own.
  const { input, errorMessage } = useConfigField<Record<string, unknown>[]>(field, name, disabled);
  const rows = Array.isArray(input.value) ? input.value : [];
  const children: FieldConfig[] = field.fields ?? [];
  const max = numericBound(field.field_type_details.max_value);
  const label = fieldLabel(field);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      {rows.map((_, i) => (
        <div key={i} className="ll-row" role="group" aria-label={`${label} ${i + 1}`}>
          {children.map((c) => renderField(c, `${name}[${i}].${c.key}`, disabled))}
          <button
            type="button"
            className="ll-button--secondary"
            disabled={disabled}
            onClick={() => input.onChange(rows.filter((__, j) => j !== i))}
            aria-label={t('portal.fields.removeRow', { label, n: i + 1 }, `Remove ${label} ${i + 1}`)}
          >
            {t('portal.fields.remove', undefined, 'Remove')}
          </button>
        </div>
      ))}
      <button type="button" className="ll-button--secondary" disabled={disabled || (max !== undefined && rows.length >= max)} onClick={() => input.onChange([...rows, {}])}>
        {t('portal.fields.addRow', { label }, `Add ${label}`)}
      </button>
    </FieldFrame>
  );
}
