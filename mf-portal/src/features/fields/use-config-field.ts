import { useMemo } from 'react';
import { useField } from 'react-final-form';
import { useT } from '@lendline/shared';
import type { FieldConfig } from '@lendline/shared/form-engine';
import { makeFieldValidator } from '@lendline/shared/form-engine';
import { errorText } from './error-text';

/**
 * Only what one field shows: its value, error and whether to show it. A keystroke in one field therefore
 * re-renders that field alone (the form itself subscribes to nothing per value).
 */
const SUBSCRIPTION = { value: true, error: true, touched: true, submitFailed: true } as const;

/**
 * A configured field bound to react-final-form: the §5 validator is built once per field configuration, and the
 * error is shown once the control was touched (blurred or marked dirty on save) or a submit failed.
 */
export function useConfigField<V = unknown>(field: FieldConfig, name: string, disabled?: boolean) {
  const t = useT();
  const validate = useMemo(() => (disabled ? undefined : makeFieldValidator(field)), [field, disabled]);
  const { input, meta } = useField<V>(name, { validate: validate as never, subscription: SUBSCRIPTION });
  const shown = (meta.touched || meta.submitFailed) && meta.error ? String(meta.error) : null;
  return { input, meta, errorKey: shown, errorMessage: shown ? errorText(t, field, shown) : null, t };
}
