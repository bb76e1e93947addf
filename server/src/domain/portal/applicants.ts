import type { ApplicantType } from '@lendline/shared/contract';

/** One applicant of an application as the portal stores it in doc.applicant (§3 applicant list). */
export interface PortalApplicant {
  applicantId: string;
  type: ApplicantType;
  /** Answers of this applicant; the primary's also live in custom_fields, which the backstage reads. */
  values?: Record<string, unknown>;
  progress?: unknown[];
  section_id?: string;
  sub_section_id?: string;
  primaryApplicantId?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
  [k: string]: unknown;
}

/** Ids follow the backstage's scheme: APP-…-P for the primary, -S1… for co-applicants, -G1… for guarantors. */
export function applicantList(applicationId: string, coApplicants: number, guarantors: number): PortalApplicant[] {
  const primaryId = `${applicationId}-P`;
  const list: PortalApplicant[] = [{ applicantId: primaryId, type: 'primary' }];
  for (let i = 1; i <= coApplicants; i++) list.push({ applicantId: `${applicationId}-S${i}`, type: 'secondary', primaryApplicantId: primaryId });
  for (let i = 1; i <= guarantors; i++) list.push({ applicantId: `${applicationId}-G${i}`, type: 'guarantor', primaryApplicantId: primaryId });
  return list;
}

/** Copies the identifying answers onto the applicant entry, so lists and search find them. */
export function withIdentity(a: PortalApplicant, values: Record<string, unknown>): PortalApplicant {
  const out = { ...a };
  for (const k of ['firstName', 'lastName', 'email', 'mobile'] as const) if (typeof values[k] === 'string' && values[k]) out[k] = values[k] as string;
  return out;
}
