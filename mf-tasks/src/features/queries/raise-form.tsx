import { useId, useState, type FormEvent } from 'react';
import { useDraftState } from '@lendline/shared';
import { Dialog, TextArea, TextField } from '@lendline/shared/ui';
import { raiseQuery, type Recipient, type Requestable } from './api';
import { useQueriesStore } from './queries-store';
import { useChange } from './use-change';
import { PickList } from './pick-list';
import { RecipientPicker } from './recipient-picker';
import { useQueryT } from './texts';

export interface RaiseFormProps {
  applicationId: string;
  requestable: { fields: Requestable[]; documents: Requestable[] } | null;
  onDone(): void;
  onChanged?: () => void;
}

/**
 * Raise a query to a colleague or a team, optionally about fields and documents of the application: a dialog of the
 * UI kit (issue 26), the recipient chosen by name from those who may receive it.
 */
export function RaiseForm({ applicationId, requestable, onDone, onChanged }: RaiseFormProps) {
  const t = useQueryT();
  const id = useId();
  const verNum = useQueriesStore((s) => s.verNum);
  const { busy, run } = useChange(onChanged);
  const [to, setTo] = useState<Recipient | null>(null);
  const [subject, setSubject] = useDraftState(`queries:${applicationId}:raise:subject`, '');
  const [description, setDescription] = useDraftState(`queries:${applicationId}:raise:description`, '');
  const [fields, setFields] = useState<string[]>([]);
  const [documents, setDocuments] = useState<string[]>([]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!to) return;
    const ok = await run(
      () =>
        raiseQuery({
          application_id: applicationId,
          verNum,
          subject: subject.trim(),
          ...(description.trim() ? { description: description.trim() } : {}),
          ...(to.kind === 'user' ? { assignedTo: to.id } : { assignedTeam: to.id }),
          fields,
          documents,
        }),
      t('raised'),
    );
    if (ok) onDone();
  }

  return (
    <Dialog
      title={t('raiseTitle')}
      onClose={onDone}
      testId="raise-form"
      actions={
        <>
          <button type="button" className="ll-button--secondary" data-close onClick={onDone}>{t('cancel')}</button>
          <button type="submit" form={`${id}-form`} disabled={busy || !to || !subject.trim()}>{t('raise')}</button>
        </>
      }
    >
      <form id={`${id}-form`} className="ll-query-form" onSubmit={submit}>
        <RecipientPicker t={t} applicationId={applicationId} value={to} onChange={setTo} />
        <TextField label={t('subject')} value={subject} onChange={(v) => setSubject(v.slice(0, 200))} isRequired testId="query-subject" />
        <TextArea label={t('description')} value={description} onChange={setDescription} maxLength={4000} rows={3} />
        {requestable && (
          <>
            <PickList legend={t('aboutFields')} items={requestable.fields} picked={fields} onChange={setFields} />
            <PickList legend={t('aboutDocuments')} items={requestable.documents} picked={documents} onChange={setDocuments} />
          </>
        )}
      </form>
    </Dialog>
  );
}
