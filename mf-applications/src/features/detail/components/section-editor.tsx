import { Suspense, useEffect, useRef, useState } from 'react';
import { peekRestored, takeRestored, useT } from '@lendline/shared';
import type { FormValues, SubSection } from '@lendline/shared/form-engine';
import type { CheckFn } from '../hooks/use-form-edits';
import { RemoteBoundary, remoteComponent } from './remote-slot';

export const SECTION_FORM_REMOTE = 'mf_portal/SectionForm';

/** Props of the portal's './SectionForm' expose (mf-portal/src/features/fields/section-form.tsx): one sub-section. */
export interface SectionFormProps extends Record<string, unknown> {
  sub: SubSection;
  initialValues?: FormValues;
  readOnly?: boolean;
  onSave(values: FormValues): Promise<void> | void;
  onValuesChange?(values: FormValues): void;
  /** The host's one Save saves the form: no button under each sub-section. */
  hideSave?: boolean;
  checkRef?: { current: CheckFn | null };
}

export interface SubSectionEditorProps {
  sub: SubSection;
  values: FormValues;
  register(sub: SubSection, check: { current: CheckFn | null }): () => void;
  report(subId: string, values: FormValues): void;
  loader?: (id: string) => Promise<unknown>;
  /** Form ids of the unsaved-edits vault are this + the sub-section id (shared/src/drafts). */
  draftPrefix?: string;
}

/** One sub-section in the portal's form engine (the customer's own field components), saved by the page. */
function SubSectionEditor({ sub, values, register, report, loader, draftPrefix }: SubSectionEditorProps) {
  const check = useRef<CheckFn | null>(null);
  // Edits brought back after signing in again start the form where the user left it.
  const [restored] = useState(() => (draftPrefix ? peekRestored(draftPrefix + sub.subSectionId) : undefined));
  const [initial] = useState(() => (restored ? { ...values, ...restored } : values));
  // Registered once per sub-section: values re-read while the form is open (a tab's change reloads the
  // application) must not drop what the user typed so far from the page's Save.
  const current = useRef(sub);
  current.current = sub;
  const id = sub.subSectionId;
  useEffect(() => register(current.current, check), [id, register]);
  // After the registration (effects run in order): the page's Save sees the restored edits as typed, once.
  const handedBack = useRef(false);
  useEffect(() => {
    if (handedBack.current || !restored || !draftPrefix) return;
    handedBack.current = true;
    takeRestored(draftPrefix + id);
    report(id, initial as FormValues);
  }, [id, restored, initial, draftPrefix, report]);
  const Form = remoteComponent(SECTION_FORM_REMOTE, loader);
  return (
    <div className="ll-sub-editor" data-sub={sub.subSectionId}>
      {sub.name && <h4 className="ll-summary-sub">{sub.name}</h4>}
      <Form sub={sub} initialValues={restored ? initial : values} hideSave checkRef={check} onSave={() => undefined} onValuesChange={(v: FormValues) => report(sub.subSectionId, v)} />
    </div>
  );
}

export interface SectionEditorProps extends Omit<SubSectionEditorProps, 'sub'> {
  subSections: SubSection[];
}

/** A section of the summary switched to editing: its sub-sections' forms, without the customer's secrets. */
export function SectionEditor({ subSections, ...rest }: SectionEditorProps) {
  const t = useT();
  const unavailable = (
    <p role="status" className="ll-notice" data-testid="form-unavailable">
      {t('areas.applications.detail.formUnavailable', undefined, 'Editing is not available: the form is rendered by the portal module (mf-portal), which could not be loaded.')}
    </p>
  );
  return (
    <RemoteBoundary fallback={unavailable}>
      <Suspense fallback={<p aria-busy="true">{t('areas.applications.detail.formLoading', undefined, 'Loading the application form…')}</p>}>
        {subSections.map((sub) => (
          <SubSectionEditor key={sub.subSectionId} sub={sub} {...rest} />
        ))}
      </Suspense>
    </RemoteBoundary>
  );
}
