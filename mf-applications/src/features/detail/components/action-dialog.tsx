import { useEffect, useId, useState } from 'react';
import { useConfigName, useT, type StepCompletionType } from '@lendline/shared';
import { Dialog } from '@lendline/shared/ui';
import { ACTION_LABELS, COMPLETION_LABELS, completionTypesFor, DEFAULT_COMPLETION, type ActionDef } from '../api/action-rules';
import { declineOptions, type ActionBody, type ApplicationView, type DeclineOptions } from '../api/application';

export interface ActionDialogProps {
  def: ActionDef;
  view: ApplicationView;
  busy: boolean;
  /** The user's roles: the completion override is offered only with COMPLETE_WITHOUT_VALIDATIONS. */
  roles?: readonly string[];
  onConfirm(extra: Omit<ActionBody, 'application_id' | 'verNum'>): void;
  onClose(): void;
}

/** Confirmation of one action, with a reason where the action needs one and its own inputs. */
export function ActionDialog({ def, view, busy, roles, onConfirm, onClose }: ActionDialogProps) {
  const t = useT();
  const name = useConfigName();
  const ids = { reason: useId(), completion: useId(), stage: useId(), callback: useId(), exKey: useId(), exReason: useId(), decline: useId() };
  const stage = view.appLifeCycle?.stage ?? 0;
  const [reason, setReason] = useState('');
  const [completionType, setCompletionType] = useState<StepCompletionType>(DEFAULT_COMPLETION);
  const [toStage, setToStage] = useState(Math.max(0, stage - 1));
  const [callbackAt, setCallbackAt] = useState('');
  const [exKey, setExKey] = useState('');
  const [exReason, setExReason] = useState('');
  const [decline, setDecline] = useState<DeclineOptions | null>(null);
  const [reasonCode, setReasonCode] = useState('');
  const declining = def.input === 'decline';
  useEffect(() => {
    if (!declining) return;
    const ctl = new AbortController();
    // The product's configured decline reasons, and whether this user's decline is final or waits for a second person.
    declineOptions(view.application_id, ctl.signal).then(setDecline, () => setDecline(null));
    return () => ctl.abort();
  }, [declining, view.application_id]);
  const label = t(`areas.applications.actions.${def.action}`, undefined, ACTION_LABELS[def.action]);
  const needsException = def.input === 'completion' && completionType === 'RAISE_EXCEPTIONS';
  // The override (COMPLETE without the checks) is kept by the audit and the worklog with its reason: one is required.
  const override = def.input === 'completion' && completionType === 'COMPLETE';
  const reasonMode = override ? 'required' : def.reason;
  const ready = (reasonMode !== 'required' || reason.trim()) && (!needsException || (exKey.trim() && exReason.trim())) && (!declining || (reasonCode && !decline?.pending));

  function confirm() {
    const extra: Omit<ActionBody, 'application_id' | 'verNum'> = {};
    if (reason.trim()) extra.reason = reason.trim();
    if (def.input === 'completion') extra.completionType = completionType;
    if (declining) extra.reasonCode = reasonCode;
    if (needsException) extra.exceptions = [{ key: exKey.trim(), reason: exReason.trim() }];
    if (def.input === 'stage') extra.toStage = toStage;
    if (def.input === 'callback' && callbackAt) extra.callbackAt = new Date(callbackAt).toISOString();
    onConfirm(extra);
  }

  return (
    <Dialog
      title={t('areas.applications.actions.confirmTitle', { action: label }, '{action}?')}
      onClose={onClose}
      testId="action-dialog"
      actions={
        <>
          <button type="button" disabled={!ready || busy} onClick={confirm} className={def.danger ? 'll-button--danger' : undefined}>
            {t('areas.applications.actions.confirm', { action: label }, 'Confirm: {action}')}
          </button>
          <button type="button" className="ll-button--secondary" data-close onClick={onClose}>
            {t('areas.applications.common.cancel', undefined, 'Cancel')}
          </button>
        </>
      }
    >
      <p>{t('areas.applications.actions.confirmText', { action: label, id: view.application_id }, '{action} for application {id}.')}</p>
      {declining && (
        <div className="ll-field">
          <label htmlFor={ids.decline}>{t('areas.applications.actions.declineReason', undefined, 'Decline reason (required)')}</label>
          <select id={ids.decline} value={reasonCode} required onChange={(e) => setReasonCode(e.target.value)} data-testid="decline-reason">
            <option value="">{t('areas.applications.actions.chooseReason', undefined, 'Choose a reason')}</option>
            {(decline?.reasons ?? []).map((r) => (
              <option key={r.code} value={r.code}>
                {name('declineReason', r.label)}
              </option>
            ))}
          </select>
          {decline && (
            <p className="ll-notice" role="note" data-testid="decline-note">
              {decline.pending
                ? t('areas.applications.actions.declinePending', { user: decline.pending.by, reason: name('declineReason', decline.pending.reason) }, 'A decline by {user} ({reason}) already waits for confirmation.')
                : decline.direct
                  ? t('areas.applications.actions.declineDirect', undefined, 'Your decline is final: the application is rejected now. It can be withdrawn later with a reason.')
                  : t('areas.applications.actions.declineFourEyes', undefined, 'Your decline is a recommendation: the application is rejected only when a second person with approval rights confirms it.')}
            </p>
          )}
        </div>
      )}
      {def.input === 'completion' && (
        <div className="ll-field">
          <label htmlFor={ids.completion}>{t('areas.applications.actions.completionType', undefined, 'How to complete')}</label>
          <select id={ids.completion} value={completionType} onChange={(e) => setCompletionType(e.target.value as StepCompletionType)}>
            {completionTypesFor(roles).map((c) => (
              <option key={c} value={c}>
                {t(`areas.applications.actions.completion.${c}`, undefined, COMPLETION_LABELS[c])}
              </option>
            ))}
          </select>
          {override && (
            <p className="ll-notice" role="note" data-testid="completion-override">
              {t('areas.applications.actions.overrideNote', undefined, 'The mandatory fields and documents are not checked. Your reason is kept in the audit trail and the worklog.')}
            </p>
          )}
        </div>
      )}
      {needsException && (
        <>
          <div className="ll-field">
            <label htmlFor={ids.exKey}>{t('areas.applications.actions.exceptionKey', undefined, 'Exception (deviation)')}</label>
            <input id={ids.exKey} value={exKey} onChange={(e) => setExKey(e.target.value)} />
          </div>
          <div className="ll-field">
            <label htmlFor={ids.exReason}>{t('areas.applications.actions.exceptionReason', undefined, 'Why it should be approved')}</label>
            <input id={ids.exReason} value={exReason} onChange={(e) => setExReason(e.target.value)} />
          </div>
        </>
      )}
      {def.input === 'stage' && (
        <div className="ll-field">
          <label htmlFor={ids.stage}>{t('areas.applications.actions.toStage', undefined, 'Back to stage')}</label>
          <select id={ids.stage} value={toStage} onChange={(e) => setToStage(Number(e.target.value))}>
            {(view.appLifeCycle?.steps ?? []).slice(0, stage).map((s, i) => (
              <option key={i} value={i}>
                {name('step', s.stepName)}
              </option>
            ))}
          </select>
        </div>
      )}
      {def.input === 'callback' && (
        <div className="ll-field">
          <label htmlFor={ids.callback}>{t('areas.applications.actions.callbackAt', undefined, 'Call back at (empty: in one hour)')}</label>
          <input id={ids.callback} type="datetime-local" value={callbackAt} onChange={(e) => setCallbackAt(e.target.value)} />
        </div>
      )}
      {reasonMode !== 'none' && (
        <div className="ll-field">
          <label htmlFor={ids.reason}>
            {declining
              ? t('areas.applications.actions.declineComment', undefined, 'Comment (required)')
              : reasonMode === 'required'
                ? t('areas.applications.actions.reasonRequired', undefined, 'Reason (required)')
                : t('areas.applications.actions.reason', undefined, 'Reason')}
          </label>
          <textarea id={ids.reason} value={reason} required={reasonMode === 'required'} onChange={(e) => setReason(e.target.value)} rows={3} />
        </div>
      )}
    </Dialog>
  );
}
