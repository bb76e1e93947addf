import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-final-form';
import { getIn, type FieldState } from 'final-form';
import { useT } from '@lendline/shared';
import type { FieldConfig, FormErrorKey } from '@lendline/shared/form-engine';
import { makeFieldValidator } from '@lendline/shared/form-engine';
import { errorText } from './error-text';
import { useFieldPerfProbe } from '../perf/form-perf';

/**
 * Only what one field shows: its value, error and whether to show it. A keystroke in one field therefore
 * re-renders that field alone (the form itself subscribes to nothing per value).
 */
const SUBSCRIPTION = { value: true, error: true, touched: true, submitFailed: true } as const;

interface Slice {
  value: unknown;
  error: unknown;
  touched: boolean;
  submitFailed: boolean;
}

const sliceOf = (s: Partial<FieldState<unknown>>): Slice => ({ value: s.value, error: s.error, touched: !!s.touched, submitFailed: !!s.submitFailed });
const sameSlice = (a: Slice, b: Slice) => a.value === b.value && a.error === b.error && a.touched === b.touched && a.submitFailed === b.submitFailed;

/**
 * A configured field bound to the surrounding react-final-form <Form>: the §5 validator is built once per field
 * configuration, and the error is shown once the control was touched (blurred or marked dirty on save) or a
 * submit failed.
 *
 * This is react-final-form's useField (same value formatting: undefined and null show as '', '' is stored as
 * undefined) minus three costs that grow with the square of the field count, measured on a 300-field
 * sub-section by bench/form-keystroke.mjs:
 * - useField registers non-silently, so every field's registration re-publishes the state of every field
 *   registered before it (~45,000 field-state publications when 300 fields mount); this one registers silently;
 * - by default final-form re-runs every field's validator on every change; our validators read only their own
 *   value, so a change validates its own field (`validateFields: []`);
 * - useField's first state lacks the field's error, so the validation run after mount re-rendered every
 *   mandatory field once more; here the first state already holds it.
 */
export function useConfigField<V = unknown>(field: FieldConfig, name: string, disabled?: boolean) {
  useFieldPerfProbe(name); // a no-op unless the page asked for perf probes (bench/form-keystroke.mjs)
  const t = useT();
  const form = useForm('useConfigField');
  const validate = useMemo(() => (disabled ? undefined : makeFieldValidator(field)), [field, disabled]);
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const [state, setState] = useState<Slice>(() => {
    const known = form.getFieldState(name);
    if (known) return sliceOf(known);
    const { values, submitFailed } = form.getState();
    const value = getIn(values ?? {}, name);
    return { value, error: validate?.(value), touched: false, submitFailed: !!submitFailed };
  });
  const latest = useRef(state);

  useEffect(
    () =>
      form.registerField(
        name,
        (s) => {
          const next = sliceOf(s);
          // While the form holds validation back (fields still registering at mount) its error is not computed
          // yet: use the one the validator gives, which is what final-form will find once it validates.
          if (form.isValidationPaused()) next.error = validateRef.current?.(s.value);
          // Compared here, not in a setState updater: an updater that returns the same state still costs the
          // field a render (React cannot always bail out before rendering), which is what this avoids.
          if (sameSlice(latest.current, next)) return;
          latest.current = next;
          setState(next);
        },
        SUBSCRIPTION,
        { getValidator: () => validateRef.current as never, validateFields: [], silent: true },
      ),
    [form, name],
  );

  const input = useMemo(
    () => ({
      name,
      value: (state.value === undefined || state.value === null ? '' : state.value) as V,
      onChange: (value: unknown) => form.change(name, value === '' ? undefined : value),
      onFocus: () => form.focus(name),
      onBlur: () => form.blur(name),
    }),
    [form, name, state.value],
  );
  const meta = state as Slice & { error: FormErrorKey | undefined };
  const shown = (meta.touched || meta.submitFailed) && meta.error ? String(meta.error) : null;
  return { input, meta, errorKey: shown, errorMessage: shown ? errorText(t, field, shown) : null, t };
}
