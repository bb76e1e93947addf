import { dateBounds, dateFormatOf, formatInFieldFormat, isMandatory } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

const show = (d: Date | undefined, format: string): string | null => (d ? formatInFieldFormat(d, format) : null);

/**
 * A date typed in the configured format (default DD/MM/YYYY), checked strictly by the engine: an impossible
 * date such as 31/02/2024 is refused. The hint states the format and the allowed range, so the applicant does
 * not have to guess the bounds of BETWEEN_DATE / BETWEEN_AGE / BETWEEN_DAYS.
 */
export function DateField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<string>(field, name, disabled);
  const ids = fieldIds(name);
  const format = dateFormatOf(field);
  const bounds = dateBounds(field);
  const min = show(bounds.min, format);
  const max = show(bounds.max, format);
  const range = min && max ? t('portal.fields.dateBetween', { min, max }, ` between ${min} and ${max}`) : min ? ` from ${min}` : max ? ` up to ${max}` : '';
  const hint = t('portal.fields.dateHint', { format, range }, `Format ${format}${range}`);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} hint={hint}>
      <input
        id={ids.input}
        name={name}
        type="text"
        inputMode="numeric"
        placeholder={format}
        autoComplete={field.key === 'dateOfBirth' ? 'bday' : 'off'}
        value={(input.value as string) ?? ''}
        disabled={disabled}
        aria-required={isMandatory(field) || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy(ids.hint, errorMessage && ids.error)}
        onChange={(e) => input.onChange(e.target.value)}
        onFocus={input.onFocus}
        onBlur={input.onBlur}
      />
    </FieldFrame>
  );
}
