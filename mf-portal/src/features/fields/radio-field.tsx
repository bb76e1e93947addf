import { useMemo } from 'react';
import { withPropertyName } from '@lendline/shared/form-engine';
import { ChoiceList } from './choice-list';
import { controlAria } from './control-aria';
import { FieldFrame } from './field-frame';
import { fieldIds } from './field-ids';
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
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      <ChoiceList
        type="radio"
        inputId={ids.input}
        name={String(field.field_type_details.property ?? name)}
        options={options}
        checked={(o) => optionKey(input.value) === optionKey(o.value) && input.value !== ''}
        onChange={(o) => input.onChange(o.value)}
        disabled={disabled}
        input={input}
        group={{ role: 'radiogroup', 'aria-labelledby': ids.label, ...controlAria(field, errorMessage, ids) }}
      />
    </FieldFrame>
  );
}
