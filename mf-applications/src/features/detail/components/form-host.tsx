import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useT } from '@lendline/shared';
import type { FlowConfig, FormValues, SubSection } from '@lendline/shared/form-engine';
import { fetchFlowConfig } from '../api/flow-config';
import { baselineOf, changesFrom } from '../api/form-changes';
import { staffSubSection } from '../api/staff-fields';
import { RemoteBoundary, remoteComponent } from './remote-slot';

export const SECTION_FORM_REMOTE = 'mf_portal/SectionForm';

/** Props of the portal's './SectionForm' expose (mf-portal/src/features/fields/section-form.tsx): one sub-section. */
export interface SectionFormProps extends Record<string, unknown> {
  sub: SubSection;
  initialValues?: FormValues;
  readOnly?: boolean;
  onSave(values: FormValues): Promise<void> | void;
  onValuesChange?(values: FormValues): void;
  saveLabel?: string;
}

export interface FormHostProps {
  flowId?: string | null;
  verNum?: number;
  values: FormValues;
  /** The server's §4 answer for this user: the form is editable only when it says so. */
  readOnly: boolean;
  /** The changed fields of one sub-section, when its own save button is used. */
  onSave(changes: FormValues): Promise<void>;
  /** The fields the user changed so far, across sub-sections (nothing after a reload of the values). */
  onChange(changes: FormValues): void;
  loader?: (id: string) => Promise<unknown>;
  /** Tests pass the flow; the page reads it from the server. */
  flow?: FlowConfig;
}

/**
 * The application's sections rendered by the portal's form engine (the same field components as
 * the customer flow), loaded at run time; each sub-section saves through the page.
 */
export function FormHost({ flowId, verNum, values, readOnly, onSave, onChange, loader, flow: given }: FormHostProps) {
  const t = useT();
  const [loaded, setFlow] = useState<FlowConfig | null>(given ?? null);
  // Staff never see the customer's own secrets (net-banking password, OTPs): those fields are left out here.
  const flow = useMemo(() => (loaded ? { ...loaded, sections: loaded.sections.map((s) => ({ ...s, subSections: s.subSections.flatMap((sub) => staffSubSection(sub) ?? []) })).filter((s) => s.subSections.length > 0) } : null), [loaded]);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (given || !flowId) return;
    const ctrl = new AbortController();
    fetchFlowConfig(flowId, verNum, ctrl.signal).then(setFlow, () => !ctrl.signal.aborted && setFailed(true));
    return () => ctrl.abort();
  }, [flowId, verNum, given]);

  // Each sub-section is its own form; what the user changed is kept per sub-section and reported
  // merged. New stored values (after a save) start every form afresh.
  const baselines = useMemo(() => new Map(flow?.sections.flatMap((s) => s.subSections.map((sub) => [sub.subSectionId, baselineOf(sub, values)] as const)) ?? []), [flow, values]);
  const edits = useRef(new Map<string, FormValues>());
  useEffect(() => edits.current.clear(), [values]);
  const report = (subId: string, next: FormValues) => {
    const changed = changesFrom(baselines.get(subId) ?? values, next);
    if (Object.keys(changed).length) edits.current.set(subId, changed);
    else edits.current.delete(subId);
    onChange(Object.assign({}, ...edits.current.values()));
  };

  const unavailable = (
    <p role="status" className="ll-notice" data-testid="form-unavailable">
      {t('areas.applications.detail.formUnavailable', undefined, 'The application form is not available yet: it is rendered by the portal module, which does not provide it in this release. The captured values and their history are shown below.')}
    </p>
  );
  if (!flowId && !given) return null;
  if (failed) return <p role="alert">{t('areas.applications.detail.flowFailed', undefined, 'The form of this application could not be loaded.')}</p>;
  if (!flow) return <p aria-busy="true">{t('areas.applications.detail.formLoading', undefined, 'Loading the application form…')}</p>;
  const Form = remoteComponent(SECTION_FORM_REMOTE, loader);
  return (
    <section className="ll-form-host" aria-label={t('areas.applications.detail.form', undefined, 'Application form')} data-testid="form-host">
      <RemoteBoundary fallback={unavailable}>
        <Suspense fallback={<p aria-busy="true">{t('areas.applications.detail.formLoading', undefined, 'Loading the application form…')}</p>}>
          {flow.sections
            .filter((s) => !s.hide)
            .map((s) => (
              <details key={s.sectionId} className="ll-form-section" open={s === flow.sections[0]}>
                <summary>{s.name}</summary>
                {s.subSections.map((sub) => (
                  <Form
                    key={sub.subSectionId}
                    sub={sub}
                    initialValues={values}
                    readOnly={readOnly}
                    onSave={(v: FormValues) => onSave(changesFrom(baselines.get(sub.subSectionId) ?? values, v, false))}
                    onValuesChange={(v: FormValues) => report(sub.subSectionId, v)}
                    saveLabel={t('areas.applications.detail.tabs.save', undefined, 'Save')}
                  />
                ))}
              </details>
            ))}
        </Suspense>
      </RemoteBoundary>
    </section>
  );
}
