import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import { refused } from '../errors';

const TTL_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 5;

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/** "9876543210" → "******3210", "ana@example.com" → "a**@example.com": enough to recognise, not to harvest. */
export function maskRecipient(to: string): string {
  if (to.includes('@')) {
    const [user, domain] = to.split('@');
    return `${user.slice(0, 1)}${'*'.repeat(Math.max(1, user.length - 1))}@${domain}`;
  }
  return `${'*'.repeat(Math.max(0, to.length - 4))}${to.slice(-4)}`;
}

/**
 * Sends a 6-digit code through the notification adapter (the sandbox logs it on the server console). Codes are
 * kept hashed, per session and field, valid 5 minutes, 5 attempts. Returns the code itself only to the caller
 * (the route decides whether the sandbox may echo it for demos and tests).
 */
export async function sendOtp(q: Queryable, notifier: Notifier, sessionId: string, fieldKey: string, recipient: string, now = new Date()) {
  const to = recipient.trim();
  const isEmail = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to);
  if (!isEmail && !/^[0-9+][0-9 -]{6,15}$/.test(to)) throw refused('recipient', 'Enter a valid mobile number or e-mail address first');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.query(`INSERT INTO portal_otps (session_id, field_key, recipient, code_hash, expires_at, created_at) VALUES ($1,$2,$3,$4,$5,$6)`, [
    sessionId, fieldKey, to, hash(code), new Date(now.getTime() + TTL_MS), now,
  ]);
  await notifier.send({ channel: isEmail ? 'EMAIL' : 'SMS', to, subject: 'Your Lendline verification code', body: `Your Lendline verification code is ${code}. It is valid for 5 minutes.` });
  return { code, sentTo: maskRecipient(to) };
}

/** True when the code matches the latest unexpired code for this session, field and recipient. */
export async function verifyOtp(q: Queryable, sessionId: string, fieldKey: string, recipient: string, code: string, now = new Date()): Promise<boolean> {
  const { rows } = await q.query<{ id: string; code_hash: string; attempts: number; expires_at: Date | string; verified_at: unknown }>(
    `SELECT id, code_hash, attempts, expires_at, verified_at FROM portal_otps WHERE session_id = $1 AND field_key = $2 AND recipient = $3 ORDER BY id DESC LIMIT 1`,
    [sessionId, fieldKey, recipient.trim()],
  );
  const row = rows[0];
  if (!row || row.attempts >= MAX_ATTEMPTS || new Date(row.expires_at).getTime() < now.getTime()) return false;
  const ok = timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(hash(code), 'hex'));
  await q.query(`UPDATE portal_otps SET attempts = attempts + 1, verified_at = CASE WHEN $2 THEN $3::timestamptz ELSE verified_at END WHERE id = $1`, [row.id, ok, now]);
  return ok;
}
