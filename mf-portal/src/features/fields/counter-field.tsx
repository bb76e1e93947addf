import type { KeyboardEvent } from 'react';
import { canDecrement, canIncrement, decrementCounter, fieldLabel, incrementCounter, isMandatory, numericBound } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/**
 * A number changed with − and + (large touch targets). It increments only below max_value and decrements only
 * above min_value (§5); the value itself is a spinbutton, so ArrowUp/ArrowDown work from the keyboard too.
 */
export function CounterField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<number | ''>(field, name, disabled);
  const ids = fieldIds(name);
  const min = numericBound(field.field_type_details.min_value);
  const max = numericBound(field.field_type_details.max_value);
  const has = input.value !== '' && input.value !== undefined && input.value !== null;
  const value = has ? Number(input.value) : (min ?? 0);
  // The first press from "no value" starts at the minimum rather than skipping over it.
  const inc = () => input.onChange(has ? incrementCounter(field, value) : value);
  const dec = () => input.onChange(has ? decrementCounter(field, value) : value);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowUp' && (!has || canIncrement(field, value))) {
      e.preventDefault();
      inc();
    } else if (e.key === 'ArrowDown' && (!has || canDecrement(field, value))) {
      e.preventDefault();
      dec();
    }
  };
  const label = fieldLabel(field);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="none">
      <span className="ll-counter-label" id={ids.label}>
        {label}
        {isMandatory(field) && <span aria-hidden="true"> *</span>}
      </span>
      <div className="ll-counter">
        <button type="button" className="ll-button--secondary" aria-label={t('portal.fields.decrease', { label }, `Decrease ${label}`)} disabled={disabled || (has && !canDecrement(field, value))} onClick={dec}>
          −
        </button>
        <span
          id={ids.input}
          role="spinbutton"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={ids.label}
          aria-valuenow={has ? value : undefined}
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuetext={has ? String(value) : t('portal.fields.notChosen', undefined, 'not chosen')}
          aria-required={isMandatory(field) || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy(errorMessage && ids.error)}
          className="ll-counter__value"
          onKeyDown={onKeyDown}
          onBlur={input.onBlur}
        >
          {has ? value : '—'}
        </span>
        <button type="button" className="ll-button--secondary" aria-label={t('portal.fields.increase', { label }, `Increase ${label}`)} disabled={disabled || (has && !canIncrement(field, value))} onClick={inc}>
          +
        </button>
      </div>
    </FieldFrame>
  );
}
