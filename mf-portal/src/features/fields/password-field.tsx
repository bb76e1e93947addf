import { useState } from 'react';
import { controlAria } from './control-aria';
import { FieldFrame } from './field-frame';
import { fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';

/** Password input with a show/hide toggle (easier to type correctly on a phone). */
export function PasswordField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<string>(field, name, disabled);
  const [visible, setVisible] = useState(false);
  const ids = fieldIds(name);
  return (
    <FieldFrame field={field} name={name} error={errorMessage} inline>
      <input
        id={ids.input}
        name={name}
        type={visible ? 'text' : 'password'}
        autoComplete="current-password"
        value={(input.value as string) ?? ''}
        disabled={disabled}
        {...controlAria(field, errorMessage, ids)}
        onChange={(e) => input.onChange(e.target.value)}
        onFocus={input.onFocus}
        onBlur={input.onBlur}
      />
      <button type="button" className="ll-button--secondary" aria-pressed={visible} aria-controls={ids.input} onClick={() => setVisible((v) => !v)}>
        {visible ? t('portal.fields.hide', undefined, 'Hide') : t('portal.fields.show', undefined, 'Show')}
      </button>
    </FieldFrame>
  );
}
