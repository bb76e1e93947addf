import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUTH } from '@lendline/shared/contract';
import type { IdentityEnv } from '../../config/env';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { acceptEmptyJsonBodies } from '../../http/empty-json';
import { HttpError, validationFailed } from '../../domain/errors';
import { currentUser, staffUser } from '../../plugins/app/auth';
import { takeDraftKeys } from '../../identity/draft-keys';
import { consumeCaptcha, splitCaptchaResponse } from '../../domain/setup/captcha-check';
import { normalizeIP } from '@fastify/rate-limit';
import { lockedOut } from '../../identity/login-lockout';
import { endOwnSession, logOut, renewSession, signIn } from '../../identity/sign-in';
import { InvalidUserReply, MessageReply, RefreshedReply, SignedInReply, errors } from './schemas';
import { route } from '../common/route';

/** Small JSON bodies only: nothing on these routes is bigger than a 2048-bit RSA ciphertext. */
const AUTH_BODY_LIMIT = 16 * 1024;

const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 100 }),
  password: Type.String({ minLength: 1, maxLength: 1024, description: 'Base64 RSA-OAEP (SHA-256) ciphertext under GET /v3/auth/public-key' }),
  // The login page sends the captcha answer along when its tenant has captcha on.
  captchaId: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  captchaResponse: Type.Optional(Type.String({ maxLength: 200, description: 'The captcha answer, or "<captchaId>:<answer>"' })),
});
const RefreshBody = Type.Object({ refresh_token: Type.String({ minLength: 1, maxLength: 512 }) });
const DraftKeysBody = Type.Object({
  sessions: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 20, description: 'Session ids named by the drafts kept on this device' }),
});
const DraftKeysReply = Type.Object({
  key: Type.Union([Type.String(), Type.Null()], { description: "The caller's own session's draft key" }),
  previous: Type.Array(Type.Object({ sessionid: Type.String(), key: Type.String() }), {
    description: "Keys of the caller's earlier sessions among those asked for, each answered once (then erased)",
  }),
});

const TAGS = ['identity'];
const UNAUTHORIZED = () => new HttpError(401, { code: 401, message: 'Unauthorized' });
const invalidCredentials = () => new HttpError(401, { code: 401, message: 'Invalid username or password' });
const invalidUser = () => new HttpError(401, { error: 'Invalid user', code: 401, message: 'Invalid user' });

const logoutSchema = (path: string) => ({
  summary: path === AUTH.logout ? 'Log out' : 'Log out (legacy path)',
  description:
    'Revokes the session a refresh token (the current one or an earlier one of its chain) belongs to. Authenticated by ' +
    'the refresh_token header alone (§7), no session headers. 401 when the header is missing or names no session.',
  tags: TAGS,
  security: [],
  headers: Type.Object({ refresh_token: Type.Optional(Type.String({ description: 'The refresh token of the session to end' })) }),
  response: { 200: MessageReply, ...errors(400, 429, 500), 401: Type.Ref('ErrorBody', { description: 'No refresh_token header, or one of no session' }) },
});

