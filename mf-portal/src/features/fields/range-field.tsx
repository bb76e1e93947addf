import { fieldLabel, formatPercent, isInterestRateField, numericBound, rangeDefault, type RangeValue } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/**
 * A from–to range ({min, max}), defaulting to the configured bounds or 0–100 (§5). Two native range inputs, so
 * arrows, PageUp/PageDown and Home/End work; the low handle never passes the high one.
 */
export function RangeField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<RangeValue>(field, name, disabled);
  const ids = fieldIds(name);
  const bounds = rangeDefault(field);
  const value: RangeValue = input.value && typeof input.value === 'object' ? input.value : bounds;
  const step = numericBound(field.field_type_details.step) ?? 1;
  const show = (n: number) => (isInterestRateField(field) ? formatPercent(n) : String(n));
  const label = fieldLabel(field);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} as="legend">
      <div className="ll-range" aria-describedby={describedBy(errorMessage && ids.error)}>
        <label className="ll-range__row">
          <span>{t('portal.fields.from', undefined, 'From')}</span>
          <input
            type="range"
            id={ids.input}
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={value.min}
            disabled={disabled}
            aria-label={`${label}: ${t('portal.fields.from', undefined, 'From')}`}
            aria-valuetext={show(value.min)}
            onChange={(e) => input.onChange({ min: Math.min(Number(e.target.value), value.max), max: value.max })}
            onBlur={input.onBlur}
          />
          <output>{show(value.min)}</output>
        </label>
        <label className="ll-range__row">
          <span>{t('portal.fields.to', undefined, 'To')}</span>
          <input
            type="range"
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={value.max}
            disabled={disabled}
            aria-label={`${label}: ${t('portal.fields.to', undefined, 'To')}`}
            aria-valuetext={show(value.max)}
            onChange={(e) => input.onChange({ min: value.min, max: Math.max(Number(e.target.value), value.min) })}
            onBlur={input.onBlur}
          />
          <output>{show(value.max)}</output>
        </label>
      </div>
    </FieldFrame>
  );
}
