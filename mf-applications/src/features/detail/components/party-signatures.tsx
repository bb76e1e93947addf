import { useT, type Applicant } from '@lendline/shared';
import type { ApplicationView } from '../api/application';
import { SignatureImage } from './signature-image';

interface SignatureValue {
  fileId?: string | null;
  typedName?: string;
}

/**
 * Each co-applicant's and guarantor's own signature (issue 28: every party signs their part through their own link),
 * shown as the primary's is in the summary: the stored image and, for a typed one, the name whole. Parties are named
 * by their place and name ("Co-applicant 1 · Priya Mehta"), as the applicant saw them.
 */
export function PartySignatures({ view }: { view: ApplicationView }) {
  const t = useT();
  const parties = view.applicant.filter((a) => a.type !== 'primary');
  if (!parties.length) return null;
  const title = (a: Applicant) => {
    const number = parties.filter((p) => p.type === a.type).indexOf(a) + 1;
    const who = a.type === 'guarantor' ? t('portal.flow.guarantor', undefined, 'Guarantor') : t('portal.flow.coApplicant', undefined, 'Co-applicant');
    const name = [a.firstName, a.lastName].filter(Boolean).join(' ');
    return name ? `${who} ${number} · ${name}` : `${who} ${number}`;
  };
  return (
    <section className="ll-summary-section" aria-labelledby="ll-party-signatures" data-testid="party-signatures">
      <h3 id="ll-party-signatures">{t('parties.staff.title', undefined, 'Signatures of co-applicants and guarantors')}</h3>
      <dl className="ll-summary-grid">
        {parties.map((a) => {
          const sig = ((a as { values?: Record<string, unknown> }).values?.applicantSignature ?? null) as SignatureValue | null;
          return (
            <div key={a.applicantId} className="ll-summary-row" data-testid="party-signature">
              <dt>{title(a)}</dt>
              <dd>
                {sig?.fileId ? (
                  <SignatureImage applicationId={view.application_id} fileId={sig.fileId} label={title(a)} fallback={t('parties.staff.signed', undefined, 'Signed')} typedName={sig.typedName} />
                ) : (
                  <span className="ll-muted">{t('parties.staff.notSigned', undefined, 'Not signed yet')}</span>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
