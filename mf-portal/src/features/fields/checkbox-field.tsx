import { fieldLabel, isMandatory } from '@lendline/shared/form-engine';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/** A checkbox; when mandatory it must be ticked (§5). The label is clickable and wraps on a phone. */
export function CheckboxField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage } = useConfigField<boolean>(field, name, disabled);
  const ids = fieldIds(name);
  return (
    <div className="ll-field ll-field--check" data-field={field.key}>
      <label htmlFor={ids.input} className="ll-check">
        <input
          id={ids.input}
          name={name}
          type="checkbox"
          checked={input.value === true}
          disabled={disabled}
          aria-required={isMandatory(field) || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy(errorMessage && ids.error)}
          onChange={(e) => input.onChange(e.target.checked)}
          onFocus={input.onFocus}
          onBlur={input.onBlur}
        />
        <span>
          {fieldLabel(field)}
          {isMandatory(field) && <span aria-hidden="true"> *</span>}
        </span>
      </label>
      {errorMessage && (
        <p className="ll-field-error" id={ids.error} role="alert">
          {errorMessage}
        </p>
      )}
    </div>
  );
}
