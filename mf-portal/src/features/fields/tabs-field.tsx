import { useRef, type KeyboardEvent } from 'react';
import { fieldOptions } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { optionKey } from './option-values';
import { useConfigField } from './use-config-field';

/**
 * A choice shown as tabs (e.g. Salaried / Self-employed). Keyboard: arrows move and select, Home/End jump, as
 * in the ARIA tabs pattern; only the selected tab is in the tab order.
 */
export function TabsField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage } = useConfigField<unknown>(field, name, disabled);
  const ids = fieldIds(name);
  const options = fieldOptions(field);
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const selected = options.findIndex((o) => optionKey(o.value) === optionKey(input.value) && input.value !== '');
  const choose = (i: number) => {
    input.onChange(options[i].value);
    refs.current[i]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const at = selected < 0 ? 0 : selected;
    const last = options.length - 1;
    const to = e.key === 'ArrowRight' ? (at === last ? 0 : at + 1) : e.key === 'ArrowLeft' ? (at === 0 ? last : at - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : -1;
    if (to >= 0) {
      e.preventDefault();
      choose(to);
    }
  };
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      <div
        role="tablist"
        className="ll-tabs"
        aria-labelledby={ids.label}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy(errorMessage && ids.error)}
        onKeyDown={onKeyDown}
      >
        {options.map((o, i) => (
          <button
            key={optionKey(o.value)}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            className="ll-tab"
            aria-selected={i === selected}
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
