import { useRef, type KeyboardEvent } from 'react';
import { useFieldOptions } from './option-labels';
import { controlAria } from './control-aria';
import { FieldFrame } from './field-frame';
import { fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { optionKey } from './option-values';
import { useConfigField } from './use-config-field';

/**
 * A single choice that looks like tabs (e.g. Salaried / Self-employed). It is a choice, not a tab list, so it is
 * announced as one: role radiogroup / radio with aria-checked. Keyboard as in the ARIA radio group pattern: arrows
 * move and select (wrapping), Home/End jump; only the selected option is in the tab order.
 */
export function TabsField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage } = useConfigField<unknown>(field, name, disabled);
  const ids = fieldIds(name);
  const options = useFieldOptions(field);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = options.findIndex((o) => optionKey(o.value) === optionKey(input.value) && input.value !== '');
  const choose = (i: number) => {
    input.onChange(options[i].value);
    refs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = selected < 0 ? 0 : selected;
    const last = options.length - 1;
    const next = e.key === 'ArrowRight' || e.key === 'ArrowDown';
    const prev = e.key === 'ArrowLeft' || e.key === 'ArrowUp';
    const to = next ? (at === last ? 0 : at + 1) : prev ? (at === 0 ? last : at - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (to >= 0) {
      e.preventDefault();
      choose(to);
    }
  };
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      <div
        role="radiogroup"
        className="ll-tabs"
        aria-labelledby={ids.label}
        {...controlAria(field, errorMessage, ids)}
        onKeyDown={onKeyDown}
      >
        {options.map((o, i) => (
          <button
            key={optionKey(o.value)}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            className="ll-tab"
            aria-checked={i === selected}
            tabIndex={i === selected || (selected < 0 && i === 0) ? 0 : -1}
            disabled={disabled || o.disabled}
            onClick={() => choose(i)}
            onBlur={input.onBlur}
          >
            {o.label}
          </button>
        ))}
      </div>
    </FieldFrame>
  );
}
