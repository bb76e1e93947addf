import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { eventBus, hasApplicationAccessOnly, useT } from '@lendline/shared';
import { useCurrentUser } from '../../../lib/use-current-user';
import { copyApplication, saveApplication, type ApplicationView } from '../api/application';
import { visibleTabs, type DetailTab } from '../api/tab-rules';
import { useApplicationView } from '../hooks/use-application-view';
import { DetailHeader } from './detail-header';
import { FormHost } from './form-host';
import { ApplicationData } from './application-data';
import { DetailTabs, TAB_LABELS } from './detail-tabs';
import { ActionsMenu } from './actions-menu';
import { RemoteSlot } from './remote-slot';

const BUTTON_TABS: DetailTab[] = ['save', 'actions'];

/** /backstage/application?application_id=…: one application, its form, its tabs and its actions. */
export default function DetailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('application_id');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { view, error, reload, setView } = useApplicationView(id);
  const [draft, setDraft] = useState<Record<string, unknown> | null>(null);
  const [saving, setSaving] = useState(false);

  if (!id) return <p role="alert">{t('areas.applications.detail.noId', undefined, 'No application was named in the address.')}</p>;
  if (error) return <p role="alert">{t('areas.applications.detail.failed', { id }, 'Application {id} could not be loaded.')}</p>;
  if (!view) return <p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>;

  const tabs = visibleTabs(view, user?.roles);
  const contentTabs = tabs.filter((x) => !BUTTON_TABS.includes(x));
  const canSave = tabs.includes('save');
  const values = view.customFields ?? {};
  const changes = draft ? Object.fromEntries(Object.entries(draft).filter(([k, v]) => JSON.stringify(values[k]) !== JSON.stringify(v))) : {};
  const dirty = Object.keys(changes).length > 0;

  function applied(next: ApplicationView | null) {
    setDraft(null);
    if (next) setView(next);
    else reload();
  }

  /** Saves what differs from the stored values (a sub-section's values, or the current draft). */
  async function save(from: Record<string, unknown> = draft ?? {}) {
    if (!view) return;
    const diff = Object.fromEntries(Object.entries(from).filter(([k, v]) => JSON.stringify(values[k]) !== JSON.stringify(v)));
    if (!Object.keys(diff).length) return;
    setSaving(true);
    try {
      const next = await saveApplication(view, diff);
      eventBus.emit('toast', { kind: 'success', text: t('areas.applications.detail.saved', undefined, 'Application saved') });
      applied(next);
    } catch {
      // §8 refusals (stale verNum, not editable) are shown by the shell's error modal.
    } finally {
      setSaving(false);
    }
  }

  async function copy() {
    try {
      const newId = await copyApplication(view!.application_id);
      eventBus.emit('toast', { kind: 'success', text: t('areas.applications.detail.copied', { id: newId }, 'Copied to {id}') });
      navigate(`/backstage/application?application_id=${encodeURIComponent(newId)}`);
    } catch {
      // Shown by the shell (error modal or toast).
    }
  }

  return (
    <article className="ll-detail" aria-labelledby="ll-detail-title">
      <h2 id="ll-detail-title" className="ll-visually-hidden">
        {t('areas.applications.detail.title', { id: view.application_id }, 'Application {id}')}
      </h2>
      <DetailHeader view={view} />
      <div className="ll-detail-toolbar" role="toolbar" aria-label={t('areas.applications.detail.toolbar', undefined, 'Application tools')}>
        {canSave && (
          <button type="button" onClick={() => save()} disabled={!dirty || saving} data-testid="save-button">
            {saving ? t('areas.applications.detail.saving', undefined, 'Saving…') : t('areas.applications.detail.tabs.save', undefined, TAB_LABELS.save)}
          </button>
        )}
        {tabs.includes('actions') && <ActionsMenu view={view} roles={user?.roles} onDone={applied} />}
        {view.assignedToCurrentUser && (
          <a
            className="ll-link-button"
            href={`/backstage/newapplication?resume=${encodeURIComponent(view.application_id)}`}
            onClick={(e) => {
              e.preventDefault();
              // Another area owns this route: a plain history push lets single-spa mount it.
              window.history.pushState(window.history.state, '', e.currentTarget.getAttribute('href'));
            }}
            data-testid="resume-link"
          >
            {t('areas.applications.detail.resume', undefined, 'Resume customer flow')}
          </a>
        )}
        {/* The first query starts here: §2 shows the queries tab (which has its own starter) only once the sub-status is QUERIES or APPROVAL. */}
        {view.application_status === 'ACTIVE' && !hasApplicationAccessOnly(user?.roles) && !tabs.includes('queries') && (
          <RemoteSlot id="mf_tasks/QueryStarter" props={{ applicationId: view.application_id, application: view, onChanged: reload }} loading={null} unavailable={null} />
        )}
        <button type="button" className="ll-button--secondary" onClick={copy} data-testid="copy-button">
          {t('areas.applications.detail.copy', undefined, 'Copy application')}
        </button>
      </div>
      <FormHost
        flowId={view.flowId}
        verNum={view.flowVerNum}
        values={values}
        readOnly={!canSave}
        onChange={(v) => setDraft(v)}
        onSave={(v) => save(v)}
      />
      <ApplicationData applicationId={view.application_id} values={values} />
      <DetailTabs view={view} tabs={contentTabs} onChanged={reload} initial={params.get('tab')} />
      {/* Credit review and disbursement (issue 17): mf-tasks' CreditTab, loaded at run time like the tab bodies. */}
      <RemoteSlot
        id="mf_tasks/CreditTab"
        props={{ applicationId: view.application_id, application: view, onChanged: reload }}
        loading={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}
        unavailable={<p role="status" className="ll-notice">{t('areas.applications.detail.creditUnavailable', undefined, 'Credit review is not available in this release of the tasks module.')}</p>}
      />
      {/* Calls need APPLICATIONS_ACTIONS (§6); the server checks it and the application's access again. */}
      {user?.roles?.includes('APPLICATIONS_ACTIONS') && (
        <RemoteSlot
          id="mf_video/VideoCall"
          props={{ applicationId: view.application_id }}
          loading={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}
          unavailable={<p role="status" className="ll-notice">{t('areas.applications.detail.videoUnavailable', undefined, 'Video calls are not available: the video module (mf-video) could not be loaded.')}</p>}
        />
      )}
    </article>
  );
}
