import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUTH } from '@lendline/shared/contract';
import type { IdentityEnv } from '../../config/env';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { staffUser } from '../../plugins/app/auth';
import { completePasswordReset, NEW_PASSWORD, sendPasswordReset } from '../../identity/password-resets';
import { revokeSession } from '../../identity/sessions';
import { validationFailed } from '../../domain/errors';
import { errors } from './schemas';

const Body = Type.Object({
  redirectURL: Type.String({
    minLength: 1, maxLength: 2048,
    description: 'The page that sets the new password, on this site: a path (/reset-password) or an URL of the product\'s origin; the link adds ?token=…',
  }),
});

const Reply = Type.Object({
  message: Type.String(),
  data: Type.Object({
    resetId: Type.String(),
    channel: Type.Literal('EMAIL'),
    to: Type.String({ description: 'The address the link went to, masked (a***@example.com)' }),
    expiresAt: Type.String({ format: 'date-time' }),
  }),
});

/** The page's call that completes a reset (the spec names none; it sits with the other /v3/auth calls). */
export const RESET_PASSWORD = '/v3/auth/reset-password';

const ResetBody = Type.Object({
  token: Type.String({ minLength: 16, maxLength: 200, description: 'The token of the e-mailed link (?token=…)' }),
  password: Type.String({ minLength: 1, maxLength: 1024, description: 'The new password: base64 RSA-OAEP (SHA-256) under GET /v3/auth/public-key, as at login' }),
});

/**
 * POST /v3/auth/forget-password {redirectURL}: a reset link for the caller, sent through the notification adapter;
 * POST /v3/auth/reset-password {token, password}: the link's page sets the new password, which also lifts the
 * user's sign-in locks.
 */
const forgetPassword: FastifyPluginAsyncTypebox<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  app.post(
    AUTH.forgetPassword,
    {
      schema: {
        summary: 'Send a password reset link',
        description:
          "Records a password reset for the caller and e-mails the link (redirectURL?token=…); only the token's hash is " +
          'stored. Staff only (the customer account → 403). redirectURL must be a page of this site: a path, or an URL of ' +
          'PUBLIC_URL\'s origin (the request\'s own origin when PUBLIC_URL is unset). 400/1101 for any other host or ' +
          'scheme, or when the user has no e-mail address; 429 past 5 links an hour for one account.',
        tags: ['identity'],
        body: Body,
        response: { 200: Reply, ...errors(400, 401, 403, 429, 500) },
      },
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      const caller = staffUser(request);
      const origin = opts.identity.publicUrl ?? `${request.protocol}://${request.host}`;
      const data = await app.db.transaction((tx) =>
        sendPasswordReset(tx, app.notifier, caller.userId, request.body.redirectURL, opts.identity.passwordResetTtlSeconds, origin),
      );
      return { message: 'A password reset link has been sent', data };
    },
  );

  app.post(
    RESET_PASSWORD,
    {
      config: { public: true },
      schema: {
        summary: 'Set a new password with a reset link',
        description:
          'Public: the token of the e-mailed link is the credential. Sets the new password (RSA-encrypted as at login; ' +
          `${NEW_PASSWORD.min} to ${NEW_PASSWORD.max} characters), spends every open reset link of the user, ends the user's ` +
          'sessions and lifts every sign-in lock of the user (recorded in identity_audits). 400/1101 for an unknown, used or ' +
          'expired token or a password out of bounds; nothing changed then.',
        tags: ['identity'],
        security: [],
        body: ResetBody,
        response: { 200: Type.Object({ message: Type.String() }), ...errors(400, 429, 500) },
      },
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      let plain = request.body.password;
      if (opts.identity.passwordEncryption) {
        try {
          plain = app.rsa.decrypt(plain);
        } catch {
          throw validationFailed([{ label: 'password', reason: 'must be encrypted with the public key (RSA-OAEP SHA-256, base64)' }]);
        }
      }
      const done = await app.db.transaction((tx) => completePasswordReset(tx, request.body.token, plain));
      for (const sessionId of done.sessionIds) await revokeSession(app.db, sessionId, 'password-reset');
      request.log.info({ userId: done.userId }, 'password reset');
      return { message: 'Your password has been changed' };
    },
  );
};
export default forgetPassword;
