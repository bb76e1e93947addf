import { formatDuration, formatNumber, useLanguage } from '@lendline/shared';
import { SectionCard } from '@lendline/shared/ui';
import type { DashboardData } from '../api/dashboard-api';
import type { DashboardText } from '../api/texts';

/**
 * Straight-through decisions in the period (issue 29): how many submitted applications were decided with nobody
 * touching them, the share, submission → decision median and p95, and why the others went to an officer.
 */
export function StraightThroughCard({ figures: f, t }: { figures: DashboardData['straightThrough']; t: DashboardText }) {
  const lang = useLanguage();
  const time = (s: number | null) => (s === null ? '—' : s < 60 ? `${Math.round(s)} s` : formatDuration(s * 1000, lang));
  return (
    <SectionCard title={t.stpTitle} className="ll-dash-card" testId="stp-card">
      <dl>
        <dt>{t.stpSubmitted}</dt>
        <dd>{formatNumber(f.submitted)}</dd>
        <dt>{t.stpDecided}</dt>
        <dd>{formatNumber(f.straightThrough)}</dd>
        <dt>{t.stpShare}</dt>
        <dd>{`${(f.share * 100).toFixed(1)} %`}</dd>
        <dt>{t.stpP50}</dt>
        <dd>{time(f.p50Seconds)}</dd>
        <dt>{t.stpP95}</dt>
        <dd>{time(f.p95Seconds)}</dd>
      </dl>
      <h3>{t.stpReasons}</h3>
      {f.referralReasons.length ? (
        <ul>
          {f.referralReasons.map((r) => (
            <li key={r.code}>{`${t.stpReason[r.code] ?? r.code}: ${formatNumber(r.count)}`}</li>
          ))}
        </ul>
      ) : (
        <p>{t.stpNoReasons}</p>
      )}
    </SectionCard>
  );
}
