import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import { AUTH } from '@lendline/shared/contract';
import type { IdentityEnv } from '../env';
import { strictValidatorCompiler } from '../http/strict-validator';
import { validationFailed } from '../domain/errors';
import { staffUser } from '../plugins/app/auth';
import { newToken, tokenHash } from '../crypto/tokens';
import { findUser } from '../identity/users';

const Body = Type.Object({ redirectURL: Type.String({ minLength: 1, maxLength: 2048 }) });

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
 * POST /v3/auth/forget-password {redirectURL}: records a reset for the caller and sends the link
 * (redirectURL?token=…) through the notification adapter. Only the token's hash is stored.
 */
const forgetPassword: FastifyPluginAsync<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  app.post(AUTH.forgetPassword, { schema: { body: Body }, bodyLimit: 16 * 1024 }, async (request) => {
    const caller = staffUser(request);
    const { redirectURL } = request.body as Static<typeof Body>;
    const token = newToken(32);
    const link = resetLink(redirectURL, token);
    const user = await findUser(app.db, caller.userId);
    if (!user?.email) throw validationFailed([{ label: 'user', reason: 'has no e-mail address to send the link to' }]);
    const resetId = randomUUID();
    const expiresAt = new Date(Date.now() + opts.identity.passwordResetTtlSeconds * 1000);
    await app.db.query(`INSERT INTO password_resets (reset_id, user_id, token_hash, redirect_url, expires_at) VALUES ($1, $2, $3, $4, $5)`, [
      resetId,
      user.userId,
      tokenHash(token),
      redirectURL,
      expiresAt,
    ]);
    const minutes = Math.round(opts.identity.passwordResetTtlSeconds / 60);
    await app.notifier.send({
      channel: 'EMAIL',
      to: user.email,
      subject: 'Reset your password',
      body: `Hello ${user.displayName}, use this link within ${minutes} minutes to set a new password: ${link}`,
      link,
    });
    return { message: 'A password reset link has been sent', data: { resetId, channel: 'EMAIL', to: mask(user.email), expiresAt: expiresAt.toISOString() } };
  });
};
export default forgetPassword;
