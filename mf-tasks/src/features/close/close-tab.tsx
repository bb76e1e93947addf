import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { configName, useMutation, useT } from '@lendline/shared';
import { TextArea } from '@lendline/shared/ui';
import { closeSubTask, fetchDecidable, fetchOpenQueries } from './api';
import { ensureTaskStyles } from '../../ui/styles';
import type { TabProps } from '../../ui/tab-props';

interface Closable {
  subTaskId: string;
  kind: 'QUERY' | 'APPROVAL';
  title: string;
  detail: string;
}

/**
 * §2's Close tab (shown for sub-statuses QUERIES and APPROVAL): what is open on the application and may be closed
 * here, each with a mandatory reason. An open query is closed (its raiser, its holder or an admin may); a pending
 * approval or exception is closed by its decider, approving or rejecting it. The server applies the query and approval
 * rules and refuses anything else in the §8 modal; this tab offers an approval only to whoever the server says may
 * decide it. Each close is audited and in the worklog.
 */
export default function CloseTab({ applicationId, application, onChanged }: TabProps) {
  const t = useT();
  useEffect(ensureTaskStyles, []);
  const [items, setItems] = useState<Closable[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [open, pending] = await Promise.all([fetchOpenQueries(applicationId), fetchDecidable(applicationId)]);
      setItems([
        ...open.map((q) => ({
          subTaskId: q.subTaskId,
          kind: 'QUERY' as const,
          title: q.subject,
          detail: t('closeTabWording.queryDetail', { by: q.raisedBy ?? '—', to: q.assignedTo ?? q.assignedTeam ?? '—' }, 'Query raised by {by}, held by {to}'),
        })),
        ...pending.map((a) => ({
          subTaskId: a.subTaskId!,
          kind: 'APPROVAL' as const,
          title: a.type === 'EXCEPTION' ? t('closeTabWording.exceptions', { keys: a.exceptions.map((e) => e.key).join(', ') }, 'Exceptions: {keys}') : `${configName('approvalLevel', a.levelName)} (${a.level}/${a.levels})`,
          detail: t('closeTabWording.approvalDetail', { maker: a.maker ?? '—' }, 'Pending approval submitted by {maker}'),
        })),
      ]);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [applicationId, t]);
  useEffect(() => {
    void load();
  }, [load, application.verNum]);

  if (failed) return <p role="alert">{t('closeTabWording.loadFailed', undefined, 'What is open on this application could not be loaded.')}</p>;
  if (!items) return <p aria-busy="true">{t('closeTabWording.loading', undefined, 'Loading…')}</p>;
  return (
    <div data-testid="close-tab">
      {items.length === 0 ? (
        <p role="status">{t('closeTabWording.nothing', undefined, 'Nothing open here that you may close.')}</p>
      ) : (
        <ul className="ll-close-list">
          {items.map((item) => (
            <CloseItem key={item.subTaskId} item={item} verNum={application.verNum} applicationId={applicationId} onClosed={onChanged} />
          ))}
        </ul>
      )}
    </div>
  );
}

function CloseItem({ item, applicationId, verNum, onClosed }: { item: Closable; applicationId: string; verNum: number; onClosed(): void }) {
  const t = useT();
  const [reason, setReason] = useState('');
  const [decision, setDecision] = useState<'APPROVE' | 'REJECT'>('APPROVE');
  const { busy, run } = useMutation();
  function submit(e: FormEvent) {
    e.preventDefault();
    // The shell's error modal shows a §8 refusal (not the raiser or holder, maker-checker, stale verNum…).
    void run(() => closeSubTask({ application_id: applicationId, verNum, subTaskId: item.subTaskId, reason: reason.trim(), ...(item.kind === 'APPROVAL' ? { decision } : {}) }), {
      done: item.kind === 'QUERY' ? t('closeTabWording.queryClosed', undefined, 'Query closed') : t('closeTabWording.approvalClosed', undefined, 'Approval closed'),
      then: onClosed,
    });
  }
  return (
    <li data-testid="close-item" data-kind={item.kind}>
      <form onSubmit={submit} aria-label={t('closeTabWording.formLabel', { title: item.title }, 'Close {title}')}>
        <strong>{item.title}</strong> <small>{item.detail}</small>
        {item.kind === 'APPROVAL' && (
          <fieldset>
            <legend>{t('closeTabWording.decision', undefined, 'Decision')}</legend>
            <label>
              <input type="radio" name={`decision-${item.subTaskId}`} checked={decision === 'APPROVE'} onChange={() => setDecision('APPROVE')} />
              {t('closeTabWording.approve', undefined, 'Approve')}
            </label>
            <label>
              <input type="radio" name={`decision-${item.subTaskId}`} checked={decision === 'REJECT'} onChange={() => setDecision('REJECT')} />
              {t('closeTabWording.reject', undefined, 'Reject (a level rejects the application; exceptions go back to their maker)')}
            </label>
          </fieldset>
        )}
        <TextArea label={t('closeTabWording.reason', undefined, 'Reason for closing')} isRequired maxLength={2000} value={reason} onChange={setReason} />
        <button type="submit" disabled={busy || !reason.trim()}>
          {item.kind === 'QUERY' ? t('closeTabWording.closeQuery', undefined, 'Close query') : t('closeTabWording.closeApproval', undefined, 'Close approval')}
        </button>
      </form>
    </li>
  );
}
