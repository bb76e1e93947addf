import { useEffect, useState } from 'react';
import { useConfigName, useT, type StepCompletionType } from '@lendline/shared';
import { AlertDialog, DateTimeField, Dialog, Select, TextArea, TextField } from '@lendline/shared/ui';
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

  // A destructive action (reject, cancel, drop, delete) interrupts as an alert dialog (WAI-ARIA alertdialog: read out
  // at once, an explicit answer needed); focus still starts in its required reason, never on the confirm button.
  const Frame = def.danger ? AlertDialog : Dialog;
  return (
    <Frame
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
          <Select
            label={t('areas.applications.actions.declineReason', undefined, 'Decline reason (required)')}
            placeholder={t('areas.applications.actions.chooseReason', undefined, 'Choose a reason')}
            value={reasonCode || null}
            onChange={setReasonCode}
            options={(decline?.reasons ?? []).map((r) => ({ id: r.code, label: name('declineReason', r.label) }))}
            testId="decline-reason"
          />
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
          <Select
            label={t('areas.applications.actions.completionType', undefined, 'How to complete')}
            value={completionType}
            onChange={(id) => setCompletionType(id as StepCompletionType)}
            options={completionTypesFor(roles).map((c) => ({ id: c, label: t(`areas.applications.actions.completion.${c}`, undefined, COMPLETION_LABELS[c]) }))}
            testId="completion-type"
          />
          {override && (
            <p className="ll-notice" role="note" data-testid="completion-override">
              {t('areas.applications.actions.overrideNote', undefined, 'The mandatory fields and documents are not checked. Your reason is kept in the audit trail and the worklog.')}
            </p>
          )}
        </div>
      )}
      {needsException && (
        <>
          <TextField label={t('areas.applications.actions.exceptionKey', undefined, 'Exception (deviation)')} value={exKey} onChange={setExKey} />
          <TextField label={t('areas.applications.actions.exceptionReason', undefined, 'Why it should be approved')} value={exReason} onChange={setExReason} />
        </>
      )}
      {def.input === 'stage' && (
        <Select
          label={t('areas.applications.actions.toStage', undefined, 'Back to stage')}
          value={String(toStage)}
          onChange={(id) => setToStage(Number(id))}
          options={(view.appLifeCycle?.steps ?? []).slice(0, stage).map((st, i) => ({ id: String(i), label: name('step', st.stepName) }))}
          testId="to-stage"
        />
      )}
      {def.input === 'callback' && (
        <DateTimeField label={t('areas.applications.actions.callbackAt', undefined, 'Call back at (empty: in one hour)')} value={callbackAt} onChange={setCallbackAt} testId="callback-at" />
      )}
      {reasonMode !== 'none' && (
        <TextArea
          label={
            declining
              ? t('areas.applications.actions.declineComment', undefined, 'Comment (required)')
              : reasonMode === 'required'
                ? t('areas.applications.actions.reasonRequired', undefined, 'Reason (required)')
                : t('areas.applications.actions.reason', undefined, 'Reason')
          }
          value={reason}
          onChange={setReason}
          isRequired={reasonMode === 'required'}
          rows={3}
        />
      )}
    </Frame>
  );
}
