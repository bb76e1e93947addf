import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-final-form';
import { getIn, type FieldState, type FormApi, type FormState } from 'final-form';
import { useT } from '@lendline/shared';
import type { FieldConfig, FormErrorKey } from '@lendline/shared/form-engine';
import { makeFieldValidator } from '@lendline/shared/form-engine';
import { errorText } from './error-text';
import { useFieldPerfProbe } from '../../lib/form-perf';
import { useRegistrationBatch } from './registration-batch';

/**
 * Only what one field shows: its value, error and whether to show it. A keystroke in one field therefore
 * re-renders that field alone (the form itself subscribes to nothing per value).
 */
const SUBSCRIPTION = { value: true, error: true, touched: true, submitFailed: true } as const;

interface Slice {
  value: unknown;
  /** The error while it is shown (touched or after a failed submit); undefined otherwise. */
  error: unknown;
  touched: boolean;
  submitFailed: boolean;
}

/** What the field shows. An error not shown yet is left out, so finding it (at mount, say) re-renders nothing. */
function visibleSlice(s: Partial<FieldState<unknown>>): Slice {
  const touched = !!s.touched;
  const submitFailed = !!s.submitFailed;
  return { value: s.value, error: touched || submitFailed ? s.error : undefined, touched, submitFailed };
}
const sameSlice = (a: Slice, b: Slice) => a.value === b.value && a.error === b.error && a.touched === b.touched && a.submitFailed === b.submitFailed;

/**
 * The form's values for fields that are not registered yet. form.getState() walks every field and value, so 300
 * fields each asking it on their first render cost 300 walks; one form subscription keeps the latest state at hand
 * instead (it lives as long as the form).
 */
const formStates = new WeakMap<FormApi, { state?: FormState<Record<string, unknown>> }>();
function formStateOf(form: FormApi): FormState<Record<string, unknown>> {
  let entry = formStates.get(form);
  if (!entry) {
    const created: { state?: FormState<Record<string, unknown>> } = {};
    form.subscribe((s) => (created.state = s as FormState<Record<string, unknown>>), { values: true, submitFailed: true });
    formStates.set(form, (entry = created));
  }
  return entry.state ?? (form.getState() as FormState<Record<string, unknown>>);
}

/** The §5 validator, built on its first use: a sub-section's schemas are built while it registers, not while it first renders. */
function lazyValidator(field: FieldConfig): (value: unknown) => FormErrorKey | undefined {
  let validate: ((value: unknown) => FormErrorKey | undefined) | undefined;
  return (value) => (validate ??= makeFieldValidator(field))(value);
}

/**
 * A configured field bound to the surrounding react-final-form <Form>: the §5 validator is built once per field
 * configuration, and the error is shown once the control was touched (blurred or marked dirty on save) or a
 * submit failed.
 *
 * This is react-final-form's useField (same value formatting: undefined and null show as '', '' is stored as
 * undefined) minus the costs that made a 300-field sub-section slow (bench/form-keystroke.mjs):
 * - useField registers non-silently, so every field's registration re-published the state of every field
 *   registered before it (~45,000 field-state publications when 300 fields mount); this one registers silently,
 *   and inside a SectionForm all fields register in one batch (section-form/registration-batch.tsx);
 * - by default final-form re-runs every field's validator on every change; our validators read only their own
 *   value, so a change validates its own field (`validateFields: []`);
 * - useField re-rendered every field once more after mount (its first state differs from the first published
 *   one, and the first validation adds errors nobody sees yet); here nothing changes that the field shows;
 * - each field's first render asked form.getState() (a walk over the whole form) and built its yup schema.
 */
export function useConfigField<V = unknown>(field: FieldConfig, name: string, disabled?: boolean) {
  useFieldPerfProbe(name); // a no-op unless the page asked for perf probes (bench/form-keystroke.mjs)
  const t = useT();
  const form = useForm('useConfigField');
  const validate = useMemo(() => (disabled ? undefined : lazyValidator(field)), [field, disabled]);
  const validateRef = useRef(validate);
  validateRef.current = validate;

  const [state, setState] = useState<Slice>(() => {
    const known = form.getFieldState(name);
    if (known) return visibleSlice(known);
    const { values, submitFailed } = formStateOf(form);
    const value = getIn(values ?? {}, name);
    // After a failed submit (a field a page rule has just revealed) the error shows at once.
    return { value, error: submitFailed ? validate?.(value) : undefined, touched: false, submitFailed: !!submitFailed };
  });
  const latest = useRef(state);

  const batch = useRegistrationBatch();
  useEffect(() => {
    const register = () =>
      form.registerField(
        name,
        (s: FieldState<unknown>) => {
          const next = visibleSlice(s);
          // While the form holds validation back (fields still registering at mount) its error is not computed
          // yet: use the one the validator gives, which is what final-form will find once it validates.
          if (form.isValidationPaused() && (next.touched || next.submitFailed)) next.error = validateRef.current?.(s.value);
          // Compared here, not in a setState updater: an updater that returns the same state still costs the
          // field a render (React cannot always bail out before rendering), which is what this avoids.
          if (sameSlice(latest.current, next)) return;
          latest.current = next;
          setState(next);
        },
        SUBSCRIPTION,
        { getValidator: () => validateRef.current as never, validateFields: [], silent: true },
      );
    return batch ? batch.register(register) : register();
  }, [form, name, batch]);

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
  const shown = meta.error ? String(meta.error) : null;
  return { input, meta, errorKey: shown, errorMessage: shown ? errorText(t, field, shown) : null, t };
}
