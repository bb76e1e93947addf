import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { isStaff } from '../../domain/current-user';
import { APP_REF_HEADER, assertCustomerHolds, resolveAppRef } from '../../domain/portal/customer-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The application this route reads or writes (undefined when it names none, e.g. a portal create): a
     * customer caller must present that application's appRefId (domain/portal/customer-access.ts).
     */
    customerApplication?: (request: FastifyRequest) => string | undefined;
  }
}

/**
 * For customer callers only: resolves the appRefId header once per request (after auth, decryption and schema
 * validation), then refuses with 403 'This application is not yours' a route whose customerApplication is not
 * the one the reference opens. Staff requests pass untouched.
 */
export default fp(
  async (app) => {
    app.addHook('preHandler', async (request) => {
      const user = request.user;
      if (!user || isStaff(user)) return;
      await resolveAppRef(app.db, user, request.headers[APP_REF_HEADER.toLowerCase()]);
      const applicationId = request.routeOptions.config.customerApplication?.(request);
      if (applicationId !== undefined) assertCustomerHolds(user, applicationId);
    });
  },
  { name: 'customer-access', dependencies: ['auth', 'encryption'] },
);