/** §7 authentication: public key, login, refresh (rotation + reuse detection), end-session, logout. */
const auth: FastifyPluginAsyncTypebox<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  acceptEmptyJsonBodies(app);
  const times = { sessionTtlSeconds: opts.identity.sessionTtlSeconds, refreshTtlSeconds: opts.identity.refreshTtlSeconds, absoluteHours: opts.identity.sessionAbsoluteHours };

  app.get(
    AUTH.publicKey,
    route.identity(null, 'Public key for the login password',
      'The RSA public key (PEM) the login page encrypts the password with (RSA-OAEP, SHA-256; §9). Public.', {
      security: [],
      response: { 200: Type.Object({ publicKey: Type.String({ description: 'PEM (SPKI)' }) }), ...errors(429, 500) },
    }),
    async () => ({ publicKey: app.rsa.publicKeyPem }),
  );

  app.post(
    AUTH.login,
    {
      schema: {
        summary: 'Staff login',
        description:
          'Opens a session for a staff user. Public. The password is RSA-encrypted (§9; plaintext → 400/1101). With captcha ' +
          'on, the answer travels along and is used up (wrong or expired → 400/1101 labelled captchaResponse). Wrong user ' +
          'or password → 401 "Invalid username or password". Repeated wrong passwords for a user name from one address ' +
          'throttle that address for that name; many from several addresses lock the name: 429 with Retry-After and the ' +
          'reason "Too many failed sign-ins. Try again after HH:MM".',
        tags: TAGS,
        security: [],
        body: LoginBody,
        response: { 200: SignedInReply, ...errors(400, 429, 500), 401: Type.Ref('ErrorBody', { description: 'Invalid username or password' }) },
      },
      bodyLimit: AUTH_BODY_LIMIT,
    },
    async (request, reply) => {
      const { username, password, captchaId, captchaResponse } = request.body;
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
      // The client address (behind a reverse proxy, the one it forwards when TRUST_PROXY is set): the lockout's first tier.
      const outcome = await signIn(app.db, username, plain, normalizeIP(request.ip), { lockout: opts.identity.loginLockout, times });
      if (outcome.kind === 'locked') {
        if (outcome.justLocked) request.log.warn({ userName: username.slice(0, 100) }, 'login locked after repeated wrong passwords');
        const { error, retryAfterSeconds } = lockedOut(outcome.lockedUntil);
        reply.header('retry-after', String(retryAfterSeconds));
        throw error;
      }
      if (outcome.kind === 'wrong-credentials') throw invalidCredentials();
      request.log.info({ userId: outcome.reply.user.userId, sessionId: outcome.reply.sessionid }, 'login');
      return outcome.reply;
    },
  );

  app.post(
    AUTH.refreshToken,
    {
      schema: {
        summary: 'Refresh the session tokens',
        description:
          'Rotates the refresh token: new access and refresh tokens for the same session, error null. Public (the refresh ' +
          'token is the credential). A rotated, revoked or unknown token → 401 { error: "Invalid user" }; presenting a ' +
          'rotated one again revokes the whole session.',
        tags: TAGS,
        security: [],
        body: RefreshBody,
        response: { 200: RefreshedReply, ...errors(400, 429, 500), 401: InvalidUserReply },
      },
      bodyLimit: AUTH_BODY_LIMIT,
    },
    async (request) => {
      const result = await renewSession(app.db, request.body.refresh_token, times);
      if (!result.ok) {
        if (result.reason === 'reused') request.log.warn('refresh token reused: session revoked');
        throw invalidUser();
      }
      return { ...result.reply, error: null };
    },
  );

  app.post(
    AUTH.endSession,
    {
      schema: {
        summary: 'End the current session',
        description:
          "Revokes the caller's session. Any signed-in user. The refresh_token must belong to the caller's own session " +
          '(400/1101 otherwise, nothing revoked).',
        tags: TAGS,
        body: RefreshBody,
        response: { 200: Type.Object({ message: Type.String(), sessionid: Type.String() }), ...errors(400, 401, 429, 500) },
      },
      bodyLimit: AUTH_BODY_LIMIT,
    },
    async (request) => {
      const sessionid = await endOwnSession(app.db, currentUser(request).sessionId, request.body.refresh_token);
      return { message: 'Session ended', sessionid };
    },
  );

  app.post(
    AUTH.draftKeys,
    {
      schema: {
        summary: 'Keys of unsaved edits kept on the device',
        description:
          "Staff only (403 for the shared customer account). Answers the key of the caller's session, and for the " +
          "session ids asked for that are the caller's own earlier sessions, their keys — once: they are erased as they " +
          'are answered. Ids of other users or unknown ones are left out alike (docs/identity.md "Unsaved edits across sessions").',
        tags: TAGS,
        body: DraftKeysBody,
        response: { 200: DraftKeysReply, ...errors(400, 401, 403, 429, 500) },
      },
      bodyLimit: AUTH_BODY_LIMIT,
    },
    async (request) => {
      const user = staffUser(request);
      return takeDraftKeys(app.db, user.userId, user.sessionId ?? '', request.body.sessions);
    },
  );

  // Logout carries only the refresh_token header (§7): the auth hook leaves it alone (refreshTokenAuth).
  for (const path of [AUTH.logout, AUTH.userLogout]) {
    app.post(path, { schema: logoutSchema(path), config: { refreshTokenAuth: true }, bodyLimit: AUTH_BODY_LIMIT }, async (request) => {
      const token = request.headers.refresh_token;
      if (!token || token.length > 512 || !(await logOut(app.db, token))) throw UNAUTHORIZED();
      return { message: 'Logged out' };
    });
  }
};
export default auth;
