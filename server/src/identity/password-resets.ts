import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import type { Notifier } from '../adapters/notify';
import { validationFailed } from '../domain/errors';
import { newToken, tokenHash } from '../crypto/tokens';
import { findUser } from './users';

/** What the caller learns of a sent reset: never the token, and the address only masked. */
export interface PasswordResetSent {
  resetId: string;
  channel: 'EMAIL';
  to: string;
  /** ISO 8601 */
  expiresAt: string;
}

/** redirectURL?token=…: only http(s), so the mail never carries a javascript: or data: link. */
function resetLink(redirectURL: string, token: string): string {
  let url: URL;
  try {
    url = new URL(redirectURL);
  } catch {
    throw validationFailed([{ label: 'redirectURL', reason: 'must be an absolute URL' }]);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw validationFailed([{ label: 'redirectURL', reason: 'must be an http or https URL' }]);
  url.searchParams.set('token', token);
  return url.toString();
}

function mask(email: string): string {
  const [name, domain] = email.split('@');
  return `${name.slice(0, 1)}***@${domain}`;
}

/**
 * Records a password reset for the user and sends the link (redirectURL?token=…) by e-mail through the
 * notification adapter. Only the token's hash is stored. 400/1101 for a redirectURL that is not an http(s) URL or
 * a user without an e-mail address (nothing stored, nothing sent).
 */
export async function sendPasswordReset(
  db: Queryable,
  notifier: Notifier,
  userId: string,
  redirectURL: string,
  ttlSeconds: number,
): Promise<PasswordResetSent> {
  const token = newToken(32);
  const link = resetLink(redirectURL, token);
  const user = await findUser(db, userId);
  if (!user?.email) throw validationFailed([{ label: 'user', reason: 'has no e-mail address to send the link to' }]);
  const resetId = randomUUID();
  const expiresAt = new Date(Date.now() + ttlSeconds * 1000);
  await db.query(`INSERT INTO password_resets (reset_id, user_id, token_hash, redirect_url, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
    resetId,
    user.userId,
    tokenHash(token),
    redirectURL,
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
