import type { TFunction } from '@lendline/shared';

/** A relation code (parties-api RELATIONS) in the applicant's language. */
export function relationLabel(t: TFunction, r: string): string {
  const en: Record<string, string> = { spouse: 'Spouse', parent: 'Parent', child: 'Son or daughter', sibling: 'Brother or sister', business_partner: 'Business partner', other: 'Other' };
  return t(`parties.relation.${r}`, undefined, en[r] ?? r);
}
