import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { formatDateTime, useDraftState, useMutation, useT } from '@lendline/shared';
import { TextArea } from '@lendline/shared/ui';
import { addNote, deleteNote, fetchNotes, updateNote, type Note } from '../../api/tasks-api';
import { useKeysetPages } from '../../lib/use-keyset-pages';
import { Pager } from '../../ui/pager';
import { ensureTaskStyles } from '../../ui/styles';
import type { TabProps } from '../../ui/tab-props';

const PAGE = 10;
const MAX = 4000;

/**
 * Notes tab: the application's notes with author and time, newest first. Anyone who may act adds notes; only the
 * author edits or deletes one (the server enforces both, §6; an application-access-only user just reads).
 */
export default function NotesTab({ applicationId }: TabProps) {
  const t = useT();
  useEffect(ensureTaskStyles, []);
  const pages = useKeysetPages<Note>(applicationId, useCallback((c: string | null) => fetchNotes(applicationId, PAGE, c), [applicationId]));
  const [text, setText] = useDraftState(`notes:${applicationId}:new`, '');
  const [editing, setEditing] = useState<{ id: string; text: string } | null>(null);
  const { busy, run: mutate } = useMutation();
  // A refusal is shown by the shell's error modal; success toasts and re-reads the notes.
  const run = (fn: () => Promise<unknown>, done: string) => mutate(fn, { done, then: pages.reload });

  async function add(e: FormEvent) {
    e.preventDefault();
    if (await run(() => addNote(applicationId, text.trim()), t('areas.tasks.notes.added', undefined, 'Note added'))) setText('');
  }

  async function save(n: Note) {
    if (editing && (await run(() => updateNote(applicationId, n, editing.text.trim()), t('areas.tasks.notes.updated', undefined, 'Note updated')))) setEditing(null);
  }

  return (
    <div data-testid="notes-tab">
      <form className="ll-note-form" onSubmit={add}>
        <TextArea label={t('areas.tasks.notes.new', undefined, 'New note')} value={text} maxLength={MAX} onChange={setText} testId="note-text" />
        <button type="submit" disabled={busy || !text.trim()}>
          {t('areas.tasks.notes.add', undefined, 'Add note')}
        </button>
      </form>
      {pages.failed && <p role="alert">{t('areas.tasks.notes.failed', undefined, 'The notes could not be loaded.')}</p>}
      {!pages.items && !pages.failed && <p aria-busy="true">{t('areas.tasks.loading', undefined, 'Loading…')}</p>}
      {pages.items?.length === 0 && <p>{t('areas.tasks.notes.empty', undefined, 'No notes yet.')}</p>}
      {!!pages.items?.length && (
        <ul className="ll-notes" aria-label={t('areas.tasks.notes.label', undefined, 'Notes, newest first')}>
          {pages.items.map((n) => (
            <li key={n.noteId} data-testid="note">
              <div className="ll-inbox-meta">
                <strong>{n.userName}</strong> · <time dateTime={n.at}>{formatDateTime(n.at)}</time>
                {n.editedAt ? ` · ${t('areas.tasks.notes.edited', { date: formatDateTime(n.editedAt) }, 'edited {date}')}` : ''}
              </div>
              {editing?.id === n.noteId ? (
                <div>
                  <TextArea label={t('areas.tasks.notes.editLabel', undefined, 'Note text')} value={editing.text} maxLength={MAX} onChange={(text) => setEditing({ id: n.noteId, text })} testId="note-edit-text" />
                  <button type="button" disabled={busy || !editing.text.trim()} onClick={() => save(n)}>
                    {t('areas.tasks.notes.save', undefined, 'Save')}
                  </button>{' '}
                  <button type="button" className="ll-button--secondary" onClick={() => setEditing(null)}>
                    {t('areas.tasks.notes.cancel', undefined, 'Cancel')}
                  </button>
                </div>
              ) : (
                <p className="ll-note-text">{n.text}</p>
              )}
              {n.mine && editing?.id !== n.noteId && (
                <div>
                  <button type="button" className="ll-button--secondary" onClick={() => setEditing({ id: n.noteId, text: n.text })}>
                    {t('areas.tasks.notes.edit', undefined, 'Edit')}
                  </button>{' '}
                  <button type="button" className="ll-button--secondary" disabled={busy} onClick={() => run(() => deleteNote(applicationId, n.noteId), t('areas.tasks.notes.deleted', undefined, 'Note deleted'))}>
                    {t('areas.tasks.notes.delete', undefined, 'Delete')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager page={pages.pageNumber} hasPrev={pages.hasPrev} hasNext={pages.hasNext} onPrev={pages.prev} onNext={pages.next} busy={pages.busy} />
    </div>
  );
}
