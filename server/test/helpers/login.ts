import { constants, publicEncrypt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Password of every demo staff user (docs/identity.md). */
export const DEMO_PASSWORD = 'Demo@12345';

export interface LoginReply {
  access_token: string;
  refresh_token: string;
  sessionid: string;
  expiry_time: number;
  expires_in: number;
  user: { userId: string; userName: string; roles: string[]; teams: { id: string; name: string; type: string }[]; [k: string]: unknown };
}

export interface LoggedIn {
  /** Spread into app.inject({ headers }) for an authenticated call. */
  headers: { access_token: string; sessionId: string };
  session: LoginReply;
}

/** The password as the shell sends it: base64 RSA-OAEP (SHA-256) under GET /v3/auth/public-key. */
export async function encryptPassword(app: FastifyInstance, password: string): Promise<string> {
  const res = await app.inject({ method: 'GET', url: '/v3/auth/public-key' });
  const { publicKey } = res.json() as { publicKey: string };
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(password, 'utf8')).toString('base64');
}

/**
 * Logs a demo user in through the real login route (RSA-encrypted password) and returns the
 * session headers. `portal-customer` gets its session from POST /tokenApi/getToken instead.
 */
export async function loginAs(app: FastifyInstance, userName: string, password = DEMO_PASSWORD): Promise<LoggedIn> {
  const res =
    userName === 'portal-customer'
      ? await app.inject({ method: 'POST', url: '/tokenApi/getToken' })
      : await app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username: userName, password: await encryptPassword(app, password) } });
  if (res.statusCode !== 200) throw new Error(`login as ${userName} failed: ${res.statusCode} ${res.body}`);
  const session = res.json() as LoginReply;
  return { headers: { access_token: session.access_token, sessionId: session.sessionid }, session };
}
