import { useEffect, useState } from 'react';
import { useT } from '@lendline/shared';
import { useQueriesStore } from './queries-store';
import { QueryCard } from './query-card';
import { QueryStarter } from './query-starter';

export interface QueriesTabProps {
  applicationId: string;
  taskId?: string | null;
  application?: { verNum?: number; application_status?: string } | null;
  onChanged?: () => void;
}

type Show = 'OPEN' | 'CLOSED' | 'ALL';

/**
 * The application-detail queries tab (loaded by mf-applications as mf_tasks/QueriesTab): the application's queries,
 * open or closed, each with its thread and its actions, and the starters for a new query or a request for
 * information to the applicant.
 */
export function QueriesTab({ applicationId, application, onChanged }: QueriesTabProps) {
  const t = useT();
  const { queries, open, closed, loading, failed, load } = useQueriesStore();
  const [show, setShow] = useState<Show>('OPEN');
  const verNum = application?.verNum ?? 0;

  useEffect(() => {
    void load(applicationId, verNum);
  }, [applicationId, verNum, load]);

  const shown = queries.filter((q) => show === 'ALL' || q.status === show);
  const choice = (value: Show, label: string, count?: number) => (
    <label>
      <input type="radio" name="ll-queries-show" checked={show === value} onChange={() => setShow(value)} /> {label}
      {count !== undefined ? ` (${count})` : ''}
    </label>
  );
  return (
    <section className="ll-queries" aria-label={t('queries.title', undefined, 'Queries')} data-testid="queries-tab">
      <fieldset className="ll-queries-filter">
        <legend>{t('queries.show', undefined, 'Show')}</legend>
        {choice('OPEN', t('queries.open', undefined, 'Open'), open)}
        {choice('CLOSED', t('queries.closed', undefined, 'Closed'), closed)}
        {choice('ALL', t('queries.all', undefined, 'All'))}
      </fieldset>
      {failed && <p role="alert">{t('queries.failed', undefined, 'The queries could not be loaded.')}</p>}
      {loading && !queries.length && <p aria-busy="true">{t('queries.loading', undefined, 'Loading…')}</p>}
      {!loading && !failed && !shown.length && <p className="ll-muted">{t('queries.none', undefined, 'No queries here.')}</p>}
      {shown.map((q) => (
        <QueryCard key={q.subTaskId} query={q} applicationId={applicationId} onChanged={onChanged} />
      ))}
      <QueryStarter applicationId={applicationId} application={application} onChanged={onChanged} />
    </section>
  );
}
export default QueriesTab;
