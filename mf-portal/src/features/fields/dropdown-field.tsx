import { useMemo } from 'react';
import { withPropertyName } from '@lendline/shared/form-engine';
import { ChoiceList } from './choice-list';
import { controlAria } from './control-aria';
import { FieldFrame } from './field-frame';
import { fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { optionFromKey, optionKey } from './option-values';
import { useConfigField } from './use-config-field';
import { useFieldOptions } from './option-labels';

/**
 * A native select (the phone shows its own picker; keyboard and screen readers work out of the box); a multiple
 * one is a checkbox group. Without a property name the control gets a random one (§5), so two unnamed
 * dropdowns never collide in the submitted form.
 */
export function DropdownField({ field: raw, name, disabled }: FieldProps) {
  const field = useMemo(() => withPropertyName(raw), [raw]);
  const { input, errorMessage, t } = useConfigField<unknown>(field, name, disabled);
  const ids = fieldIds(name);
  const options = useFieldOptions(field);
  const multiple = field.field_type_details.multiple === true;
  const common = {
    id: ids.input,
    name: String(field.field_type_details.property ?? name),
    disabled,
    ...controlAria(field, errorMessage, ids),
    onFocus: input.onFocus,
    onBlur: input.onBlur,
  } as const;
  if (multiple) {
    // A multi-choice is a group of checkboxes (announced as such, one tap per option on a phone), not a
    // multi-select list box that needs Ctrl/Cmd to pick more than one.
    const chosen = Array.isArray(input.value) ? input.value.map(optionKey) : [];
    const toggle = (key: string, on: boolean) => {
      const keys = on ? [...chosen, key] : chosen.filter((k) => k !== key);
      input.onChange(options.filter((o) => keys.includes(optionKey(o.value))).map((o) => o.value));
    };
    return (
      <FieldFrame field={field} name={name} error={errorMessage} as="legend">
        <ChoiceList
          type="checkbox"
          inputId={ids.input}
          name={common.name}
          options={options}
          checked={(o) => chosen.includes(optionKey(o.value))}
          onChange={(o, e) => toggle(optionKey(o.value), e.target.checked)}
          disabled={disabled}
          input={input}
          group={{ 'aria-describedby': common['aria-describedby'] }}
        />
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} name={name} error={errorMessage}>
      <select {...common} value={optionKey(input.value)} onChange={(e) => input.onChange(optionFromKey(options, e.target.value))}>
        <option value="">{t('portal.fields.choose', undefined, 'Choose…')}</option>
        {options.map((o) => (
          <option key={optionKey(o.value)} value={optionKey(o.value)} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
