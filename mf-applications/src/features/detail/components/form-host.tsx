import { Suspense, useEffect, useState } from 'react';
import { useT } from '@lendline/shared';
import type { FlowConfig, FormValues, SubSection } from '@lendline/shared/form-engine';
import { fetchFlowConfig } from '../api/flow-config';
import { RemoteBoundary, remoteComponent } from './remote-slot';

export const SECTION_FORM_REMOTE = 'mf_portal/SectionForm';

/** Props of the portal's './SectionForm' expose (mf-portal/src/features/section-form): one sub-section. */
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
  onSave(values: FormValues): Promise<void>;
  onChange(values: FormValues): void;
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
  const [flow, setFlow] = useState<FlowConfig | null>(given ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (given || !flowId) return;
    const ctrl = new AbortController();
    fetchFlowConfig(flowId, verNum, ctrl.signal).then(setFlow, () => !ctrl.signal.aborted && setFailed(true));
    return () => ctrl.abort();
  }, [flowId, verNum, given]);

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
                    onSave={onSave}
                    onValuesChange={onChange}
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
