import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { AUTH } from '@lendline/shared/contract';
import type { IdentityEnv } from '../env';
import { strictValidatorCompiler } from '../http/strict-validator';
import { acceptEmptyJsonBodies } from '../http/empty-json';
import { HttpError, validationFailed } from '../domain/errors';
import { currentUser } from '../plugins/app/auth';
import { verifyPassword } from '../crypto/password';
import { consumeCaptcha, splitCaptchaResponse } from '../domain/setup/captcha-check';
import { openSession, refreshSession, revokeSession, sessionOfRefreshToken } from '../identity/sessions';
import { findUser, passwordHashOf, publicUser } from '../identity/users';
import { beginLoginAttempt, lockedOut, loginFailed, loginSucceeded } from '../identity/login-lockout';

/** Small JSON bodies only: nothing on these routes is bigger than a 2048-bit RSA ciphertext. */
const AUTH_BODY_LIMIT = 16 * 1024;

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  // The login page sends the captcha answer along when its tenant has captcha on.
  captchaId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  captchaResponse: Type.Optional(Type.String({ maxLength: 200 })),
});
const RefreshBody = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 512 }) });

const invalidCredentials = () => new HttpError(401, { code: 401, message: 'Invalid username or password' });
const invalidUser = () => new HttpError(401, { error: 'Invalid user', code: 401, message: 'Invalid user' });

/** §7 authentication: public key, login, refresh (rotation + reuse detection), end-session, logout. */
const auth: FastifyPluginAsync<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  acceptEmptyJsonBodies(app);
  const times = { sessionTtlSeconds: opts.identity.sessionTtlSeconds, refreshTtlSeconds: opts.identity.refreshTtlSeconds };

  app.get(AUTH.publicKey, async () => ({ publicKey: app.rsa.publicKeyPem }));

  app.post(AUTH.login, { schema: { body: LoginBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request, reply) => {
    const { username, password, captchaId, captchaResponse } = request.body as Static<typeof LoginBody>;
    if (captchaId || captchaResponse) {
      const { id, answer } = splitCaptchaResponse(captchaResponse ?? '', captchaId);
      await consumeCaptcha(app.db, id, answer);
    }
    let plain = password;
    if (opts.identity.passwordEncryption) {
      try {
        plain = app.rsa.decrypt(password);
      } catch {
        throw validationFailed([{ label: 'password', reason: 'must be encrypted with the public key (RSA-OAEP SHA-256, base64)' }]);
      }
    }
    // Lockout by the name as typed, known or not, so its answers never tell whether the user exists.
    const refuse = (lockedUntil: Date) => {
      const { error, retryAfterSeconds } = lockedOut(lockedUntil);
      reply.header('retry-after', String(retryAfterSeconds));
      return error;
    };
    const attempt = await beginLoginAttempt(app.db, username, opts.identity.loginLockout);
    if (!attempt.allowed) throw refuse(attempt.lockedUntil);
    const ok = await verifyPassword(plain, await passwordHashOf(app.db, username));
    const user = ok ? await findUser(app.db, username) : null;
    if (!user) {
      const lockedUntil = await loginFailed(app.db, username, opts.identity.loginLockout);
      if (lockedUntil) {
        request.log.warn({ userName: username.slice(0, 100) }, 'login locked after repeated wrong passwords');
        throw refuse(lockedUntil);
      }
      throw invalidCredentials();
    }
    await loginSucceeded(app.db, username);
    const tokens = await openSession(app.db, user.userId, times);
    request.log.info({ userId: user.userId, sessionId: tokens.sessionid }, 'login');
    return { ...tokens, user: publicUser(user) };
  });

  app.post(AUTH.refreshToken, { schema: { body: RefreshBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
    const { refresh_token } = request.body as Static<typeof RefreshBody>;
    const result = await refreshSession(app.db, refresh_token, times);
    if (!result.ok) {
      if (result.reason === 'reused') request.log.warn('refresh token reused: session revoked');
      throw invalidUser();
    }
    const user = await findUser(app.db, result.userId);
    if (!user) throw invalidUser();
    return { ...result.tokens, user: publicUser(user), error: null };
  });

  app.post(AUTH.endSession, { schema: { body: RefreshBody }, bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
    const caller = currentUser(request);
    const { refresh_token } = request.body as Static<typeof RefreshBody>;
    const owner = await sessionOfRefreshToken(app.db, refresh_token);
    if (!caller.sessionId || owner?.sessionId !== caller.sessionId) throw validationFailed([{ label: 'refresh_token', reason: 'does not belong to this session' }]);
    await revokeSession(app.db, caller.sessionId, 'end-session');
    return { message: 'Session ended', sessionid: caller.sessionId };
  });

  // Logout carries only the refresh_token header (§7), so it authenticates by that token.
  const logout = async (request: import('fastify').FastifyRequest) => {
    const token = request.headers.refresh_token;
    if (typeof token !== 'string' || !token || token.length > 512) throw new HttpError(401, { code: 401, message: 'Unauthorized' });
    const owner = await sessionOfRefreshToken(app.db, token);
    if (!owner) throw new HttpError(401, { code: 401, message: 'Unauthorized' });
    await revokeSession(app.db, owner.sessionId, 'logout');
    return { message: 'Logged out' };
  };
  app.post(AUTH.logout, { config: { refreshTokenAuth: true }, bodyLimit: AUTH_BODY_LIMIT }, logout);
  app.post(AUTH.userLogout, { config: { refreshTokenAuth: true }, bodyLimit: AUTH_BODY_LIMIT }, logout);
};
export default auth;
