import type { TFunction } from '@lendline/shared';

/** "Co-applicant 1 · Priya Mehta": a number and a name the applicant knows, never the internal applicant id. */
export function partyTitle(t: TFunction, p: { type: string; number: number; firstName?: string | null; lastName?: string | null }): string {
  const who = p.type === 'guarantor' ? t('portal.flow.guarantor', undefined, 'Guarantor') : t('portal.flow.coApplicant', undefined, 'Co-applicant');
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
  return name ? `${who} ${p.number} · ${name}` : `${who} ${p.number}`;
}
