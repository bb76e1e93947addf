import { formatDateTime, formatDuration, slaStateOf, slaWords, useLanguage, useT, type SlaSnapshot } from '@lendline/shared';
import { dueRisk } from '../lib/due-risk';

/**
 * The §4 SLA due time, coloured and worded (for those who cannot see colour) by breach risk. A task item brings its
 * application's SLA state (shared slaStateOf): then the badge says it as every list and the detail header do, so a
 * task on hold reads "Paused since …", never overdue.
 */
export function DueBadge({ dueAt, sla, now = Date.now() }: { dueAt: string | null; sla?: SlaSnapshot | null; now?: number }) {
  const t = useT();
  const lang = useLanguage();
  if (sla) {
    const s = slaStateOf(sla, now);
    const w = slaWords(s, t, (iso) => formatDateTime(iso), lang);
    return (
      <span className={`ll-due--${w.tone}`} data-testid="due" data-risk={w.tone} data-state={s.state}>
        <strong>{w.label}</strong>
        {w.detail && <br />}
        {w.detail}
      </span>
    );
  }
  const risk = dueRisk(dueAt, now);
  if (!dueAt) return <span className="ll-due--none" data-risk="none">{t('areas.tasks.due.none', undefined, 'No SLA')}</span>;
  const left = new Date(dueAt).getTime() - now;
  const words = {
    breached: t('areas.tasks.due.overdue', { time: formatDuration(left, lang) }, 'Overdue by {time}'),
    'at-risk': t('areas.tasks.due.atRisk', { time: formatDuration(left, lang) }, 'Due in {time}'),
    'on-track': t('areas.tasks.due.left', { time: formatDuration(left, lang) }, '{time} left'),
    none: '',
  }[risk];
  return (
    <span className={`ll-due--${risk}`} data-testid="due" data-risk={risk}>
      <time dateTime={dueAt}>{formatDateTime(dueAt)}</time>
      <br />
      {words}
    </span>
  );
}
