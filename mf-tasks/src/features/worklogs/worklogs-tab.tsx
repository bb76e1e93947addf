import { useCallback, useEffect } from 'react';
import { formatDateTime, formatInstantsIn, useLabel, useLanguage, useT } from '@lendline/shared';
import { fetchWorklogs, type WorklogEntry } from '../../api/tasks-api';
import { useKeysetPages } from '../../lib/use-keyset-pages';
import { Pager } from '../../ui/pager';
import { ensureTaskStyles } from '../../ui/styles';
import type { TabProps } from '../../ui/tab-props';

const PAGE = 10;

/** Worklogs tab: the application's timeline of every action — who, when, what — newest first, in pages. */
export default function WorklogsTab({ applicationId, application }: TabProps) {
  const t = useT();
  const label = useLabel();
  const lang = useLanguage();
  useEffect(ensureTaskStyles, []);
  // A new verNum means something happened: start again at the newest entry.
  const pages = useKeysetPages<WorklogEntry>(`${applicationId}|${application.verNum}`, useCallback((c: string | null) => fetchWorklogs(applicationId, PAGE, c), [applicationId]));
  return (
    <div data-testid="worklogs-tab">
      {pages.failed && <p role="alert">{t('areas.tasks.worklogs.failed', undefined, 'The worklogs could not be loaded.')}</p>}
      {!pages.items && !pages.failed && <p aria-busy="true">{t('areas.tasks.loading', undefined, 'Loading…')}</p>}
      {pages.items?.length === 0 && <p>{t('areas.tasks.worklogs.empty', undefined, 'Nothing has been done on this application yet.')}</p>}
      {!!pages.items?.length && (
        <ol className="ll-timeline" aria-label={t('areas.tasks.worklogs.label', undefined, 'Worklogs, newest first')}>
          {pages.items.map((w) => (
            <li key={w.id} data-testid="worklog">
              {/* The event by its label, never its code; instants inside the server's text read in the reader's zone. */}
              <time dateTime={w.at}>{formatDateTime(w.at)}</time> · <strong>{w.userName}</strong> · {w.comment ? (
                w.texts?.[lang] ? formatInstantsIn(w.texts[lang]) : <span lang="en">{formatInstantsIn(w.comment)}</span> /* an entry written as an English sentence */
              ) : (
                label('worklogEvent', w.action)
              )}
              {w.comment ? (
                <span className="ll-inbox-meta" data-testid="worklog-event" data-event={w.action}>
                  {' '}
                  ({label('worklogEvent', w.action)})
                </span>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <Pager page={pages.pageNumber} hasPrev={pages.hasPrev} hasNext={pages.hasNext} onPrev={pages.prev} onNext={pages.next} busy={pages.busy} />
    </div>
  );
}
