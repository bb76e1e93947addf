import { useT } from '@lendline/shared';
import type { PortalApplicant, PortalApplication } from '../../api/portal-api';

const nameOf = (a: Pick<PortalApplicant, 'firstName' | 'lastName'> | undefined) => [a?.firstName, a?.lastName].filter(Boolean).join(' ');

/**
 * What a co-applicant or guarantor sees once they have signed (issue 28): their part is done and who submits the
 * application, never "submitted" or "pay the fee", which speak of the whole application and are the primary's.
 */
export function PartyDone({ app, applicant }: { app: PortalApplication; applicant: PortalApplicant }) {
  const t = useT();
  const who = nameOf(applicant);
  const primary = nameOf(app.applicant.find((a) => a.type === 'primary'));
  return (
    <section className="ll-card" aria-labelledby="ll-party-done" data-testid="party-done">
      <h2 id="ll-party-done">{t('parties.done.title', undefined, 'Your part is complete')}</h2>
      <p role="status">
        {who
          ? t('parties.done.named', { name: who }, '{name}, your part is complete.')
          : t('parties.done.unnamed', undefined, 'Your part is complete.')}{' '}
        {primary
          ? t('parties.done.primarySubmits', { primary }, '{primary} will submit the application.')
          : t('parties.done.primarySubmitsUnnamed', undefined, 'The main applicant will submit the application.')}
      </p>
      <p>{t('parties.done.next', undefined, 'The lender then reviews the application and may contact you if anything of yours is needed. You can close this page.')}</p>
    </section>
  );
}
