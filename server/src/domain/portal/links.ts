import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Db, Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import { notFound, refused, staleVersion } from '../errors';
import { findApplication } from '../applications/row';
import type { PortalApplicant } from './applicants';
import { withPartyDetails, type PartyDetails } from './parties';
import { writeAudits, type FieldChange } from '../applications/audit';
import { setVerification } from './otp';
import { issueAppRef } from './customer-access';
import { firstLine, StartupError } from '../../startup-error';
import { MESSAGE_QUOTAS, recipientKey, takeMessageQuota } from '../messages/quota';

export const LINK_VALIDITY_HOURS = 72;

/**
 * The server's own key for applicant links (links are opened before any session exists, so the §9 token key
 * cannot be used). Created once in DATA_DIR/keys and reused, so links survive restarts.
 */
export function linkKey(dataDir: string): Buffer {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'portal-link.key');
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    try {
      // 'wx': of two processes sharing DATA_DIR (with DATABASE_URL) starting together, one writes; both read it.
      writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(`Cannot write the portal link key ${file} (${firstLine(e)}): check that the data directory is writable by this user`);
    }
  }
  // Checked when the routes register, at start-up: a bad key would otherwise fail every send-link with a 500.
  const remedy = 'restore it from a backup, or remove it to create a new key (links already sent then stop opening)';
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (e) {
    throw new StartupError(`The portal link key ${file} cannot be read (${firstLine(e)}): ${remedy}`);
  }
  if (!/^[0-9a-f]{64}$/i.test(text)) throw new StartupError(`The portal link key ${file} is not 64 hexadecimal digits (an AES-256 key): ${remedy}`);
  return Buffer.from(text, 'hex');
}

/** AES-256-CBC, 'iv:ciphertext' in hex — the §9 shape, under the link key. */
export function sealLink(plain: string, key: Buffer): string {
  const iv = randomBytes(16);
  const c = createCipheriv('aes-256-cbc', key, iv);
  return `${iv.toString('hex')}:${Buffer.concat([c.update(plain, 'utf8'), c.final()]).toString('hex')}`;
}

export function openLink(sealed: string, key: Buffer): string {
  const [iv, data] = sealed.split(':');
  if (!iv || !data || !/^[0-9a-f]{32}$/i.test(iv) || !/^(?:[0-9a-f]{32})+$/i.test(data)) throw refused('decryptMsg', 'is not a link this server issued');
  try {
    const d = createDecipheriv('aes-256-cbc', key, Buffer.from(iv, 'hex'));
    return Buffer.concat([d.update(Buffer.from(data, 'hex')), d.final()]).toString('utf8');
  } catch {
    throw refused('decryptMsg', 'is not a link this server issued');
  }
}

/**
 * Sends an applicant (co-applicant, guarantor, or the primary on another device) their own link: the §5 five
 * parts "applicationId|verificationId|expiryEnabled|createdAtMs|validityHours", sealed, to /dynamic-resume.
 * The link goes only to the e-mail address the application records for that applicant (recipientOf), never to one
 * the caller picks (a co-applicant's or guarantor's is named by the primary until they verify it), and at most MESSAGE_QUOTAS.linkPerRecipient / linkPerApplication an hour (429 past them).
 * Recording the applicant's e-mail (and first name) is a write like any other: under the row lock, checked against
 * the caller's verNum when it sends one (the portal does not: it never holds a stale copy of the applicant list it
 * is editing), verNum + 1 and an audit row.
 */
