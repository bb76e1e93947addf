import type { FieldConfig, SubSection } from '@lendline/shared/contract';
import { subSectionComponents } from '@lendline/shared/contract';
import { isStaff, type CurrentUser } from '../current-user';
import { refusedMany } from '../errors';

/**
 * The answers only the applicant may give: their consents and declarations (a mandatory checkbox or toggle — §5:
 * mandatory means it must be true, i.e. the applicant agreeing to something) and their signature. An officer filling
 * the customer flow on the applicant's behalf (§2 application creation, §2 resume) fills everything else; these the
 * customer gives themselves, through the link the officer sends them (POST /v3/portal/applicants/send-link).
 */
export function customerOnlyFields(sub: SubSection): FieldConfig[] {
  return subSectionComponents(sub).flatMap((c) => c.fields).filter((f) => {
    const d = f.field_type_details;
    return d?.type === 'signaturePad' || ((d?.type === 'checkbox' || d?.type === 'toggle') && d.mandatory === true);
  });
}

/**
 * Staff may not give or change the applicant's consent or signature (1101 by label). Leaving them as recorded
 * (or not sending them) is fine, so a staff save of the rest of the page goes through as a draft.
 */
export function assertStaffLeavesConsents(user: CurrentUser, sub: SubSection, values: Record<string, unknown>, recorded: Record<string, unknown>): void {
  if (!isStaff(user)) return;
  const touched = customerOnlyFields(sub).filter((f) => f.key in values && JSON.stringify(values[f.key] ?? null) !== JSON.stringify(recorded[f.key] ?? null));
  if (touched.length) {
    throw refusedMany(touched.map((f) => ({ label: f.label ?? f.key, reason: 'Only the applicant can give this: send them their link to consent and sign' })));
  }
}
