import { isMandatory, numericBound } from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/** Multi-line text; max_value, when set, is the character limit and a live count is shown. */
export function TextareaField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<string>(field, name, disabled);
  const ids = fieldIds(name);
  const max = numericBound(field.field_type_details.max_value);
  const text = (input.value as string) ?? '';
  const hint = max ? t('portal.fields.charsLeft', { left: max - text.length }, `${max - text.length} characters left`) : null;
  const height = field.field_type_details.displayConfigs?.height;
  return (
    <FieldFrame field={field} name={name} error={errorMessage} hint={hint}>
      <textarea
        id={ids.input}
        name={name}
        rows={4}
        maxLength={max}
        style={typeof height === 'number' ? { minHeight: height } : undefined}
        value={text}
        disabled={disabled}
        aria-required={isMandatory(field) || undefined}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy(hint && ids.hint, errorMessage && ids.error)}
        onChange={(e) => input.onChange(e.target.value)}
        onFocus={input.onFocus}
        onBlur={input.onBlur}
      />
    </FieldFrame>
  );
}
