import { useCallback, useEffect, useState } from 'react';
import { useT, type TFunction } from '@lendline/shared';
import { invite, loadParties, type Party, type PartyStatus } from './parties-api';
import { partyTitle } from './party-title';

export function statusText(t: TFunction, s: PartyStatus): string {
  switch (s) {
    case 'signed':
      return t('parties.status.signed', undefined, 'Signed');
    case 'in_progress':
      return t('parties.status.inProgress', undefined, 'In progress');
    case 'invited':
      return t('parties.status.invited', undefined, 'Invited');
    default:
      return t('parties.status.notInvited', undefined, 'Not invited yet');
  }
}

/**
 * The primary applicant's review step (issue 28): each co-applicant and guarantor by number and name with where they
 * stand, an invitation sent again on request (to the address the application records; the server counts them), and
 * what the submission waits for.
 */
export function PartyStatusList({ applicationId }: { applicationId: string }) {
  const t = useT();
  const [parties, setParties] = useState<Party[] | null>(null);
  const [note, setNote] = useState<Record<string, string>>({});
  const refresh = useCallback(() => {
    loadParties(applicationId).then(setParties, () => setParties(null));
  }, [applicationId]);
  useEffect(refresh, [refresh]);
  if (!parties?.length) return null;
  const waiting = parties.filter((p) => p.status !== 'signed').length;
  const resend = async (p: Party) => {
    try {
      await invite(applicationId, p.applicantId, {});
      setNote((n) => ({ ...n, [p.applicantId]: t('parties.review.resent', { to: p.email ?? '' }, 'Invitation sent again to {to}') }));
      refresh();
    } catch {
      /* the shell's error modal explains (too many links, no address yet) */
    }
  };
  return (
    <section className="ll-card" aria-labelledby="ll-parties" data-testid="party-status-list">
      <h3 id="ll-parties">{t('parties.review.title', undefined, 'Everyone on this application')}</h3>
      <ul className="ll-doc-list">
        {parties.map((p) => (
          <li key={p.applicantId} data-status={p.status}>
            <strong>{partyTitle(t, p)}</strong>
            <span>{statusText(t, p.status)}</span>
            {p.status !== 'signed' && p.email && (
              <button type="button" className="ll-button--secondary" onClick={() => void resend(p)} aria-label={t('parties.review.resendFor', { who: partyTitle(t, p) }, 'Resend the invitation to {who}')}>
                {t('parties.review.resend', undefined, 'Resend invitation')}
              </button>
            )}
            {note[p.applicantId] && <span role="status">{note[p.applicantId]}</span>}
          </li>
        ))}
      </ul>
      <p className="ll-muted">
        {waiting
          ? t('parties.review.waiting', { n: waiting }, 'You can submit the application once everyone has signed their part ({n} still to sign).')
          : t('parties.review.allSigned', undefined, 'Everyone has signed their part: you can submit the application.')}
      </p>
    </section>
  );
}
