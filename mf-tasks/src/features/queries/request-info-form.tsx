import { useId, useState, type FormEvent } from 'react';
import { useDraftState } from '@lendline/shared';
import { Dialog, TextArea } from '@lendline/shared/ui';
import { requestInfo, type Requestable } from './api';
import { useQueriesStore } from './queries-store';
import { useChange } from './use-change';
import { PickList } from './pick-list';
import { useQueryT } from './texts';

export interface RequestInfoFormProps {
  applicationId: string;
  requestable: { fields: Requestable[]; documents: Requestable[] } | null;
  onDone(): void;
  onChanged?: () => void;
}

/**
 * Ask the applicant for fields and documents (by their labels), with a message, in a dialog of the UI kit: the
 * server sends them a single-use link and pauses the task's SLA clock until they answer.
 */
export function RequestInfoForm({ applicationId, requestable, onDone, onChanged }: RequestInfoFormProps) {
  const t = useQueryT();
  const id = useId();
  const verNum = useQueriesStore((s) => s.verNum);
  const { busy, run } = useChange(onChanged);
  const [fields, setFields] = useState<string[]>([]);
  const [documents, setDocuments] = useState<string[]>([]);
  const [message, setMessage] = useDraftState(`queries:${applicationId}:request-info:message`, '');

  async function submit(e: FormEvent) {
    e.preventDefault();
    const ok = await run(() => requestInfo({ application_id: applicationId, verNum, fields, documents, message: message.trim() }), t('requestSent'));
    if (ok) onDone();
  }

  return (
    <Dialog
      title={t('requestTitle')}
      onClose={onDone}
      testId="request-info-form"
      actions={
        <>
          <button type="button" className="ll-button--secondary" data-close onClick={onDone}>{t('cancel')}</button>
          <button type="submit" form={`${id}-form`} disabled={!requestable || busy || !message.trim() || fields.length + documents.length === 0}>{t('sendRequest')}</button>
        </>
      }
    >
      {!requestable ? (
        <p aria-busy="true">{t('loading')}</p>
      ) : (
        <form id={`${id}-form`} className="ll-query-form" onSubmit={submit}>
          <p className="ll-muted">{t('requestHelp')}</p>
          <PickList legend={t('pickFields')} items={requestable.fields} picked={fields} onChange={setFields} />
          <PickList legend={t('pickDocuments')} items={requestable.documents} picked={documents} onChange={setDocuments} />
          <TextArea label={t('message')} value={message} onChange={setMessage} isRequired maxLength={2000} rows={3} />
        </form>
      )}
    </Dialog>
  );
}
