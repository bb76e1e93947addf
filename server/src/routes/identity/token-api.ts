import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { USERS } from '@lendline/shared/contract';
import type { IdentityEnv } from '../../config/env';
import { openSessionFor } from '../../identity/sign-in';
import { PORTAL_CUSTOMER } from '../../seed/identity';
import { HttpError } from '../../domain/errors';
import { acceptEmptyJsonBodies } from '../../http/empty-json';
import { SignedInReply, errors } from './schemas';

/**
 * POST /tokenApi/getToken: a session for the built-in customer account (§6), which the customer
 * area asks for when no user is present. Same reply shape as login.
 */
const tokenApi: FastifyPluginAsyncTypebox<{ identity: IdentityEnv }> = async (app, opts) => {
  acceptEmptyJsonBodies(app);
  app.post(
    USERS.tokenApiGetToken,
    {
      schema: {
        summary: 'Customer portal session',
        description:
          'Opens a session for the built-in customer account (portal-customer, role CUSTOMER): what the customer portal ' +
          'asks for when no user is present. Public, no body; the reply has the shape of login. 503 when the account is missing.',
        tags: ['identity'],
        security: [],
        response: { 200: SignedInReply, ...errors(400, 429, 500), 503: Type.Ref('ErrorBody', { description: 'The customer account is missing' }) },
      },
      bodyLimit: 16 * 1024,
    },
    async () => {
      const reply = await openSessionFor(app.db, PORTAL_CUSTOMER, { ...opts.identity, absoluteHours: opts.identity.sessionAbsoluteHours });
      if (!reply) throw new HttpError(503, { code: 1100, message: 'The customer account is missing' });
      return reply;
    },
  );
};
export default tokenApi;
