import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ApiError, useLanguage, useT } from '@lendline/shared';
import type { FlowConfig, FlowStep, FormValues } from '@lendline/shared/form-engine';
import { firstStep, isLastStep, lastStep, nextStep, previousStep, stepForRoute, stepIndicator } from '@lendline/shared/form-engine';
import { FieldServicesContext } from '../features/fields/field-services';
import { SummaryContext } from '../features/fields/summary-context';
import { SectionForm } from '../features/fields/section-form';
import { ConsentStep } from '../features/consent/consent-step';
import { ensurePortalStyles } from '../ui/portal-styles';
import { clearDraft, draftsOf, readDraft, writeDraft, type DraftKey } from '../lib/draft-store';
import { useAppRef } from '../lib/app-ref-store';
import { applicantOf, navigationContext, savedValues, summarySections } from '../features/flow/flow-context';
import { flowServices } from './flow-services';
import { loadApplication, loadFlow, saveSubSection, type PortalApplication } from '../api/portal-api';
import { StepIndicator } from '../features/flow/step-indicator';
import { useOnline } from '../features/flow/use-online';
import { CoApplicantsPage } from '../features/parties/co-applicants-page';
import { CoolingOffExit } from '../features/cooling-off/cooling-off-exit';
import { ContinueLaterButton } from '../features/resume/continue-later-button';
import { changedElsewhere } from '../features/resume/changed-elsewhere';
import { NotOnThisDevice } from '../features/resume/not-on-this-device';
import { PartyDone } from '../features/parties/party-done';
import { PartyDeclaration, PARTY_DECLARATION } from '../features/parties/party-declaration';
import { PartyStatusList } from '../features/parties/party-status-list';

/**
 * The customer flow of one application and applicant: the sub-section on the URL (/newapplication/<route>,
 * ?section= disambiguates custom routes), forward and back with the engine's skip rules, the §2 step indicator,
 * save per sub-section (encrypted consumer save), and drafts that survive reloads and lost connections.
 * `basePath` lets staff resume under /backstage/newapplication.
 */
