import type { FastifyPluginAsync } from 'fastify';
import type { IdentityEnv } from '../../config/env';
import authRoutes from './auth';
import forgetPassword from './forget-password';
import tokenApi from './token-api';
import usersRoutes from './users';
import captcha from './captcha';

/** Identity (§7 Authentication and users, captcha): sign-in, sessions, users and groups. */
const identityRoutes: FastifyPluginAsync<{ identity: IdentityEnv }> = async (app, opts) => {
  await app.register(authRoutes, { identity: opts.identity });
  await app.register(forgetPassword, { identity: opts.identity });
  await app.register(tokenApi, { identity: opts.identity });
  await app.register(usersRoutes);
  await app.register(captcha, { identity: opts.identity });
};
export default identityRoutes;
