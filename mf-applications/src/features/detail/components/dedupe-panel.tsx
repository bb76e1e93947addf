import { useEffect, useState } from 'react';
import { labelOf, useT } from '@lendline/shared';
import { fetchDedupeMatches, type DedupeMatch } from '../api/dedupe';

const FIELD_LABELS: Record<DedupeMatch['matchedOn'][number], string> = { PAN: 'PAN', MOBILE: 'Mobile', EMAIL: 'E-mail' };

/**
 * Dedupe at intake: the existing customers and open applications sharing a PAN, mobile or e-mail with an applicant
 * of this one. A matched application is a link only when the server named it (the viewer may open it); otherwise
 * the server's description, which carries no data of the other record. Nothing is shown when there is no match.
 */
export function DedupePanel({ applicationId, verNum }: { applicationId: string; verNum: number }) {
  const t = useT();
  const [matches, setMatches] = useState<DedupeMatch[] | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    fetchDedupeMatches(applicationId, ctl.signal)
      .then(setMatches)
      .catch(() => setMatches(null));
    return () => ctl.abort();
  }, [applicationId, verNum]); // a save may change the identity: look again
  if (!matches?.length) return null;
  return (
    <section className="ll-notice" aria-labelledby="ll-dedupe-title" data-testid="dedupe-panel">
      <h3 id="ll-dedupe-title">{t('dedupeWording.title', undefined, 'Possible duplicates')}</h3>
      <ul>
        {matches.map((m, i) => (
          <li key={`${m.applicantId}-${m.applicationId ?? i}`} data-testid="dedupe-match">
            <strong>{m.matchedOn.map((f) => t(`areas.applications.detail.dedupe.${f}`, undefined, FIELD_LABELS[f])).join(', ')}</strong>{' '}
            {t('dedupeWording.of', { applicant: m.applicantType }, 'of the {applicant} applicant matches')}{' '}
            {m.kind === 'CUSTOMER'
              ? t('dedupeWording.customer', undefined, 'an existing customer')
              : t('dedupeWording.application', { role: m.matchedApplicantType }, 'the {role} applicant of an open application')}
            {m.applicationId ? (
              <>
                {': '}
                <a href={`/backstage/application?application_id=${encodeURIComponent(m.applicationId)}`}>{m.applicationId}</a>
                {m.applicantName ? ` — ${m.applicantName}` : ''}
                {m.status ? ` (${labelOf('applicationStatus', m.status)})` : ''}
              </>
            ) : (
              <> {t('dedupeWording.hidden', undefined, '(a record you may not open)')}</>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
