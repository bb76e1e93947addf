import { useT } from '@lendline/shared';
import { RemoteSlot } from './remote-slot';

/**
 * Props the portal's SectionForm expose receives here: the application's flow and values, whether
 * it may be edited (the server's §4 answer), and callbacks for changes and a field's history.
 */
export interface SectionFormProps extends Record<string, unknown> {
  mode: 'backstage';
  applicationId: string;
  flowId?: string | null;
  verNum?: number;
  values: Record<string, unknown>;
  readOnly: boolean;
  onChange(values: Record<string, unknown>): void;
  onShowHistory(fieldKey: string, label?: string): void;
}

export const SECTION_FORM_REMOTE = 'mf_portal/SectionForm';

/** The application's sections rendered by the portal's form engine, loaded at run time. */
export function FormHost(props: SectionFormProps & { loader?: (id: string) => Promise<unknown> }) {
  const t = useT();
  const { loader, ...formProps } = props;
  return (
    <section className="ll-form-host" aria-label={t('areas.applications.detail.form', undefined, 'Application form')}>
      <RemoteSlot
        id={SECTION_FORM_REMOTE}
        props={formProps}
        loader={loader}
        loading={<p aria-busy="true">{t('areas.applications.detail.formLoading', undefined, 'Loading the application form…')}</p>}
        unavailable={
          <p role="status" className="ll-notice" data-testid="form-unavailable">
            {t('areas.applications.detail.formUnavailable', undefined, 'The application form is not available yet: it is rendered by the portal module, which does not provide it in this release. The captured values and their history are shown below.')}
          </p>
        }
      />
    </section>
  );
}