export default function FlowPage({ basePath = '/newapplication' }: { basePath?: string }) {
  ensurePortalStyles();
  const t = useT();
  const navigate = useNavigate();
  const location = useLocation();
  const params = useParams();
  const [query] = useSearchParams();
  const applicationId = query.get('application_id');
  const applicantParam = query.get('applicant');
  const route = params['*'] || 'start';
  const [app, setApp] = useState<PortalApplication | null>(null);
  const [flow, setFlow] = useState<FlowConfig | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  // A party's own declaration on the step they sign from (issue 28): checked, and whether a submit found it missing.
  const [declared, setDeclared] = useState(false);
  const [declarationMissing, setDeclarationMissing] = useState(false);
  const online = useOnline();
  useAppRef(applicationId); // every request of this page carries the application's appRefId

  useEffect(() => {
    if (!applicationId) return;
    let live = true;
    (async () => {
      try {
        const a = await loadApplication(applicationId);
        if (live) setApp(a);
      } catch (e) {
        if (live) setProblem(e instanceof Error ? e.message : String(e));
      }
    })();
    return () => {
      live = false;
    };
  }, [applicationId]);

  // The flow follows the chosen language (labels and section names come translated from the server).
  const lang = useLanguage();
  const flowId = app?.flowId;
  const flowVerNum = app?.flowVerNum;
  useEffect(() => {
    if (!flowId || flowVerNum == null) return;
    let live = true;
    loadFlow({ flowId, flowVerNum }, lang).then(
      (f) => live && setFlow(f),
      (e) => live && setProblem(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      live = false;
    };
  }, [flowId, flowVerNum, lang]);

  const applicant = app ? applicantOf(app, applicantParam) : null;
  const ctx = useMemo(() => (app && applicant ? navigationContext(app, applicant.type) : null), [app, applicant]);

  const urlFor = useCallback(
    (s: FlowStep) => {
      const q = new URLSearchParams(query);
      q.set('section', s.sectionId);
      return `${basePath}/${s.route}?${q.toString()}`;
    },
    [query, basePath],
  );

  // Where this applicant stands: the step on the URL, else the one after the last saved, else the first.
  const step = useMemo(() => {
    if (!flow || !ctx || !applicant) return null;
    if (route !== 'start') {
      const s = stepForRoute(flow, route, ctx, query.get('section') ?? undefined);
      if (s) return s;
    }
    if (applicant.section_id && applicant.sub_section_id) {
      const pos = { sectionId: applicant.section_id, subSectionId: applicant.sub_section_id };
      return nextStep(flow, pos, ctx) ?? lastStep(flow, ctx);
    }
    const primary = app?.applicant.find((a) => a.type === 'primary');
    if (applicant.type === 'primary' && app?.sub_section_id && app.section_id && primary) {
      return nextStep(flow, { sectionId: app.section_id, subSectionId: app.sub_section_id }, ctx) ?? lastStep(flow, ctx);
    }
    return firstStep(flow, ctx);
  }, [flow, ctx, applicant, route, query, app]);

  useEffect(() => {
    if (step && route === 'start') navigate(urlFor(step), { replace: true });
  }, [step, route, navigate, urlFor]);

  const draftKey: DraftKey | null = app && applicant && step ? { applicationId: app.application_id, applicantId: applicant.applicantId, sectionId: step.sectionId, subSectionId: step.subSectionId } : null;

  // Back online: send what was kept on this device — saves asked for offline in full, the rest as drafts.
  const flushing = useRef(false);
  useEffect(() => {
    if (!online || !app || flushing.current) return;
    const drafts = draftsOf(app.application_id);
    if (!drafts.length) return;
    flushing.current = true;
    // The step on screen when the connection came back: if its "Save and continue" was the one kept
    // offline, the user continues to the next step once it reaches the server, as they asked.
    const here = step && flow && ctx && applicant ? { step, flow, ctx, applicantId: applicant.applicantId } : null;
    (async () => {
      // What the server holds now: an answer another device changed meanwhile (continue later) is not overwritten unseen.
      const now = await loadApplication(app.application_id).catch(() => null);
      let conflict = false;
      for (const { key, draft } of drafts) {
        if (now && changedElsewhere(app, now, key.applicantId, draft.values).length) {
          conflict = true; // kept on the device, shown on its step over the other device's answers; saving sends it
          continue;
        }
        try {
          const r = await saveSubSection(
            { application_id: key.applicationId, applicantId: key.applicantId, section_id: key.sectionId, sub_section_id: key.subSectionId, values: draft.values, draft: !draft.pending },
            { silent: true },
          );
          if (draft.pending) clearDraft(key);
          // A draft now on the server leaves the device too (unless typed on since): kept, it would later overwrite
          // what another device saved (continue later, issue 28).
          else if (JSON.stringify(readDraft(key)?.values) === JSON.stringify(draft.values)) clearDraft(key);
          setApp(r.data);
          if (draft.pending && here && key.subSectionId === here.step.subSectionId && key.applicantId === here.applicantId && !isLastStep(here.flow, here.step, here.ctx)) {
            const next = nextStep(here.flow, here.step, here.ctx);
            if (next) navigate(urlFor(next));
          }
        } catch {
          /* stays on the device; a later reconnect or save tries again */
        }
      }
      flushing.current = false;
      if (!conflict) return setNote(null);
      if (now) setApp(now);
      setNote(t('continueLater.conflict', undefined, 'This application was changed on another device while you were offline. What you typed here is kept on this device and shown on its step: check it and save again.'));
    })();
  }, [online, app?.application_id]); // eslint-disable-line react-hooks/exhaustive-deps

  const initialValues = useMemo(() => {
    if (!app || !applicant || !draftKey) return {};
    const draft = readDraft(draftKey);
    return { ...savedValues(app, applicant), ...(draft?.values ?? {}) };
    // Recomputed per sub-section only: a save must not reset what is on screen.
  }, [draftKey?.subSectionId, applicant?.applicantId, app?.application_id]); // eslint-disable-line react-hooks/exhaustive-deps

  const draftTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // What is on screen now, per step, for "Save and continue later".
  const latestValues = useRef<{ step?: string; values: FormValues } | null>(null);
  const onValuesChange = useCallback(
    (values: FormValues) => {
      latestValues.current = { step: draftKey?.subSectionId, values };
      if (!draftKey) return;
      clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(() => writeDraft(draftKey, values), 200);
    },
    [draftKey?.subSectionId, draftKey?.applicantId], // eslint-disable-line react-hooks/exhaustive-deps
  );

  // The e-mail the applicant gave (their entry's, else the one saved in the form) is where an upload link goes.
  const email = applicant ? (applicant.email ?? (savedValues(app!, applicant).email as string | undefined)) : undefined;
  const services = useMemo(() => (app && applicant ? { ...flowServices(app.application_id, applicant.applicantId, applicant.type, email || undefined), productCode: app.product_code } : null), [app?.application_id, applicant?.applicantId, email]); // eslint-disable-line react-hooks/exhaustive-deps

  if (!applicationId) return <p role="alert">{t('portal.flow.noApplication', undefined, 'No application was given. Start from the product list.')}</p>;
  if (problem)
    return (
      <>
        <p role="alert">{t('portal.flow.loadFailed', { problem }, `The application could not be loaded: ${problem}`)}</p>
        {basePath === '/newapplication' && <NotOnThisDevice applicationId={applicationId} />}
      </>
    );
  if (!app || !flow || !ctx || !applicant || !services) return <p aria-busy="true">{t('portal.flow.loading', undefined, 'Loading your application…')}</p>;
  // A party's signature finishes their part, not the application (issue 28): "submitted" is the primary's page.
  if (applicant.submittedAt) return applicant.type === 'primary' ? <Submitted applicationId={app.application_id} borrower /> : <PartyDone app={app} applicant={applicant} />;
  if (!step || !draftKey) return <p role="alert">{t('portal.flow.noSteps', undefined, 'This application has no steps for you to fill.')}</p>;

  const section = flow.sections[step.sectionIndex];
  const sub = section.subSections[step.subSectionIndex];
  const progress = applicant.type === 'primary' ? app.progress : applicant.progress;
  const previous = previousStep(flow, step, ctx);
  const last = isLastStep(flow, step, ctx);

  const partySigns = last && !step.isCustom && applicant.type !== 'primary';
  const save = async (given: FormValues) => {
    clearTimeout(draftTimer.current);
    if (partySigns && !declared) return setDeclarationMissing(true);
    const values = partySigns ? { ...given, [PARTY_DECLARATION]: true } : given;
    try {
      const r = await saveSubSection({ application_id: app.application_id, applicantId: applicant.applicantId, section_id: step.sectionId, sub_section_id: step.subSectionId, values, submit: last });
      clearDraft(draftKey);
      setApp(r.data);
      setNote(null);
      const next = nextStep(flow, step, ctx);
      if (!last && next) navigate(urlFor(next));
      window.scrollTo?.(0, 0);
    } catch (e) {
      if (e instanceof ApiError && e.status === 0) {
        // Offline: keep the answers on the device and send them when the connection is back.
        writeDraft(draftKey, values, true);
        setNote(t('portal.flow.offlineKept', undefined, 'You are offline. Your answers are kept on this device and will be saved when the connection is back.'));
      }
      // Other errors (1101 …) are shown by the shell's error modal.
    }
  };

  const back = previous ? (
    <button type="button" className="ll-button--secondary" onClick={() => navigate(urlFor(previous))}>
      {t('portal.flow.back', undefined, 'Back')}
    </button>
  ) : undefined;
  // The primary applicant's link back (issue 28); not for staff resuming a step, nor on the submitting step.
  const later = applicant.type === 'primary' && basePath === '/newapplication' && !last ? (
    <ContinueLaterButton key={step.subSectionId} draftKey={draftKey} route={step.route} valuesNow={() => (latestValues.current?.step === step.subSectionId ? latestValues.current.values : initialValues)} />
  ) : null;

  return (
    <FieldServicesContext.Provider value={services}>
      <SummaryContext.Provider value={{ sections: summarySections(flow), values: savedValues(app, applicant) }}>
        <div className="ll-flow" data-application-id={app.application_id} data-route={step.route}>
          <StepIndicator items={stepIndicator(flow, step.sectionId, progress, ctx)} />
          {!online && (
            <p className="ll-offline" role="status">
              {t('portal.flow.offline', undefined, 'You are offline. You can keep filling in; nothing you type is lost.')}
            </p>
          )}
          {note && (
            <p className="ll-offline" role="status">
              {note}
            </p>
          )}
          <h2>{section.name}</h2>
          {sub.name && sub.name !== section.name && <h3>{sub.name}</h3>}
          <p className="ll-muted">
            {t('portal.flow.applicationId', { id: app.application_id }, `Application ${app.application_id}`)}
            {applicant.type !== 'primary' && ` · ${applicant.type === 'secondary' ? t('portal.flow.coApplicant', undefined, 'Co-applicant') : t('portal.flow.guarantor', undefined, 'Guarantor')}`}
          </p>
          {/* The consent step (issue 27): every applicant, on the step they submit from. */}
          {last && !step.isCustom && <ConsentStep applicationId={app.application_id} applicantId={applicant.applicantId} />}
          {partySigns && (
            <PartyDeclaration
              checked={declared}
              missing={declarationMissing && !declared}
              onChange={(v) => {
                setDeclared(v);
                if (v) setDeclarationMissing(false);
              }}
            />
          )}
          {/* The primary's review: every party and where they stand; the submission waits for their signatures (issue 28). */}
          {section.isSummary && applicant.type === 'primary' && app.singleORjoint === 'Joint' && basePath === '/newapplication' && <PartyStatusList applicationId={app.application_id} />}
          {step.isCustom ? (
            <CoApplicantsPage app={app} onChange={setApp} back={back} onContinue={() => save({})} />
          ) : (
            <SectionForm
              key={`${applicant.applicantId}:${step.subSectionId}:${location.key}`}
              sub={sub}
              initialValues={initialValues}
              applicantType={applicant.type}
              isSummary={section.isSummary}
              onSave={save}
              onValuesChange={onValuesChange}
              saveLabel={last ? (applicant.type === 'primary' ? t('portal.flow.submit', undefined, 'Submit application') : t('parties.flow.finish', undefined, 'Finish my part')) : undefined}
              secondaryActions={later ? <div className="ll-flow-secondary">{back}{later}</div> : back}
            />
          )}
        </div>
      </SummaryContext.Provider>
    </FieldServicesContext.Provider>
  );
}

function Submitted({ applicationId, borrower }: { applicationId: string; borrower: boolean }) {
  const t = useT();
  return (
    <section className="ll-card" aria-labelledby="ll-done">
      <h2 id="ll-done">{t('portal.flow.submittedTitle', undefined, 'Application submitted')}</h2>
      <p role="status">{t('portal.flow.submitted', { id: applicationId }, `Thank you. Your application ${applicationId} has been submitted for further processing.`)}</p>
      <p>
        <a href={`/payments?application_id=${encodeURIComponent(applicationId)}`}>{t('portal.flow.goPayments', undefined, 'Pay the processing fee')}</a>
      </p>
      {/* Exiting the loan is the borrower's decision: not offered to a co-applicant or guarantor. */}
      {borrower && <CoolingOffExit applicationId={applicationId} />}
      <p>
        <a href={`/dynamic-resume/status?application_id=${encodeURIComponent(applicationId)}`}>{t('consent.footer.status', undefined, 'Your application status and consents')}</a>
      </p>
    </section>
  );
}
