import type { ChangeEvent, HTMLAttributes } from 'react';
import type { FieldOption } from '@lendline/shared/form-engine';
import { optionKey } from './option-values';

interface Props {
  type: 'radio' | 'checkbox';
  /** The field's input id: option i gets `${inputId}-${i}`. */
  inputId: string;
  /** The submitted name every option shares. */
  name: string;
  options: FieldOption[];
  checked(option: FieldOption): boolean;
  onChange(option: FieldOption, e: ChangeEvent<HTMLInputElement>): void;
  disabled?: boolean;
  /** The field's focus and blur (useConfigField's input): every option reports to the one field. */
  input: { onFocus(): void; onBlur(): void };
  /** The group's role and ARIA (a radio group labels itself; a checkbox group points at the error only). */
  group: HTMLAttributes<HTMLDivElement>;
}

/** The options as native radios or checkboxes, each in its own label (RadioField, and DropdownField when multiple). */
export function ChoiceList({ type, inputId, name, options, checked, onChange, disabled, input, group }: Props) {
  return (
    <div className="ll-options" {...group}>
      {options.map((o, i) => {
        const key = optionKey(o.value);
        return (
          <label key={key} htmlFor={`${inputId}-${i}`} className="ll-option">
            <input
              id={`${inputId}-${i}`}
              type={type}
              name={name}
              value={key}
              checked={checked(o)}
              disabled={disabled || o.disabled}
              onChange={(e) => onChange(o, e)}
              onFocus={input.onFocus}
              onBlur={input.onBlur}
            />
            <span>{o.label}</span>
          </label>
        );
      })}
    </div>
  );
}
