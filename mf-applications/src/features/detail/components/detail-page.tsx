import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { dropDrafts, eventBus, hasApplicationAccessOnly, useT } from '@lendline/shared';
import { Skeleton, Toolbar } from '@lendline/shared/ui';
import { useCurrentUser } from '../../../lib/use-current-user';
import { copyApplication, saveApplication, type ApplicationView } from '../api/application';
import { EXTRA_WORK_TABS, visibleTabs, type DetailTab, type WorkTab } from '../api/tab-rules';
import { useApplicationView } from '../hooks/use-application-view';
import { useFlowConfig } from '../hooks/use-flow-config';
import { useFormEdits } from '../hooks/use-form-edits';
import { useSectionTarget } from '../hooks/use-section-target';
import { useRestoredSections } from '../hooks/use-restored-sections';
import { ensureDetailStyles } from '../detail-styles';
import { DetailHeader } from './detail-header';
import { ApplicationSummary } from './application-summary';
import { PartySignatures } from './party-signatures';
import { DedupePanel } from './dedupe-panel';
import { ConsentPanel } from './consent-panel';
import { DetailTabs, TAB_LABELS } from './detail-tabs';
import { ActionsMenu } from './actions-menu';
import { reversalActions } from '../api/action-rules';
import { RemoteSlot } from './remote-slot';
import { LeadTools } from './lead-tools';

const BUTTON_TABS: DetailTab[] = ['save', 'actions'];
const NO_EDITS: ReadonlySet<string> = new Set();

/**
 * /backstage/application?application_id=…: built around the work. A compact header (who, what, how much,
 * where it stands, SLA) with the tools; under it, side by side on a wide screen, the application's data as a
 * formatted summary by section and the case-work tabs, which stay in view while the data scrolls.
 */
