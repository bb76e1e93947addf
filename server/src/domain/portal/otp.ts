import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { VALID_SESSION_TIME_S } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import { findApplication } from '../applications/row';
import { writeAudits } from '../applications/audit';
import { notFound, refused } from '../errors';
import type { PortalApplicant } from './applicants';
import { MESSAGE_QUOTAS, recipientKey, takeMessageQuota } from '../messages/quota';

/**
 * §9 names no lifetime for one-time codes, so these are ours: a code is valid 5 minutes and takes 5 tries; at most
 * 5 codes per applicant and field within one session's length (VALID_SESSION_TIME_S, §9), so resending cannot
 * turn 5 tries into unlimited guessing.
 */
export const OTP_VALID_S = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_MAX_SENDS = 5;
export const OTP_SEND_WINDOW_S = VALID_SESSION_TIME_S;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** What a code verifies: one OTP field of one applicant of one application. */
export interface OtpTarget {
  applicationId: string;
  applicantId: string;
  fieldKey: string;
}

/** The verifications entry (§3 Application.verifications) a verified code leaves on the application. */
export const otpVerificationKey = (applicantId: string, fieldKey: string) => `otp:${applicantId}:${fieldKey}`;

/** "9876543210" → "******3210", "ana@example.com" → "a**@example.com": enough to recognise, not to harvest. */
export function maskRecipient(to: string): string {
  if (to.includes('@')) {
    const [user, domain] = to.split('@');
    return `${user.slice(0, 1)}${'*'.repeat(Math.max(1, user.length - 1))}@${domain}`;
  }
  return `${'*'.repeat(Math.max(0, to.length - 4))}${to.slice(-4)}`;
}

async function assertApplicant(q: Queryable, target: OtpTarget) {
  const app = await findApplication(q, target.applicationId);
  if (app.status !== 'ACTIVE') throw refused('application_id', `Application ${app.application_id} is ${app.status} and can no longer be changed`);
  const applicants = (app.doc.applicant ?? []) as PortalApplicant[];
  if (!applicants.some((a) => a.applicantId === target.applicantId)) throw notFound('applicantId', `No applicant ${target.applicantId} on application ${app.application_id}`);
}

/**
 * Sends a 6-digit code for one OTP field of one applicant through the notification adapter (the sandbox logs it
 * on the server console). Only the hash is kept. Call it in a transaction: a refused quota then counts nothing. Returns the code itself only to the caller (the route decides
 * whether the sandbox may echo it for demos and tests).
 */
export async function sendOtp(q: Queryable, notifier: Notifier, requestedBy: string, target: OtpTarget, recipient: string, now = new Date()) {
  const to = recipient.trim();
  const isEmail = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to);
  if (!isEmail && !/^[0-9+][0-9 -]{6,15}$/.test(to)) throw refused('recipient', 'Enter a valid mobile number or e-mail address first');
  await assertApplicant(q, target);
  const { rows } = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM portal_otps WHERE application_id = $1 AND applicant_id = $2 AND field_key = $3 AND created_at > $4`,
    [target.applicationId, target.applicantId, target.fieldKey, new Date(now.getTime() - OTP_SEND_WINDOW_S * 1000)],
  );
  if (rows[0].n >= OTP_MAX_SENDS) throw refused('recipient', `Too many codes were sent. Try again in ${Math.round(OTP_SEND_WINDOW_S / 60)} minutes.`);
  // Past the per-field count above: per mobile number (or address) whatever the application, and per application
  // whatever the field, so neither new applications nor other fields make the server text one person without end.
  await takeMessageQuota(q, [[MESSAGE_QUOTAS.otpPerRecipient, recipientKey(to)], [MESSAGE_QUOTAS.otpPerApplication, target.applicationId]], now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.query(
    `INSERT INTO portal_otps (requested_by, application_id, applicant_id, field_key, recipient, code_hash, expires_at, created_at) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
    [requestedBy, target.applicationId, target.applicantId, target.fieldKey, to, hash(code), new Date(now.getTime() + OTP_VALID_S * 1000), now],
  );
  await notifier.send({ channel: isEmail ? 'EMAIL' : 'SMS', to, subject: 'Your Lendline verification code', body: `Your Lendline verification code is ${code}. It is valid for ${OTP_VALID_S / 60} minutes.` });
  return { code, sentTo: maskRecipient(to) };
}

