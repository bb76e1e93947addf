import { useMemo } from 'react';
import { isMandatory, withPropertyName } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { optionKey } from './option-values';
import { useConfigField } from './use-config-field';
import { useFieldOptions } from './option-labels';

/** Radio group in a fieldset; arrow keys move between options natively. A random group name when none (§5). */
export function RadioField({ field: raw, name, disabled }: FieldProps) {
  const field = useMemo(() => withPropertyName(raw), [raw]);
  const { input, errorMessage } = useConfigField<unknown>(field, name, disabled);
  const ids = fieldIds(name);
  const options = useFieldOptions(field);
  const group = String(field.field_type_details.property ?? name);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      <div
        className="ll-options"
        role="radiogroup"
        aria-labelledby={ids.label}
        aria-required={isMandatory(field) || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy(errorMessage && ids.error)}
      >
        {options.map((o, i) => {
          const id = `${ids.input}-${i}`;
          return (
            <label key={optionKey(o.value)} htmlFor={id} className="ll-option">
              <input
                id={id}
                type="radio"
                name={group}
                value={optionKey(o.value)}
                checked={optionKey(input.value) === optionKey(o.value) && input.value !== ''}
                disabled={disabled || o.disabled}
                onChange={() => input.onChange(o.value)}
                onFocus={input.onFocus}
                onBlur={input.onBlur}
              />
              <span>{o.label}</span>
            </label>
          );
        })}
      </div>
    </FieldFrame>
  );
}
