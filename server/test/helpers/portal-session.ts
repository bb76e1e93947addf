import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { aesEncrypt } from '../../src/crypto/aes';
import { loginAs } from './login';

export interface PortalSession {
  /** The customer account's session headers (from beforeAll on). */
  readonly headers: Record<string, string>;
  /** The portal's call as it goes over the wire: the JSON body AES-encrypted with the access token (§9). */
  save(body: unknown, appRefId?: string): Promise<LightMyRequestResponse>;
  /** A new single personal-loan application started on the portal: its id and appRefId. */
  start(): Promise<{ id: string; ref: string }>;
}

/**
 * The portal's customer session (the built-in portal-customer account) on a file's app, for files that drive the
 * applicant's side: logs in in its own beforeAll (register it after the app's set-up, e.g. staffApp).
 */
export function portalSession(s: { readonly app: FastifyInstance }): PortalSession {
  let session: { headers: Record<string, string>; token: string } | undefined;
  const current = () => {
    if (!session) throw new Error('portalSession: logged in from beforeAll on');
    return session;
  };
  beforeAll(async () => {
    const customer = await loginAs(s.app, 'portal-customer');
    session = { headers: customer.headers, token: customer.session.access_token };
  });
  const save = (body: unknown, appRefId?: string) =>
    s.app.inject({
      method: 'POST', url: '/v3/application/consumer/save_or_update',
      headers: { ...current().headers, ...(appRefId ? { appRefId } : {}), 'content-type': 'application/json', 'x-lendline-encrypted': 'aes-cbc' },
      payload: { data: aesEncrypt(JSON.stringify(body), current().token) },
    });
  return {
    get headers() {
      return current().headers;
    },
    save,
    async start() {
      const res = await save({ product_code: 'PL', existing_or_new_customer: 'new', singleORjoint: 'Single', source_id: 'web' });
      expect(res.statusCode).toBe(201);
      return { id: res.json().data.application_id, ref: res.json().appRefId };
    },
  };
}
