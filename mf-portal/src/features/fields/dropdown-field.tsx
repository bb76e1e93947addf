import { useMemo } from 'react';
import { fieldOptions, isMandatory, withPropertyName } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { optionFromKey, optionKey } from './option-values';
import { useConfigField } from './use-config-field';

/**
 * A native select (the phone shows its own picker; keyboard and screen readers work out of the box). Multiple
 * selection when configured. Without a property name the control gets a random one (§5), so two unnamed
 * dropdowns never collide in the submitted form.
 */
export function DropdownField({ field: raw, name, disabled }: FieldProps) {
  const field = useMemo(() => withPropertyName(raw), [raw]);
  const { input, errorMessage, t } = useConfigField<unknown>(field, name, disabled);
  const ids = fieldIds(name);
  const options = fieldOptions(field);
  const multiple = field.field_type_details.multiple === true;
  const common = {
    id: ids.input,
    name: String(field.field_type_details.property ?? name),
    disabled,
    'aria-required': isMandatory(field) || undefined,
    'aria-invalid': errorMessage ? true : undefined,
    'aria-describedby': describedBy(errorMessage && ids.error),
    onFocus: input.onFocus,
    onBlur: input.onBlur,
  } as const;
  return (
    <FieldFrame field={field} name={name} error={errorMessage}>
      {multiple ? (
        <select
          {...common}
          multiple
          value={(Array.isArray(input.value) ? input.value : []).map(optionKey)}
          onChange={(e) => input.onChange(Array.from(e.target.selectedOptions).map((o) => optionFromKey(options, o.value)))}
        >
          {options.map((o) => (
            <option key={optionKey(o.value)} value={optionKey(o.value)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <select {...common} value={optionKey(input.value)} onChange={(e) => input.onChange(optionFromKey(options, e.target.value))}>
          <option value="">{t('portal.fields.choose', undefined, 'Choose…')}</option>
          {options.map((o) => (
            <option key={optionKey(o.value)} value={optionKey(o.value)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
