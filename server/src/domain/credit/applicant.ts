import type { Applicant } from '../../adapters/credit';
import type { ApplicationRow } from '../applications/row';
import { refused } from '../errors';
import type { Queryable } from '../../db/db';
import { bureauConsent } from '../consent/records';

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const amount = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v.replace(/,/g, '')) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The primary applicant's answers: the portal keeps them in customFields, a staff create in doc.applicant[0]. */
function primary(app: ApplicationRow): Record<string, unknown> {
  const list = Array.isArray(app.doc.applicant) ? app.doc.applicant : [];
  const p = list.find((a) => a.type === 'primary') ?? list[0] ?? {};
  return { ...p, ...app.custom_fields };
}

export function applicantOf(app: ApplicationRow): Applicant {
  const p = primary(app);
  return {
    applicationId: app.application_id,
    firstName: text(p.firstName),
    lastName: text(p.lastName),
    pan: text(p.panNumber).toUpperCase(),
    dateOfBirth: text(p.dateOfBirth) || null,
    mobile: text(p.mobile) || app.mobile,
    monthlyIncome: amount(p.monthlyIncome),
  };
}

/** What the decision and the net-financing calculation need from the application itself. */
export function loanTermsOf(app: ApplicationRow) {
  const p = primary(app);
  return {
    loanAmount: amount(p.loanAmount) ?? (app.loan_amount === null ? null : Number(app.loan_amount)),
    tenureMonths: amount(p.tenureMonths),
  };
}

/** Age in whole years on `now` from DD/MM/YYYY (§9 date format) or ISO; null when there is none. */
export function ageOf(dateOfBirth: string | null, now: Date): number | null {
  if (!dateOfBirth) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dateOfBirth) ?? null;
  const d = m ? new Date(Date.UTC(+m[3], +m[2] - 1, +m[1])) : new Date(dateOfBirth);
  if (Number.isNaN(d.getTime())) return null;
  let age = now.getUTCFullYear() - d.getUTCFullYear();
  if (now.getUTCMonth() < d.getUTCMonth() || (now.getUTCMonth() === d.getUTCMonth() && now.getUTCDate() < d.getUTCDate())) age--;
  return age;
}

/**
 * A bureau pull needs the primary applicant's consent. The consent records (domain/consent, issue 27) decide: a
 * withdrawn consent refuses with when it was withdrawn (a report already pulled stays); a given one admits. With no
 * record at all, the "I allow a credit bureau check" answer of flows before consent records counts only when the
 * applicant gave it themselves: the latest audit of customFields.consentToBureauCheck is true and written by a
 * portal save (where staff may not change a consent). A value a staff save or a copy put there is no consent (the gap issue 27 closed). Else: 400.
 */
export async function assertBureauConsent(q: Queryable, app: ApplicationRow) {
  const record = await bureauConsent(q, app);
  if (record && !record.given) {
    throw refused('consentToBureauCheck', `The applicant withdrew their consent to a credit bureau check on ${record.at.slice(0, 10)}; the bureau was not called`);
  }
  if (record) return;
  // The portal's own saves (consumer-save.ts: consumer_save, draft, submit), where staff may not touch a consent
  // (customer-consent.ts), so such an audit row is the applicant's answer.
  const { rows } = await q.query<{ new_value: unknown; action: string }>(
    `SELECT new_value, action FROM audits WHERE application_id = $1 AND field_key = 'customFields.consentToBureauCheck' ORDER BY id DESC LIMIT 1`,
    [app.application_id],
  );
  const v = app.custom_fields.consentToBureauCheck;
  const byApplicant = ['consumer_save', 'draft', 'submit'].includes(rows[0]?.action ?? '') && (rows[0].new_value === true || rows[0].new_value === 'true');
  if ((v !== true && v !== 'true') || !byApplicant) {
    throw refused('consentToBureauCheck', 'The applicant has not consented to a credit bureau check; the bureau was not called');
  }
}

/** Whether a bureau pull would pass the consent gate now (the Credit tab shows it before the officer presses Pull). */
export async function hasBureauConsent(q: Queryable, app: ApplicationRow): Promise<boolean> {
  try {
    await assertBureauConsent(q, app);
    return true;
  } catch {
    return false;
  }
}
