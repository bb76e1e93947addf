import { fieldLabel, numericBound } from '@lendline/shared/form-engine';
import { fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/**
 * A read-only half-circle gauge (e.g. an eligibility score filled in by an external check). role="meter" with
 * its value for screen readers; says plainly when no score exists yet instead of drawing a made-up one.
 */
export function GaugeChartField({ field, name }: FieldProps) {
  const { input, t } = useConfigField<number | null>(field, name, true);
  const ids = fieldIds(name);
  const min = numericBound(field.field_type_details.min_value) ?? 0;
  const max = numericBound(field.field_type_details.max_value) ?? 100;
  const has = input.value !== null && input.value !== undefined && (input.value as unknown) !== '' && Number.isFinite(Number(input.value));
  const value = has ? Math.min(max, Math.max(min, Number(input.value))) : min;
  const fraction = max > min ? (value - min) / (max - min) : 0;
  // Arc from 180° to 0°: the end point of the filled part.
  const angle = Math.PI * (1 - fraction);
  const x = 50 + 40 * Math.cos(angle);
  const y = 50 - 40 * Math.sin(angle);
  const label = fieldLabel(field);
  return (
    <div className="ll-field" data-field={field.key}>
      <span id={ids.label} className="ll-label">
        {label}
      </span>
      {has ? (
        <div role="meter" aria-labelledby={ids.label} aria-valuemin={min} aria-valuemax={max} aria-valuenow={value} className="ll-gauge">
          <svg viewBox="0 0 100 56" width="180" height="100" aria-hidden="true" focusable="false">
            <path d="M10 50 A40 40 0 0 1 90 50" fill="none" stroke="var(--ll-surface-300, #ddd)" strokeWidth="8" />
            <path d={`M10 50 A40 40 0 0 1 ${x.toFixed(2)} ${y.toFixed(2)}`} fill="none" stroke="var(--ll-primary, #1565c0)" strokeWidth="8" />
          </svg>
          <strong>{value}</strong>
          <span className="ll-muted">
            {' '}
            / {max}
          </span>
        </div>
      ) : (
        <p className="ll-muted">{t('portal.fields.gaugePending', undefined, 'Your score appears here once the check has run.')}</p>
      )}
    </div>
  );
}
