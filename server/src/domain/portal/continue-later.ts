import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../../db/db';
import type { Notifier, NotifyMessage } from '../../adapters/notify';
import { findApplication } from '../applications/row';
import { notFound, refused } from '../errors';
import type { PortalApplicant } from './applicants';
import { issueAppRef } from './customer-access';
import { LINK_VALIDITY_HOURS, sealLink } from './links';
import { maskRecipient, sendOtp, verifyOtp, type OtpCheck } from './otp';
import { MESSAGE_QUOTAS, recipientKey, takeMessageQuota } from '../messages/quota';

/**
 * "Save and continue later" (issue 28): the primary applicant gets a link back into their application by e-mail AND
 * SMS, to the addresses the application records (never ones the caller names). The link is the §5 five-part sealed
 * form ("applicationId|verificationId|true|createdAtMs|validityHours", 72 hours), but its verification id lives in
 * table continue_links, not applicant_links: POST /v3/application/verify does not open it. Opening it takes a
 * one-time code sent to the application's recorded mobile number (otp.ts, its attempt and send limits); only then
 * is a fresh appRefId issued, so another browser continues the same application at the step that was left.
 * Anyone may ask for the link again by mobile number or e-mail (requestContinueLinks): the answer never says
 * whether an application matched.
 */

/** Prefix of a continue-later verification id: the portal's resume page knows from it that a code is needed. */
export const CONTINUE_ID_PREFIX = 'CNT-';
/** The OTP "field" these codes verify (otp.ts counts sends and attempts per applicant and field). */
export const CONTINUE_OTP_FIELD = 'continueLater';

/** §2 texts: the invalidURL page's for a link that opens nothing, the expired-link page's for one past its hours. */
export const INVALID_LINK = 'The link is either expired or invalid or your application has already been submitted for further processing.';
export const EXPIRED_LINK = 'This link has expired';

/** What the application records for its primary applicant: their entry, their saved answers, then the row's columns. */
function recordedContacts(app: { doc: Record<string, unknown>; custom_fields: Record<string, unknown>; mobile: string | null; email: string | null }) {
  const primary = ((app.doc.applicant ?? []) as PortalApplicant[]).find((a) => a.type === 'primary');
  const pick = (k: 'mobile' | 'email'): string | null => {
    for (const v of [primary?.[k], primary?.values?.[k], app.custom_fields?.[k], app[k]]) if (typeof v === 'string' && v.trim()) return v.trim();
    return null;
  };
  return { primary, mobile: pick('mobile'), email: pick('email') };
}

const isOpen = (app: { status: string; doc: Record<string, unknown> }, primary: PortalApplicant | undefined) =>
  app.status === 'ACTIVE' && !!primary && !primary.submittedAt;

/** Records a link for the application's primary and builds the messages (sent by the caller, after commit or not). */
async function createLink(q: Queryable, key: Buffer, app: { application_id: string }, primary: PortalApplicant, to: { mobile: string | null; email: string | null }, origin: string, step: { route?: string; sectionId?: string }, now: Date) {
  const verificationId = `${CONTINUE_ID_PREFIX}${randomBytes(12).toString('hex')}`;
  await q.query(
    `INSERT INTO continue_links (verification_id, application_id, applicant_id, route, section_id, validity_hours, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7)`,
    [verificationId, app.application_id, primary.applicantId, step.route ?? null, step.sectionId ?? null, LINK_VALIDITY_HOURS, now],
  );
  const appDetails = sealLink([app.application_id, verificationId, 'true', String(now.getTime()), String(LINK_VALIDITY_HOURS)].join('|'), key);
  const link = `${origin}/dynamic-resume?appDetails=${encodeURIComponent(appDetails)}`;
  const text = `Continue your loan application ${app.application_id} where you left off: ${link} . The link is valid for ${LINK_VALIDITY_HOURS} hours; a code will be sent to your mobile number to open it.`;
  const messages: NotifyMessage[] = [];
  if (to.email) messages.push({ channel: 'EMAIL', to: to.email, subject: 'Continue your loan application', body: text, link });
  if (to.mobile) messages.push({ channel: 'SMS', to: to.mobile, subject: 'Continue your loan application', body: text, link });
  return { verificationId, link, messages };
}

/**
 * The applicant pressed "Save and continue later" (the step is saved by the portal's consumer save first). Needs the
 * recorded mobile number (the code that opens the link goes there); at most MESSAGE_QUOTAS.linkPer* an hour.
 */
export async function sendContinueLater(
  q: Queryable,
  notifier: Notifier,
  key: Buffer,
  input: { applicationId: string; origin: string; route?: string; sectionId?: string },
  now = new Date(),
) {
  const app = await findApplication(q, input.applicationId);
  const { primary, mobile, email } = recordedContacts(app);
  if (!isOpen(app, primary)) throw refused('application_id', `Application ${app.application_id} can no longer be continued`);
  if (!mobile) throw refused('mobile', 'Save your mobile number in the application first: the code that opens the link is sent to it');
  await takeMessageQuota(q, [[MESSAGE_QUOTAS.linkPerRecipient, recipientKey(mobile)], [MESSAGE_QUOTAS.linkPerApplication, app.application_id]], now);
  const made = await createLink(q, key, app, primary!, { mobile, email }, input.origin, input, now);
  for (const m of made.messages) await notifier.send(m);
  return { link: made.link, sentTo: made.messages.map((m) => maskRecipient(m.to)), validityHours: LINK_VALIDITY_HOURS };
}