export default function DetailPage() {
  useEffect(ensureDetailStyles, []);
  const t = useT();
  const [params] = useSearchParams();
  const id = params.get('application_id');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { view, error, reload, setView } = useApplicationView(id);
  const flow = useFlowConfig(view?.flowId, view?.flowVerNum);
  const values = view?.customFields ?? {};
  const draftPrefix = id ? `application:${id}:` : undefined;
  const edits = useFormEdits(values, draftPrefix);
  const [editing, setEditing] = useState<ReadonlySet<string>>(NO_EDITS);
  const [saving, setSaving] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const editableNow = !!view && visibleTabs(view, user?.roles).includes('save');
  useSectionTarget(params.get('section'), params.get('field'), !!view && flow.status !== 'loading', editableNow, (sectionId) =>
    setEditing((prev) => (prev.has(sectionId) ? prev : new Set([...prev, sectionId]))),
  );

  // Sections with unsaved edits brought back after signing in again open as forms holding them.
  useRestoredSections(draftPrefix, editableNow ? flow.flow : null, (sectionIds) => setEditing((prev) => new Set([...prev, ...sectionIds])));

  if (!id) return <p role="alert">{t('areas.applications.detail.noId', undefined, 'No application was named in the address.')}</p>;
  if (error) return <p role="alert">{t('areas.applications.detail.failed', { id }, 'Application {id} could not be loaded.')}</p>;
  if (!view) return <Skeleton label={t('areas.applications.common.loading', undefined, 'Loading…')} variant="block" size="lg" testId="detail-loading" />;

  const tabs = visibleTabs(view, user?.roles);
  const workTabs: WorkTab[] = [...tabs.filter((x) => !BUTTON_TABS.includes(x)), ...EXTRA_WORK_TABS];
  const canSave = tabs.includes('save');

  function applied(next: ApplicationView | null) {
    setEditing(NO_EDITS);
    // Saved or cancelled: nothing of this application is unsaved any more.
    if (draftPrefix) dropDrafts(draftPrefix);
    setInvalid(false);
    if (next) setView(next);
    else reload();
  }

  /** The one Save: every open section's form is checked (§5) and what changed is sent in one request. */
  async function save() {
    if (!view) return;
    const { ok, changes } = edits.collect();
    setInvalid(!ok);
    if (!ok) return;
    if (!Object.keys(changes).length) return setEditing(NO_EDITS);
    setSaving(true);
    try {
      const next = await saveApplication(view, changes);
      eventBus.emit('toast', { kind: 'success', text: t('areas.applications.detail.saved', undefined, 'Application saved') });
      applied(next);
    } catch {
      // §8 refusals (stale verNum, not editable) are shown by the shell's error modal; the edits stay open.
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

  const tools = (
    <Toolbar className="ll-detail-toolbar" label={t('areas.applications.detail.toolbar', undefined, 'Application tools')}>
      {canSave && (
        <button type="button" onClick={() => save()} disabled={!edits.dirty || saving} data-testid="save-button">
          {saving ? t('areas.applications.detail.saving', undefined, 'Saving…') : t('areas.applications.detail.tabs.save', undefined, TAB_LABELS.save)}
        </button>
      )}
      {canSave && editing.size > 0 && (
        <button type="button" className="ll-button--secondary" onClick={() => applied(view)} disabled={saving} data-testid="cancel-edit">
          {t('areas.applications.detail.cancelEdit', undefined, 'Cancel editing')}
        </button>
      )}
      <LeadTools view={view} roles={user?.roles} />
      {(tabs.includes('actions') || reversalActions(view, user?.roles).length > 0) && <ActionsMenu view={view} roles={user?.roles} onDone={applied} />}
      {/* §2's form of the route; the flow opens at the step after the one the applicant last saved (mf-portal FlowPage). */}
      {view.assignedToCurrentUser && (
        <a
          className="ll-link-button"
          href={`/backstage/newapplication?resume&application_id=${encodeURIComponent(view.application_id)}`}
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
    </Toolbar>
  );

  return (
    <article className="ll-detail" aria-labelledby="ll-detail-title">
      <h2 id="ll-detail-title" className="ll-visually-hidden">
        {t('areas.applications.detail.title', { id: view.application_id }, 'Application {id}')}
      </h2>
      <DetailHeader view={view} tools={tools} />
      {invalid && (
        <p role="alert" className="ll-form-error" data-testid="save-invalid">
          {t('areas.applications.detail.fixBeforeSave', undefined, 'Nothing was saved: correct the marked fields first.')}
        </p>
      )}
      <div className="ll-detail-body">
        <section className="ll-detail-work" aria-label={t('areas.applications.detail.tabsLabel', undefined, 'Work on this application')} data-testid="detail-work">
          <DetailTabs view={view} tabs={workTabs} onChanged={reload} initial={params.get('tab')} />
          {/* Calls need APPLICATIONS_ACTIONS (§6); the server checks it and the application's access again. */}
          {user?.roles?.includes('APPLICATIONS_ACTIONS') && (
            <RemoteSlot
              id="mf_video/VideoCall"
              props={{ applicationId: view.application_id }}
              loading={<p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}
              unavailable={<p role="status" className="ll-notice">{t('areas.applications.detail.videoUnavailable', undefined, 'Video calls are not available: the video module (mf-video) could not be loaded.')}</p>}
            />
          )}
        </section>
        <section className="ll-detail-data" aria-label={t('areas.applications.detail.data', undefined, 'Application data')}>
          {view.draft && (
            <p role="status" className="ll-notice" data-testid="draft-notice">
              {t('listWording.detailDraft', undefined, 'Draft: the applicant has not yet given the identity asked first, so this application is in no queue and has no SLA.')}
            </p>
          )}
          <DedupePanel applicationId={view.application_id} verNum={view.verNum} />
          <ConsentPanel applicationId={view.application_id} verNum={view.verNum} />
          <ApplicationSummary
            applicationId={view.application_id}
            flow={flow}
            values={values}
            editable={canSave}
            editing={editing}
            onEdit={(sectionId) => setEditing((prev) => new Set([...prev, sectionId]))}
            register={edits.register}
            report={edits.report}
            draftPrefix={draftPrefix}
          />
          <PartySignatures view={view} />
        </section>
      </div>
    </article>
  );
}
