import type { ApplicantType, DocumentApplicant } from '@lendline/shared/contract';
import type { ApplicationRow } from '../applications/row';
import { refused } from '../errors';

/** An applicant a document can belong to (the wire's DocumentApplicant). */
export type ApplicantRef = DocumentApplicant;

/**
 * The applicants a document can belong to: the application's applicant list (primary, co-applicants, guarantors,
 * as the portal and the seed keep it in doc.applicant); an application without one has its primary only.
 */
export function applicantsOf(app: ApplicationRow): ApplicantRef[] {
  const list = Array.isArray(app.doc?.applicant) ? app.doc.applicant : [];
  const out: ApplicantRef[] = [];
  for (const a of list) {
    if (!a || typeof a.applicantId !== 'string') continue;
    const type: ApplicantType = a.type === 'secondary' || a.type === 'guarantor' ? a.type : 'primary';
    const name = [a.firstName, a.lastName].filter((x) => typeof x === 'string' && x).join(' ');
    out.push({ applicantId: a.applicantId, type, name: name || (type === 'primary' ? app.applicant_name : a.applicantId) });
  }
  if (!out.some((a) => a.type === 'primary')) out.unshift({ applicantId: `${app.application_id}-P`, type: 'primary', name: app.applicant_name });
  return out;
}

/** The applicant id if it is one of the application's, else 400 naming the field. */
export function assertApplicant(app: ApplicationRow, applicantId: string | null | undefined, label = 'applicantId'): void {
  if (applicantId === null || applicantId === undefined) return;
  if (!applicantsOf(app).some((a) => a.applicantId === applicantId)) throw refused(label, `${applicantId} is not an applicant of ${app.application_id}`);
}