/** At most this many applications in progress get a link for one request (a person rarely has more). */
const MAX_LINKS_PER_REQUEST = 3;

/**
 * /dynamic-resume "send me my link again" by mobile number or e-mail. The reply is the same whatever matched: the
 * quota on the contact is taken first (so an unknown number is limited exactly like a known one), the lookup is one
 * index probe either way (applications.dedupe_keys), and the messages are handed back to the caller to send after
 * the answer, so delivery time does not show in it. Only applications in progress whose PRIMARY records that
 * contact get a link, and it goes to that application's recorded mobile and e-mail (which include the asked one).
 */
export async function requestContinueLinks(q: Queryable, key: Buffer, contact: string, origin: string, now = new Date()): Promise<NotifyMessage[]> {
  const c = contact.trim();
  const isEmail = c.includes('@');
  const dedupe = isEmail ? `email:${c.toLowerCase()}` : `mobile:${c.replace(/\D/g, '').slice(-10)}`;
  await takeMessageQuota(q, [[MESSAGE_QUOTAS.linkPerRecipient, recipientKey(c)]], now);
  const { rows } = await q.query<{ application_id: string }>(
    `SELECT application_id FROM applications WHERE dedupe_keys @> ARRAY[$1]::text[] AND status = 'ACTIVE' ORDER BY mod_time DESC LIMIT 20`,
    [dedupe],
  );
  const out: NotifyMessage[] = [];
  let made = 0;
  for (const r of rows) {
    if (made >= MAX_LINKS_PER_REQUEST) break;
    const app = await findApplication(q, r.application_id);
    const to = recordedContacts(app);
    if (!isOpen(app, to.primary) || !to.mobile) continue;
    const mine = isEmail ? to.email?.toLowerCase() === c.toLowerCase() : to.mobile.replace(/\D/g, '').slice(-10) === c.replace(/\D/g, '').slice(-10);
    if (!mine) continue;
    // The application's own hourly count too: asking again and again cannot flood one applicant.
    try {
      await takeMessageQuota(q, [[MESSAGE_QUOTAS.linkPerApplication, app.application_id]], now);
    } catch {
      continue; // silently: a refusal here would tell the caller the application exists
    }
    out.push(...(await createLink(q, key, app, to.primary!, to, origin, {}, now)).messages);
    made++;
  }
  return out;
}

/** The link row, checked (labelled emailVerificationId, as POST /v3/application/verify labels its link id): unknown or not open any more → §2 invalidURL text (404), past its hours → expired-link (400). */
async function usableLink(q: Queryable, applicationId: string, verificationId: string, now: Date, lock = false) {
  const { rows } = await q.query<{ applicant_id: string; route: string | null; section_id: string | null; validity_hours: number; created_at: Date }>(
    `SELECT applicant_id, route, section_id, validity_hours, created_at FROM continue_links WHERE verification_id = $1 AND application_id = $2${lock ? ' FOR UPDATE' : ''}`,
    [verificationId, applicationId],
  );
  const link = rows[0];
  if (!link) throw notFound('emailVerificationId', INVALID_LINK);
  const created = new Date(link.created_at).getTime();
  if (now.getTime() < created || now.getTime() > created + Number(link.validity_hours) * 3600_000) throw refused('emailVerificationId', EXPIRED_LINK);
  const app = await findApplication(q, applicationId);
  const contacts = recordedContacts(app);
  if (!isOpen(app, contacts.primary) || !contacts.mobile) throw notFound('emailVerificationId', INVALID_LINK);
  return { link, mobile: contacts.mobile };
}

/** Sends the code that opens the link to the application's recorded mobile number (never one the caller names). */
export async function sendContinueCode(q: Queryable, notifier: Notifier, requestedBy: string, applicationId: string, verificationId: string, now = new Date()) {
  const { link, mobile } = await usableLink(q, applicationId, verificationId, now);
  const sent = await sendOtp(q, notifier, requestedBy, { applicationId, applicantId: link.applicant_id, fieldKey: CONTINUE_OTP_FIELD }, mobile, now);
  return { code: sent.code, sentTo: sent.sentTo };
}

/**
 * Checks the code; a match issues a fresh appRefId (customer-access.ts) for this device and says where to land. A
 * link may be opened more than once within its hours (another device later), each time with a new code.
 */
export async function openContinueLink(db: Db, applicationId: string, verificationId: string, code: string, openedBy: string, now = new Date()) {
  return db.transaction(async (tx) => {
    const { link, mobile } = await usableLink(tx, applicationId, verificationId, now, true);
    const check: OtpCheck = await verifyOtp(tx, { applicationId, applicantId: link.applicant_id, fieldKey: CONTINUE_OTP_FIELD }, mobile, code, openedBy, now);
    if (!check.verified) return { opened: false as const, check };
    await tx.query(`UPDATE continue_links SET opened_at = $2 WHERE verification_id = $1`, [verificationId, now]);
    const appRefId = await issueAppRef(tx, applicationId, 'LINK', now);
    return { opened: true as const, appRefId, applicantId: link.applicant_id, route: link.route, sectionId: link.section_id };
  });
}
