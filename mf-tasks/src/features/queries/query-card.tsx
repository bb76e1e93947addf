import { useId, type FormEvent } from 'react';
import { formatDateTime, humanizeCode, useDraftState, useT } from '@lendline/shared';
import { TextArea } from '@lendline/shared/ui';
import { closeQuery, commentOn, reopenQuery, resendRequest, type Query } from './api';
import { useQueriesStore } from './queries-store';
import { useChange } from './use-change';

const when = (iso: string) => formatDateTime(iso);

/** One query: who asked whom, what about, its thread, and what can be done with it now. */
export function QueryCard({ query, applicationId, onChanged }: { query: Query; applicationId: string; onChanged?: () => void }) {
  const t = useT();
  const id = useId();
  const verNum = useQueriesStore((s) => s.verNum);
  const { busy, run } = useChange(onChanged);
  const [comment, setComment] = useDraftState(`queries:${applicationId}:${query.subTaskId}:comment`, '');
  const target = { application_id: applicationId, verNum, subTaskId: query.subTaskId };
  const holder = query.requestInfo
    ? t('queries.theApplicant', undefined, 'the applicant')
    : (query.assignedTo ?? t('queries.team', { team: query.assignedTeam ?? '' }, 'team {team}'));
  const open = query.status === 'OPEN';

  async function send(e: FormEvent) {
    e.preventDefault();
    if (await run(() => commentOn({ ...target, comment: comment.trim() }), t('queries.commented', undefined, 'Comment added'))) setComment('');
  }

  return (
    <article className={`ll-query ll-query--${query.status.toLowerCase()}`} aria-labelledby={`${id}-subject`} data-testid="query" data-status={query.status}>
      <header>
        <h4 id={`${id}-subject`}>{query.subject}</h4>
        <p className="ll-muted">
          {t('queries.meta', { by: query.raisedBy ?? '', to: holder, at: when(query.createdAt) }, '{by} → {to}, {at}')} ·{' '}
          <strong data-testid="query-status">{open ? t('queries.open', undefined, 'Open') : t('queries.closed', undefined, 'Closed')}</strong>
        </p>
      </header>
      {query.description && <p>{query.description}</p>}
      {(query.fields.length > 0 || query.documents.length > 0) && (
        <p className="ll-muted" data-testid="query-about">
          {t('queries.about', undefined, 'About')}: {[...query.fields, ...query.documents].map(humanizeCode).join(', ')}
        </p>
      )}
      {query.requestInfo && (
        <p className="ll-notice" data-testid="request-state" data-state={query.requestInfo.state}>
          {query.requestInfo.state === 'ANSWERED'
            ? t('queries.answered', { by: query.requestInfo.answeredBy ?? '', at: when(query.requestInfo.answeredAt!) }, 'Answered by {by}, {at}')
            : query.requestInfo.state === 'EXPIRED'
              ? t('queries.expired', { to: query.requestInfo.sentTo }, 'The link sent to {to} has expired')
              : t('queries.waiting', { to: query.requestInfo.sentTo, at: when(query.requestInfo.expiresAt) }, 'Waiting on the applicant ({to}); the link works until {at}. SLA paused.')}
        </p>
      )}
      {query.comments.length > 0 && (
        <ol className="ll-thread" aria-label={t('queries.thread', undefined, 'Comments')}>
          {query.comments.map((c, i) => (
            <li key={i} data-testid="comment">
              <strong>{c.by}</strong> <span className="ll-muted">{when(c.at)}</span>
              <p>{c.text}</p>
            </li>
          ))}
        </ol>
      )}
      {!query.requestInfo && (
        <form onSubmit={send} className="ll-comment-form">
          <TextArea label={t('queries.comment', undefined, 'Comment')} value={comment} onChange={setComment} maxLength={2000} rows={2} />
          <button type="submit" disabled={busy || !comment.trim()}>
            {t('queries.addComment', undefined, 'Add comment')}
          </button>
        </form>
      )}
      <div className="ll-query-actions">
        {open && (
          <button type="button" disabled={busy} onClick={() => run(() => closeQuery(target), t('queries.closedDone', undefined, 'Query closed'))}>
            {query.requestInfo ? t('queries.withdraw', undefined, 'Withdraw request') : t('queries.close', undefined, 'Close query')}
          </button>
        )}
        {!open && !query.requestInfo && (
          <button type="button" disabled={busy} onClick={() => run(() => reopenQuery(target), t('queries.reopened', undefined, 'Query reopened'))}>
            {t('queries.reopen', undefined, 'Reopen')}
          </button>
        )}
        {open && query.requestInfo && (
          <button type="button" className="ll-button--secondary" disabled={busy} onClick={() => run(() => resendRequest(target), t('queries.resent', undefined, 'Link sent again'))}>
            {t('queries.resend', undefined, 'Send the link again')}
          </button>
        )}
      </div>
    </article>
  );
}
