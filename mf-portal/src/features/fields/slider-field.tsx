import { isMandatory, numericBound } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/**
 * A single value on a scale (native range input: arrows, PageUp/PageDown, Home/End). A slider configured with a
 * defaultValue starts there and that counts as the answer; one without has no value yet, so a mandatory one
 * shows "required" until the applicant picks — the engine checks the range.
 */
export function SliderField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<number | ''>(field, name, disabled);
  const ids = fieldIds(name);
  const d = field.field_type_details;
  const min = numericBound(d.min_value) ?? 0;
  const max = numericBound(d.max_value) ?? 100;
  const step = numericBound(d.step) ?? 1;
  const has = input.value !== '' && input.value !== undefined && input.value !== null;
  const value = has ? Number(input.value) : min;
  return (
    <FieldFrame field={field} name={name} error={errorMessage} hint={`${min} – ${max}`}>
      <div className="ll-slider">
        <input
          id={ids.input}
          type="range"
          min={min}
          max={max}
          step={step}
          value={value}
          disabled={disabled}
          aria-required={isMandatory(field) || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy(ids.hint, errorMessage && ids.error)}
          aria-valuetext={has ? String(value) : t('portal.fields.notChosen', undefined, 'not chosen')}
          onChange={(e) => input.onChange(Number(e.target.value))}
          // A click or key on the thumb at its start position fires no change event; still count it as a choice.
          onPointerUp={() => !has && input.onChange(value)}
          onKeyUp={(e) => !has && (e.key === 'Enter' || e.key === ' ') && input.onChange(value)}
          onFocus={input.onFocus}
          onBlur={input.onBlur}
        />
        <output htmlFor={ids.input} aria-hidden="true">
          {has ? value : '—'}
        </output>
      </div>
    </FieldFrame>
  );
}
