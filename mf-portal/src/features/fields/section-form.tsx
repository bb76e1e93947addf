import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { Form, FormSpy } from 'react-final-form';
import type { FormApi } from 'final-form';
import { useT } from '@lendline/shared';
import type { ApplicantType } from '@lendline/shared';
import type { FormValues, SubSection } from '@lendline/shared/form-engine';
import { checkSubSectionBeforeSave, initialValuesOf, MANDATORY_FIELDS_MESSAGE, subSectionComponents, valuesToSave } from '@lendline/shared/form-engine';
import { FieldRenderer } from './field-renderer';
import { fieldIds } from './field-ids';
import { ensurePortalStyles } from '../../ui/portal-styles';
import { useSectionFormMountProbe } from '../../lib/form-perf';
import { hiddenSignatureTracker } from './visible-fields';
import { BatchedRegistration } from './registration-batch';

export interface SectionFormProps {
  sub: SubSection;
  /** Saved (or drafted) answers; configured defaults fill the rest. */
  initialValues?: FormValues;
  applicantType?: ApplicantType;
  isSummary?: boolean;
  readOnly?: boolean;
  /** Called with the values to save (hidden fields dropped) once the §5 save check passes. */
  onSave(values: FormValues): Promise<void> | void;
  /** Every change, for drafts. Not called on mount. */
  onValuesChange?(values: FormValues): void;
  saveLabel?: string;
  /** Extra controls left of the save button (e.g. Back). */
  secondaryActions?: ReactNode;
  /** Where the page wants the form API (e.g. to read values before leaving). */
  formRef?: { current: FormApi<FormValues> | null };
  /**
   * No save button of its own: the host saves several sub-sections with one button (the backstage's staff
   * edit). The host runs the same §5 save check through `checkRef`.
   */
  hideSave?: boolean;
  /**
   * Set to a function that runs the save check as the save button does (failing controls marked, the message
   * shown, focus moved to the first unless `focus` is false) — over every field, or over the `only` ones — and
   * returns the values to save (visible fields left empty as null), or null when the check fails.
   */
  checkRef?: { current: ((options?: { focus?: boolean; only?: readonly string[] }) => FormValues | null) | null };
}

/**
 * One sub-section as a react-final-form form: every component's visible fields (page rules re-evaluated as
 * values change), and a save button that runs the §5 save check — 'Please fill all mandatory fields' and the
 * failing controls marked touched when it fails. The form subscribes only to `submitting`, so typing in one
 * field re-renders that field alone. Exposed as './SectionForm' for the backstage.
 */
export function SectionForm(props: SectionFormProps) {
  ensurePortalStyles();
  const { sub, applicantType = 'primary', isSummary, readOnly } = props;
  const t = useT();
  const components = useMemo(() => subSectionComponents(sub), [sub]);
  const allFields = useMemo(() => components.flatMap((c) => c.fields), [components]);
  useSectionFormMountProbe(allFields.length);
  const initial = useMemo(() => ({ ...initialValuesOf(allFields), ...(props.initialValues ?? {}) }), [allFields, props.initialValues]);
  const trackHidden = useMemo(() => hiddenSignatureTracker(components), [components]);
  const [hidden, setHidden] = useState(() => trackHidden(initial));
  const hiddenSet = useMemo(() => new Set(hidden ? hidden.split('|') : []), [hidden]);
  const [message, setMessage] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const mounted = useRef(false);
  const hiddenRef = useRef(hidden);
  hiddenRef.current = hidden;

  /**
   * The §5 save check; the values to save (hidden fields dropped), or null with the failures shown. With `only`,
   * just those fields must pass (a host saving what staff changed, not the customer's unfinished answers).
   */
  const check = useCallback(
    (form: FormApi<FormValues>, focus = true, only?: readonly string[]): FormValues | null => {
      const state = form.getState();
      const values = state.values;
      const result = checkSubSectionBeforeSave(sub, values, { applicantType, isSummary });
      let keys = result.ok ? [] : result.dirtyKeys;
      let invalid = state.invalid;
      if (only) {
        keys = keys.filter((k) => only.includes(k));
        invalid = Object.keys(state.errors ?? {}).some((k) => only.includes(k));
      }
      if (keys.length || invalid) {
        // Mark the failing controls touched so each shows its own message, then move focus to the first one.
        keys.forEach((k) => form.blur(k as never));
        if (!only) form.submit();
        setMessage(t('portal.flow.fillMandatory', undefined, MANDATORY_FIELDS_MESSAGE));
        const first = keys[0] ?? Object.keys(state.errors ?? {}).find((k) => !only || only.includes(k));
        if (first && focus) document.getElementById(fieldIds(first).input)?.focus();
        return null;
      }
      setMessage(null);
      const out: FormValues = {};
      for (const c of components) Object.assign(out, valuesToSave(c.fields, c.ruleConfigs ?? [], values));
      return out;
    },
    [sub, applicantType, isSummary, components, t],
  );

  const save = useCallback(
    async (form: FormApi<FormValues>) => {
      const out = check(form);
      if (!out) return;
      setSaving(true);
      try {
        await props.onSave(out);
      } finally {
        setSaving(false);
      }
    },
    [check, props],
  );

  return (
    <Form<FormValues> onSubmit={() => undefined} initialValues={initial} subscription={{}} keepDirtyOnReinitialize>
      {({ form }) => {
        if (props.formRef) props.formRef.current = form;
        if (props.checkRef)
          props.checkRef.current = (options) => {
            const out = check(form, options?.focus !== false, options?.only);
            if (!out) return null;
            // An emptied control is gone from the form's values: the host needs it as a clearing.
            const visible = components.flatMap((c) => c.fields).filter((f) => !hiddenSet.has(f.key));
            for (const f of visible) if (!(f.key in out)) out[f.key] = null;
            return out;
          };
        return (
          <form
            noValidate
            className="ll-section-form"
            onSubmit={(e) => {
              e.preventDefault();
              void save(form);
            }}
          >
            <FormSpy<FormValues>
              subscription={{ values: true }}
              onChange={({ values }) => {
                const sig = trackHidden(values);
                if (sig !== hiddenRef.current) setHidden((hiddenRef.current = sig));
                if (mounted.current) props.onValuesChange?.(values);
                mounted.current = true;
              }}
            />
            <BatchedRegistration>
              {components.map((c) => (
                <div key={c.componentId} className="ll-form-grid" data-component={c.componentId}>
                  {c.fields.filter((f) => !hiddenSet.has(f.key)).map((f) => (
                    <FieldRenderer key={f.key} field={f} readOnly={readOnly} />
                  ))}
                </div>
              ))}
            </BatchedRegistration>
            {message && (
              <p className="ll-form-error" role="alert">
                {message}
              </p>
            )}
            {(!props.hideSave || props.secondaryActions) && (
              <div className="ll-flow-nav">
                {props.secondaryActions ?? <span />}
                {!readOnly && !props.hideSave && (
                  <button type="submit" disabled={saving} aria-busy={saving || undefined}>
                    {props.saveLabel ?? t('portal.flow.saveContinue', undefined, 'Save and continue')}
                  </button>
                )}
              </div>
            )}
          </form>
        );
      }}
    </Form>
  );
}

export default SectionForm;
