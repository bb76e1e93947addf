import { useId, useState, type FormEvent } from 'react';
import { useDraftState, useT } from '@lendline/shared';
import { raiseQuery, type Requestable } from './api';
import { useQueriesStore } from './queries-store';
import { useChange } from './use-change';
import { PickList } from './pick-list';

export interface RaiseFormProps {
  applicationId: string;
  requestable: { fields: Requestable[]; documents: Requestable[] } | null;
  onDone(): void;
  onChanged?: () => void;
}

/** Raise a query to a colleague (user name) or a team, optionally about fields and documents of the application. */
export function RaiseForm({ applicationId, requestable, onDone, onChanged }: RaiseFormProps) {
  const t = useT();
  const id = useId();
  const verNum = useQueriesStore((s) => s.verNum);
  const { busy, run } = useChange(onChanged);
  const [to, setTo] = useState<'user' | 'team'>('user');
  const [holder, setHolder] = useState('');
  const [subject, setSubject] = useDraftState(`queries:${applicationId}:raise:subject`, '');
  const [description, setDescription] = useDraftState(`queries:${applicationId}:raise:description`, '');
  const [fields, setFields] = useState<string[]>([]);
  const [documents, setDocuments] = useState<string[]>([]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await run(
      () =>
        raiseQuery({
          application_id: applicationId,
          verNum,
          subject: subject.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(to === 'user' ? { assignedTo: holder.trim() } : { assignedTeam: holder.trim() }),
          fields,
          documents,
        }),
      t('queries.raised', undefined, 'Query raised'),
    );
    if (ok) onDone();
  }

  return (
    <form className="ll-query-form" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="raise-form">
      <h4 id={`${id}-title`}>{t('queries.raiseTitle', undefined, 'Raise a query')}</h4>
      <fieldset>
        <legend>{t('queries.to', undefined, 'To')}</legend>
        <label>
          <input type="radio" name={`${id}-to`} checked={to === 'user'} onChange={() => setTo('user')} /> {t('queries.toUser', undefined, 'A user')}
        </label>
        <label>
          <input type="radio" name={`${id}-to`} checked={to === 'team'} onChange={() => setTo('team')} /> {t('queries.toTeam', undefined, 'A team')}
        </label>
      </fieldset>
      <label htmlFor={`${id}-holder`}>{to === 'user' ? t('queries.userName', undefined, 'User name') : t('queries.teamId', undefined, 'Team')}</label>
      <input id={`${id}-holder`} value={holder} onChange={(e) => setHolder(e.target.value)} required maxLength={80} />
      <label htmlFor={`${id}-subject`}>{t('queries.subject', undefined, 'Question')}</label>
      <input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} required maxLength={200} />
      <label htmlFor={`${id}-description`}>{t('queries.description', undefined, 'Details (optional)')}</label>
      <textarea id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} maxLength={4000} rows={3} />
      {requestable && (
        <>
          <PickList legend={t('queries.aboutFields', undefined, 'About fields (optional)')} items={requestable.fields} picked={fields} onChange={setFields} />
          <PickList legend={t('queries.aboutDocuments', undefined, 'About documents (optional)')} items={requestable.documents} picked={documents} onChange={setDocuments} />
        </>
      )}
      <div className="ll-query-actions">
        <button type="submit" disabled={busy || !holder.trim() || !subject.trim()}>
          {t('queries.raise', undefined, 'Raise query')}
        </button>
        <button type="button" className="ll-button--secondary" onClick={onDone}>
          {t('queries.cancel', undefined, 'Cancel')}
        </button>
      </div>
    </form>
  );
}
