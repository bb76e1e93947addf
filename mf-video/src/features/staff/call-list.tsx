import { formatDateTime } from '@lendline/shared';
import { EmptyState } from '@lendline/shared/ui';
import type { VideoCallView } from '../../api/video-api';
import { useVideoT, type VideoTextKey } from '../../lib/texts';

/** Calls as a list: who, when, live or how it ended and how long. */
export function CallList({ calls, showApplication, onRejoin }: { calls: VideoCallView[]; showApplication?: boolean; onRejoin?(c: VideoCallView): void }) {
  const t = useVideoT();
  if (!calls.length) return <EmptyState title={t('noCalls')} testId="no-calls" />;
  return (
    <ul data-testid="call-list" className="ll-call-list">
      {calls.map((c) => (
        <li key={c.callId} data-testid="call-row" data-status={c.status}>
          <span>{formatDateTime(c.createdAt)}</span> · <span>{c.applicantName}</span>
          {showApplication && (
            <>
              {' · '}
              <a href={`/backstage/application?application_id=${encodeURIComponent(c.application_id)}`}>{c.application_id}</a>
            </>
          )}
          {' · '}
          {c.status === 'LIVE' ? (
            <strong>{t('live')}</strong>
          ) : (
            <span>
              {t('ended')}: {c.outcome ? t(`outcome_${c.outcome}` as VideoTextKey) : ''}
              {c.durationSeconds !== null && ` (${t('duration', { s: c.durationSeconds })})`}
            </span>
          )}
          {c.files.length > 0 && (
            <ul data-testid="call-files" aria-label={t('filed')}>
              {c.files.map((f) => (
                <li key={f.fileId} data-kind={f.kind}>
                  {t(f.kind === 'STILL' ? 'fileStill' : 'fileRecording')}: {f.name}
                </li>
              ))}
            </ul>
          )}
          {c.status === 'LIVE' && onRejoin && (
            <>
              {' '}
              <button type="button" onClick={() => onRejoin(c)} data-testid="rejoin">
                {t('rejoin')}
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