export type OtpCheck =
  | { verified: true }
  | { verified: false; reason: 'WRONG_CODE'; attemptsLeft: number }
  | { verified: false; reason: 'EXPIRED' | 'TOO_MANY_ATTEMPTS' | 'NO_CODE' | 'ALREADY_USED' };

/**
 * Checks a code against the latest one sent for this application, applicant and field to this recipient. A match
 * marks the code used and records the verification on the application (verifications, §3), which is what consumer
 * save later trusts: a change of the application like any other, so it bumps verNum and leaves an audit row. Every
 * try counts, right or wrong.
 */
export async function verifyOtp(q: Queryable, target: OtpTarget, recipient: string, code: string, verifiedBy: string, now = new Date()): Promise<OtpCheck> {
  const to = recipient.trim();
  const { rows } = await q.query<{ id: string; code_hash: string; attempts: number; expires_at: Date | string; verified_at: unknown; recipient: string }>(
    `SELECT id, code_hash, attempts, expires_at, verified_at, recipient FROM portal_otps
      WHERE application_id = $1 AND applicant_id = $2 AND field_key = $3 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
    [target.applicationId, target.applicantId, target.fieldKey],
  );
  const row = rows[0];
  if (!row || row.recipient !== to) return { verified: false, reason: 'NO_CODE' };
  if (row.verified_at) return { verified: false, reason: 'ALREADY_USED' };
  if (row.attempts >= OTP_MAX_ATTEMPTS) return { verified: false, reason: 'TOO_MANY_ATTEMPTS' };
  if (new Date(row.expires_at).getTime() < now.getTime()) return { verified: false, reason: 'EXPIRED' };
  const ok = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(hash(code), 'hex'));
  await q.query(`UPDATE portal_otps SET attempts = attempts + 1, verified_at = CASE WHEN $2 THEN $3::timestamptz ELSE verified_at END WHERE id = $1`, [row.id, ok, now]);
  if (!ok) return { verified: false, reason: 'WRONG_CODE', attemptsLeft: OTP_MAX_ATTEMPTS - row.attempts - 1 };
  const key = otpVerificationKey(target.applicantId, target.fieldKey);
  const entry = { key, isVerified: true, output: { recipient: to, sentTo: maskRecipient(to), verifiedAt: now.toISOString() } };
  await setVerification(q, target.applicationId, entry, 'otp_verify', verifiedBy, now);
  return { verified: true };
}

/**
 * Records one verifications entry (§3) on the application under its row lock, replacing the entry with the same
 * key (a changed mobile number or e-mail replaces the old one): verNum + 1 and an audit row of the change.
 */
export async function setVerification(q: Queryable, applicationId: string, entry: { key: string; isVerified: boolean; output: Record<string, unknown> }, action: string, by: string, now: Date) {
  const app = await findApplication(q, applicationId, true);
  const list = Array.isArray(app.doc.verifications) ? (app.doc.verifications as Array<{ key?: string }>) : [];
  const before = list.find((v) => v.key === entry.key) ?? null;
  const verifications = [...list.filter((v) => v.key !== entry.key), entry];
  await q.query(`UPDATE applications SET doc = jsonb_set(doc, '{verifications}', $2::jsonb), ver_num = ver_num + 1, mod_time = $3 WHERE application_id = $1`, [
    applicationId, JSON.stringify(verifications), now,
  ]);
  await writeAudits(q, applicationId, action, by, now, [{ key: `verifications.${entry.key}`, old: before, new: entry }]);
}

/** The recipient the application records as verified for this applicant's OTP field, or null. */
export function verifiedRecipient(doc: Record<string, unknown>, applicantId: string, fieldKey: string): string | null {
  const list = Array.isArray(doc.verifications) ? (doc.verifications as Array<{ key?: string; isVerified?: boolean; output?: { recipient?: string } }>) : [];
  const entry = list.find((v) => v.key === otpVerificationKey(applicantId, fieldKey) && v.isVerified === true);
  return entry?.output?.recipient ?? null;
}
