import { useEffect, useState } from 'react';
import { useT } from '@lendline/shared';
import type { DetailTask } from '../api/application';
import { formatDuration, slaState } from '../api/sla';
import { formatDate } from '../../../lib/format-cell';

/** SLA due time and time left, coloured (and worded, for those who cannot see colour) by breach risk. */
export function SlaBadge({ task }: { task: DetailTask | null | undefined }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 30000);
    return () => clearInterval(h);
  }, []);
  const s = slaState(task, now);
  // Waiting on the applicant: the SLA measures the bank's time, so the clock is stopped and says so.
  const pausedAt = task?.slaPause?.pausedAt;
  if (pausedAt)
    return (
      <span className="ll-sla ll-sla--paused" data-testid="sla" data-risk="paused">
        <strong data-testid="sla-paused">{t('queries.sla.paused', undefined, 'Paused')}</strong>
        {' · '}
        {t('queries.sla.pausedSince', { time: formatDate(pausedAt) }, 'waiting on the applicant since {time}')}
      </span>
    );
  const pausedBefore = task?.slaPause?.pausedMins ? (
    <span className="ll-muted" data-testid="sla-paused-total">
      {' · '}
      {t('queries.sla.pausedTotal', { time: formatDuration(task.slaPause.pausedMins * 60000) }, '{time} waiting on the applicant not counted')}
    </span>
  ) : null;
  const earlier = s.breachedClocks.length ? (
    <span className="ll-sla-earlier" data-testid="sla-earlier-breach">
      {' · '}
      {t('areas.applications.detail.earlierBreach', { clocks: s.breachedClocks.map((c) => t(`areas.applications.detail.clock.${c}`, undefined, c)).join(', ') }, '{clocks} SLA breached')}
    </span>
  ) : null;
  if (!s.dueAt || s.msLeft == null)
    return (
      <span className="ll-muted">
        {t('areas.applications.detail.noSla', undefined, 'No SLA running')}
        {earlier}
      </span>
    );
  const left = s.msLeft < 0 ? t('areas.applications.detail.overdue', { time: formatDuration(s.msLeft) }, 'overdue by {time}') : t('areas.applications.detail.left', { time: formatDuration(s.msLeft) }, '{time} left');
  const risk = { breached: t('areas.applications.detail.breached', undefined, 'Breached'), 'at-risk': t('areas.applications.detail.atRisk', undefined, 'At risk'), 'on-track': t('areas.applications.detail.onTrack', undefined, 'On track'), none: '' }[s.risk];
  return (
    <span className={`ll-sla ll-sla--${s.risk}`} data-testid="sla" data-risk={s.risk}>
      <time dateTime={s.dueAt.toISOString()}>{formatDate(s.dueAt.toISOString())}</time> · {left} · <strong>{risk}</strong>
      {pausedBefore}
      {earlier}
    </span>
  );
}