export async function sendApplicantLink(
  q: Queryable,
  notifier: Notifier,
  key: Buffer,
  input: { applicationId: string; applicantId: string; email?: string; origin: string; verNum?: number; sentBy: string } & Omit<PartyDetails, 'email'>,
  now = new Date(),
) {
  const app = await findApplication(q, input.applicationId, true);
  if (input.verNum !== undefined && input.verNum !== app.ver_num) throw staleVersion(app.application_id, input.verNum, app.ver_num);
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status} and can no longer be changed`);
  const applicants = (app.doc.applicant ?? []) as PortalApplicant[];
  const applicant = applicants.find((a) => a.applicantId === input.applicantId);
  if (!applicant) throw notFound('applicantId', `No applicant ${input.applicantId} on application ${app.application_id}`);
  const verifications = Array.isArray(app.doc.verifications) ? (app.doc.verifications as Array<{ key?: string; isVerified?: boolean }>) : [];
  const verified = verifications.some((v) => v.key === `email:${applicant.applicantId}` && v.isVerified === true);
  const email = recipientOf(applicant, input.email, app.email, verified);
  await takeMessageQuota(q, [[MESSAGE_QUOTAS.linkPerRecipient, recipientKey(email)], [MESSAGE_QUOTAS.linkPerApplication, app.application_id]], now);
  const verificationId = `VER-${randomBytes(8).toString('hex')}`;
  await q.query(
    `INSERT INTO applicant_links (verification_id, application_id, applicant_id, applicant_type, email, expiry_enabled, validity_hours, created_at) VALUES ($1,$2,$3,$4,$5,true,$6,$7)`,
    [verificationId, app.application_id, applicant.applicantId, applicant.type, email, LINK_VALIDITY_HOURS, now],
  );
  // What the primary tells about a co-applicant or guarantor prefills their flow until they answer for themselves.
  const named = applicant.type === 'primary' ? { ...applicant, firstName: input.firstName ?? applicant.firstName } : withPartyDetails(applicant, { ...input, email }, verified || !!applicant.section_id);
  const changed: PortalApplicant = { ...named, email, linkSentAt: now.toISOString() };
  const updated = applicants.map((a) => (a.applicantId === applicant.applicantId ? changed : a));
  await q.query(`UPDATE applications SET doc = jsonb_set(doc, '{applicant}', $2::jsonb), ver_num = ver_num + 1, mod_time = $3 WHERE application_id = $1`, [
    app.application_id, JSON.stringify(updated), now,
  ]);
  const changes: FieldChange[] = (['email', 'firstName', 'lastName', 'mobile', 'relation'] as const)
    .filter((k) => applicant[k] !== changed[k])
    .map((k) => ({ key: `applicant.${applicant.applicantId}.${k}`, old: applicant[k], new: changed[k] }));
  await writeAudits(q, app.application_id, 'send_link', input.sentBy, now, changes, { applicantId: applicant.applicantId, verificationId });
  const appDetails = sealLink([app.application_id, verificationId, 'true', String(now.getTime()), String(LINK_VALIDITY_HOURS)].join('|'), key);
  const link = `${input.origin}/dynamic-resume?appDetails=${encodeURIComponent(appDetails)}`;
  await notifier.send({
    channel: 'EMAIL',
    to: email,
    subject: 'Complete your part of the loan application',
    body: `You have been added to application ${app.application_id}. Open the link to fill in and verify your details: ${link}`,
    link,
  });
  return { verificationId, link, applicant: changed, sentTo: email, verNum: app.ver_num + 1 };
}

/**
 * Where an applicant's link may go: the e-mail address the application records for that applicant. The primary's is
 * their own saved answer (or the application's e-mail): a body e-mail must be that very address. A co-applicant's or
 * guarantor's is the one the primary named for them, and the primary names it here (the flow's only way); it may be
 * corrected until that applicant has verified a link, and from then on it is theirs: any other address is refused.
 * The per-recipient and per-application counts (MESSAGE_QUOTAS) bound what naming addresses can send.
 */
function recipientOf(applicant: PortalApplicant, asked: string | undefined, applicationEmail: string | null, verified: boolean): string {
  const own = typeof applicant.email === 'string' && applicant.email.trim() ? applicant.email.trim() : null;
  const primary = applicant.type === 'primary';
  // The primary's address is also the application's (applications.email, e.g. when staff created it).
  const recorded = own ?? (primary && applicationEmail?.trim() ? applicationEmail.trim() : null);
  const same = recorded !== null && (asked === undefined || asked.trim().toLowerCase() === recorded.toLowerCase());
  if (same) return recorded;
  if (primary) {
    throw refused('email', recorded ? 'is not the e-mail address recorded for this applicant: the link goes only to that address' : 'Save your e-mail address in the application first: the link goes only to that address');
  }
  if (verified) throw refused('email', 'is not the e-mail address this applicant verified: the link goes only to that address');
  if (asked === undefined) throw refused('email', "Enter the applicant's e-mail address");
  return asked.trim();
}

/**
 * POST /v3/application/verify: marks the link's e-mail verified, records it in the application's verifications
 * (§3; verNum + 1 and an audit row, the first time only) and tells the portal which applicant continues.
 */
export async function verifyApplicantLink(q: Queryable, applicationId: string, verificationId: string, verifiedBy: string, now = new Date()) {
  const { rows } = await q.query<{ application_id: string; applicant_id: string; applicant_type: string; email: string; verified_at: Date | null; expiry_enabled: boolean; validity_hours: number; created_at: Date }>(
    `SELECT application_id, applicant_id, applicant_type, email, verified_at, expiry_enabled, validity_hours, created_at
       FROM applicant_links WHERE verification_id = $1 AND application_id = $2 FOR UPDATE`,
    [verificationId, applicationId],
  );
  const link = rows[0];
  if (!link) throw notFound('emailVerificationId', 'The link is either expired or invalid or your application has already been submitted for further processing.');
  // §5's validity window, enforced here too: the browser's check alone would let an old link mint
  // a fresh appRefId.
  const created = new Date(link.created_at).getTime();
  if (link.expiry_enabled && (now.getTime() < created || now.getTime() > created + Number(link.validity_hours) * 3600_000)) {
    throw refused('emailVerificationId', 'The link has expired');
  }
  if (!link.verified_at) {
    await q.query(`UPDATE applicant_links SET verified_at = $2 WHERE verification_id = $1`, [verificationId, now]);
    const entry = { key: `email:${link.applicant_id}`, isVerified: true, output: { email: link.email, verifiedAt: now.toISOString() } };
    await setVerification(q, applicationId, entry, 'verify_email', verifiedBy, now);
  }
  return { application_id: applicationId, applicantId: link.applicant_id, applicantType: link.applicant_type, verified: true };
}

/**
 * Verifies the link and answers a new appRefId for its application, in one transaction: a verified link proves
 * possession, so the device that opened it may continue the application (customer-access.ts).
 */
export async function verifyLinkForDevice(db: Db, applicationId: string, verificationId: string, verifiedBy: string) {
  return db.transaction(async (tx) => {
    const verified = await verifyApplicantLink(tx, applicationId, verificationId, verifiedBy);
    // A co-applicant's or guarantor's device gets a reference to their own part only (parties.ts partyView).
    const party = verified.applicantType === 'primary' ? null : verified.applicantId;
    return { verified, appRefId: await issueAppRef(tx, verified.application_id, 'LINK', new Date(), party) };
  });
}
