import { useState, type FormEvent } from 'react';
import type { ApprovalAction, ChainEntry } from './api';
import type { ApprovalT } from './texts';
import { Select, TextArea } from '@lendline/shared/ui';

export interface DecisionFormProps {
  entry: ChainEntry;
  action: ApprovalAction;
  busy: boolean;
  t: ApprovalT;
  onConfirm(input: { comment?: string; reason?: string; userName?: string }): void;
  onCancel(): void;
}

/** What one action needs: a reason for reject and send back, an approver for forward, else an optional comment. */
export function DecisionForm({ entry, action, busy, t, onConfirm, onCancel }: DecisionFormProps) {
  const [text, setText] = useState('');
  const [userName, setUserName] = useState('');
  const needsReason = action === 'reject' || action === 'send_back';
  const candidates = entry.actions?.forwardTo ?? [];
  const ready = (!needsReason || text.trim()) && (action !== 'forward' || userName);
  // A decline recommendation: approve confirms the decline, reject keeps the application active (said so on the button).
  const label = entry.recommendation?.kind === 'DECLINE' && (action === 'approve' || action === 'reject') ? t(`decline.${action}`) : t(`action.${action}`);

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    const words = text.trim();
    if (needsReason) onConfirm({ reason: words });
    else onConfirm({ ...(words ? { comment: words } : {}), ...(action === 'forward' ? { userName } : {}) });
  }

  return (
    <form className="ll-approval-form" aria-label={label} onSubmit={submit} data-testid="approval-form">
      {action === 'forward' && (
        <Select
          label={t('forwardTo')}
          placeholder={t('choose')}
          value={userName || null}
          onChange={setUserName}
          options={candidates.map((c) => ({ id: c.userName, label: `${c.displayName} (${c.userName})` }))}
          testId="approval-forward-to"
        />
      )}
      <TextArea label={needsReason ? t('reasonLabel') : t('commentLabel')} value={text} maxLength={2000} rows={2} isRequired={needsReason} onChange={setText} />
      <div className="ll-approval-form__buttons">
        <button type="submit" disabled={!ready || busy} className={action === 'reject' ? 'll-button--danger' : undefined}>
          {t('confirm', { action: label })}
        </button>
        <button type="button" className="ll-button--secondary" onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
