import type { FastifyPluginAsync } from 'fastify';
import { USERS } from '@lendline/shared/contract';
import type { IdentityEnv } from '../env';
import { openSession } from '../identity/sessions';
import { findUser, publicUser } from '../identity/users';
import { PORTAL_CUSTOMER } from '../seed/identity';
import { HttpError } from '../domain/errors';
import { acceptEmptyJsonBodies } from '../http/empty-json';

/**
 * POST /tokenApi/getToken: a session for the built-in customer account (§6), which the customer
 * area asks for when no user is present. Same reply shape as login.
 */
const tokenApi: FastifyPluginAsync<{ identity: IdentityEnv }> = async (app, opts) => {
  acceptEmptyJsonBodies(app);
  app.post(USERS.tokenApiGetToken, { bodyLimit: 16 * 1024 }, async () => {
    const user = await findUser(app.db, PORTAL_CUSTOMER);
    if (!user) throw new HttpError(503, { code: 1100, message: 'The customer account is missing' });
    const tokens = await openSession(app.db, user.userId, opts.identity);
    return { ...tokens, user: publicUser(user) };
  });
};
export default tokenApi;
