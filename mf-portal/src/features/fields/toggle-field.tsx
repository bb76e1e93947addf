import { fieldLabel, isMandatory } from '@lendline/shared/form-engine';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/** An on/off switch (role switch, Space toggles it); when mandatory it must be on (§5). */
export function ToggleField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<boolean>(field, name, disabled);
  const ids = fieldIds(name);
  const on = input.value === true;
  return (
    <div className="ll-field ll-field--check" data-field={field.key}>
      <div className="ll-toggle-row">
        <span id={ids.label}>
          {fieldLabel(field)}
          {isMandatory(field) && <span aria-hidden="true"> *</span>}
        </span>
        <button
          id={ids.input}
          type="button"
          role="switch"
          className={`ll-toggle${on ? ' ll-toggle--on' : ''}`}
          aria-checked={on}
          aria-labelledby={ids.label}
          aria-required={isMandatory(field) || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy(errorMessage && ids.error)}
          disabled={disabled}
          onClick={() => input.onChange(!on)}
          onFocus={input.onFocus}
          onBlur={input.onBlur}
        >
          {on ? t('portal.fields.on', undefined, 'On') : t('portal.fields.off', undefined, 'Off')}
        </button>
      </div>
      {errorMessage && (
        <p className="ll-field-error" id={ids.error} role="alert">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
