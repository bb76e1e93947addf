import { useId, useState, type FormEvent } from 'react';
import { useDraftState, useT } from '@lendline/shared';
import { requestInfo, type Requestable } from './api';
import { useQueriesStore } from './queries-store';
import { useChange } from './use-change';
import { PickList } from './pick-list';

export interface RequestInfoFormProps {
  applicationId: string;
  requestable: { fields: Requestable[]; documents: Requestable[] } | null;
  onDone(): void;
  onChanged?: () => void;
}

/**
 * Ask the applicant for fields and documents, with a message: the server sends them a single-use link and pauses
 * the task's SLA clock until they answer.
 */
export function RequestInfoForm({ applicationId, requestable, onDone, onChanged }: RequestInfoFormProps) {
  const t = useT();
  const id = useId();
  const verNum = useQueriesStore((s) => s.verNum);
  const { busy, run } = useChange(onChanged);
  const [fields, setFields] = useState<string[]>([]);
  const [documents, setDocuments] = useState<string[]>([]);
  const [message, setMessage] = useDraftState(`queries:${applicationId}:request-info:message`, '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await run(
      () => requestInfo({ application_id: applicationId, verNum, fields, documents, message: message.trim() }),
      t('queries.requestSent', undefined, 'Request sent to the applicant'),
    );
    if (ok) onDone();
  }

  if (!requestable) return <p aria-busy="true">{t('queries.loading', undefined, 'Loading…')}</p>;
  return (
    <form className="ll-query-form" onSubmit={submit} aria-labelledby={`${id}-title`} data-testid="request-info-form">
      <h4 id={`${id}-title`}>{t('queries.requestTitle', undefined, 'Ask the applicant')}</h4>
      <p className="ll-muted">{t('queries.requestHelp', undefined, 'The applicant gets a link that opens only what you pick. The SLA clock is paused until they answer.')}</p>
      <PickList legend={t('queries.pickFields', undefined, 'Fields')} items={requestable.fields} picked={fields} onChange={setFields} />
      <PickList legend={t('queries.pickDocuments', undefined, 'Documents')} items={requestable.documents} picked={documents} onChange={setDocuments} />
      <label htmlFor={`${id}-message`}>{t('queries.message', undefined, 'Message to the applicant')}</label>
      <textarea id={`${id}-message`} value={message} onChange={(e) => setMessage(e.target.value)} required maxLength={2000} rows={3} />
      <div className="ll-query-actions">
        <button type="submit" disabled={busy || !message.trim() || fields.length + documents.length === 0}>
          {t('queries.sendRequest', undefined, 'Send request')}
        </button>
        <button type="button" className="ll-button--secondary" onClick={onDone}>
          {t('queries.cancel', undefined, 'Cancel')}
        </button>
      </div>
    </form>
  );
}
