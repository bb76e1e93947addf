import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AUTH } from '@lendline/shared/contract';
import type { IdentityEnv } from '../../env';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { staffUser } from '../../plugins/app/auth';
import { sendPasswordReset } from '../../identity/password-resets';
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

/** POST /v3/auth/forget-password {redirectURL}: a reset link for the caller, sent through the notification adapter. */
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
};
export default forgetPassword;
