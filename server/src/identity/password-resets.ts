import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Notifier } from '../adapters/notify';
import { validationFailed } from '../domain/errors';
import { newToken, tokenHash } from '../crypto/tokens';
import { findUser } from '../domain/users/users';
import { liftLockout } from './login-lockout';
import { hashPassword } from '../crypto/password';
import { MESSAGE_QUOTAS, takeMessageQuota } from '../domain/messages/quota';

/** What the caller learns of a sent reset: never the token, and the address only masked. */
export interface PasswordResetSent {
  resetId: string;
  channel: 'EMAIL';
  to: string;
  /** ISO 8601 */
  expiresAt: string;
}

/**
 * redirectURL?token=…, only to a page of the product itself: a path ("/reset-password") resolved against the
 * product's origin, or an absolute http(s) URL on that very origin (scheme, host and port). Any other host is
 * refused, so the e-mail can never carry the token to a site someone else chose (nor a javascript: or data: link).
 */
export function resetPage(redirectURL: string, origin: string): URL {
  const own = new URL(origin);
  const path = redirectURL.startsWith('/');
  if (!path && !/^[a-z][a-z0-9+.-]*:/i.test(redirectURL)) throw validationFailed([{ label: 'redirectURL', reason: 'must be a path (/…) or an URL of this site' }]);
  let url: URL;
  try {
    // "//evil.example/x" is a path only in name: resolved, it names another host and is refused below.
    url = new URL(redirectURL, own);
  } catch {
    throw validationFailed([{ label: 'redirectURL', reason: 'must be a path or an URL of this site' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw validationFailed([{ label: 'redirectURL', reason: 'must be an http or https URL' }]);
  if (url.origin !== own.origin || url.username || url.password) {
    throw validationFailed([{ label: 'redirectURL', reason: `must be a page of this site (${own.origin})` }]);
  }
  url.searchParams.delete('token');
  return url;
}

function mask(email: string): string {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/**
 * Records a password reset for the user and sends the link (redirectURL?token=…) by e-mail through the
 * notification adapter. Only the token's hash is stored. 400/1101 for a redirectURL that is not a page of the
 * product's origin (resetPage) or a user without an e-mail address, 429 past MESSAGE_QUOTAS.resetPerAccount (nothing
 * stored, nothing sent; call it in a transaction so a failed send stores nothing either).
 */
export async function sendPasswordReset(
  db: Queryable,
  notifier: Notifier,
  userId: string,
  redirectURL: string,
  ttlSeconds: number,
  origin: string,
): Promise<PasswordResetSent> {
  const token = newToken(32);
  const page = resetPage(redirectURL, origin);
  const url = new URL(page);
  url.searchParams.set('token', token);
  const link = url.toString();
  const user = await findUser(db, userId);
  if (!user?.email) throw validationFailed([{ label: 'user', reason: 'has no e-mail address to send the link to' }]);
  await takeMessageQuota(db, [[MESSAGE_QUOTAS.resetPerAccount, user.userId]]);
  const resetId = randomUUID();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.query(`INSERT INTO password_resets (reset_id, user_id, token_hash, redirect_url, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    resetId,
    user.userId,
    tokenHash(token),
    page.toString(),
    expiresAt,
  ]);
  await notifier.send({
    channel: 'EMAIL',
    to: user.email,
    subject: 'Reset your password',
    body: `Hello ${user.displayName}, use this link within ${Math.round(ttlSeconds / 60)} minutes to set a new password: ${link}`,
    link,
  });
  return { resetId, channel: 'EMAIL', to: mask(user.email), expiresAt: expiresAt.toISOString() };
}

/** The shortest and longest new password taken (a passphrase fits; scrypt's cost bounds the longest). */
export const NEW_PASSWORD = { min: 10, max: 128 } as const;

/**
 * Completes a reset: the token (from the e-mailed link) must be one this server issued, unused and unexpired; the
 * user's password becomes the new one, every reset of the user still open is spent with it, the user's sessions are
 * revoked (a stolen session does not outlive the reset) and every sign-in lock of the user is lifted (the person
 * who read the e-mail is the account's owner), with an identity_audits row. 400/1101 for an unknown, used or expired
 * token, or a password outside NEW_PASSWORD; nothing changed then. Returns the user's id and the sessions to end.
 */
export async function completePasswordReset(q: Queryable, token: string, newPassword: string, now = new Date()): Promise<{ userId: string; sessionIds: string[] }> {
  if (newPassword.length < NEW_PASSWORD.min || newPassword.length > NEW_PASSWORD.max) {
    throw validationFailed([{ label: 'password', reason: `must be ${NEW_PASSWORD.min} to ${NEW_PASSWORD.max} characters` }]);
  }
  const { rows } = await q.query<{ reset_id: string; user_id: string; expires_at: Date | string; used_at: Date | string | null }>(
    `SELECT reset_id, user_id, expires_at, used_at FROM password_resets WHERE token_hash = $1 FOR UPDATE`,
    [tokenHash(token)],
  );
  const reset = rows[0];
  if (!reset || reset.used_at || new Date(reset.expires_at).getTime() <= now.getTime()) {
    throw validationFailed([{ label: 'token', reason: 'The reset link is invalid, used or expired: ask for a new one' }]);
  }
  const user = await findUser(q, reset.user_id);
  if (!user || user.kind !== 'STAFF') throw validationFailed([{ label: 'token', reason: 'The reset link is invalid, used or expired: ask for a new one' }]);
  await q.query(`UPDATE users SET password_hash = $2 WHERE user_id = $1`, [user.userId, await hashPassword(newPassword)]);
  await q.query(`UPDATE password_resets SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL`, [user.userId, now]);
  await liftLockout(q, user.userName, user.userName, 'password_reset', now);
  const sessions = await q.query<{ session_id: string }>(`SELECT session_id FROM sessions WHERE user_id = $1 AND revoked_at IS NULL`, [user.userId]);
  return { userId: user.userId, sessionIds: sessions.rows.map((r) => r.session_id) };
}
