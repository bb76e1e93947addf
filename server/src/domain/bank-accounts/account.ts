import type { ApplicationRow } from '../applications/row';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The primary applicant's answers: the portal keeps them in customFields, a staff create in doc.applicant[0]. */
function primary(app: ApplicationRow): Record<string, unknown> {
  const list = Array.isArray(app.doc.applicant) ? app.doc.applicant : [];
  const p = list.find((a) => a.type === 'primary') ?? list[0] ?? {};
  return { ...p, ...app.custom_fields };
}

/** The account the applicant gave in the flow (its bank details fields accountNumber and ifsc), or null. */
export function givenAccount(app: ApplicationRow): { accountNumber: string; ifsc: string } | null {
  const p = primary(app);
  const accountNumber = text(p.accountNumber);
  const ifsc = text(p.ifsc).toUpperCase();
  return /^[0-9]{6,18}$/.test(accountNumber) && /^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc) ? { accountNumber, ifsc } : null;
}

/** The primary applicant's name the bank's account holder must match (first and last name, else the list name). */
export function applicantNameOf(app: ApplicationRow): string {
  const p = primary(app);
  const name = [text(p.firstName), text(p.middleName), text(p.lastName)].filter(Boolean).join(' ');
  return name || text(app.applicant_name);
}

/** The last four digits only: how an account number appears in lists, audits and worklogs. */
export const maskedAccount = (n: string) => `${'•'.repeat(Math.max(0, n.length - 4))}${n.slice(-4)}`;
