import { useEffect, useState } from 'react';
import { formatDateTime, slaStateOf, slaWords, useLanguage, useT, type SlaSnapshot } from '@lendline/shared';
import type { DetailTask } from '../api/application';
import { earlierBreaches } from '../api/earlier-breaches';

/**
 * The SLA in the detail header, by the application's status (shared slaStateOf, as the server computed it and
 * recomputed here each 30 s): the running clock with its due time and On track / At risk / Breached, "Paused since"
 * on hold or while waiting on the applicant, "Closed" with the time the bank took. Coloured and worded, for those
 * who cannot see colour.
 */
export function SlaBadge({ sla, task }: { sla: SlaSnapshot | undefined; task?: DetailTask | null }) {
  const t = useT();
  const lang = useLanguage();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const h = setInterval(() => setNow(Date.now()), 30000);
    return () => clearInterval(h);
  }, []);
  if (!sla) return <span className="ll-muted">{t('sla.state.NO_SLA', undefined, 'No SLA')}</span>;
  const s = slaStateOf(sla, now);
  const w = slaWords(s, t, (iso) => formatDateTime(iso), lang);
  const running = s.state === 'ON_TRACK' || s.state === 'AT_RISK' || s.state === 'BREACHED';
  // Another clock of the running task that already breached (queued too long before pick-up), told apart.
  const earlierClocks = running ? earlierBreaches(task) : [];
  return (
    <span className={`ll-sla ll-sla--${w.tone}`} data-testid="sla" data-risk={w.tone} data-state={s.state}>
      <strong data-testid={s.state === 'PAUSED' ? 'sla-paused' : 'sla-state'}>{w.label}</strong>
      {w.detail && ' '}
      {running && s.dueAt ? <time dateTime={s.dueAt}>{w.detail}</time> : w.detail}
      {w.excluded && (
        <span className="ll-muted" data-testid="sla-excluded">
          {' · '}
          {w.excluded}
        </span>
      )}
      {earlierClocks.length > 0 && (
        <span className="ll-sla-earlier" data-testid="sla-earlier-breach">
          {' · '}
          {t('areas.applications.detail.earlierBreach', { clocks: earlierClocks.map((c) => t(`areas.applications.detail.clock.${c}`, undefined, c)).join(', ') }, '{clocks} SLA breached')}
        </span>
      )}
    </span>
  );
}
