import { createTestApp, testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { EnvError, loadEnv } from '../src/config/env';
import { RATE_LIMIT_RULES } from '../src/plugins/app/rate-limit-rules';

// Public and costly routes answer 429 (§8 body, Retry-After) past their per-client limit; other clients and other
// routes are not affected. Limits are set by URL from plugins/app/rate-limits.ts; RATE_LIMITS overrides them.

const TOO_MANY = { code: 1101, message: 'Validation Failed', data: [{ reason: expect.stringMatching(/^Too many requests; try again in \d+ seconds?$/) }] };

describe(`rate limits on ${dbKind()}`, () => {
  describe('production defaults', () => {
    const t = testAppWith();

    test('every rule found its route', () => {
      expect([...t.app.rateLimitedRoutes].sort()).toEqual(Object.keys(RATE_LIMIT_RULES).sort());
    });

    test(`login: ${RATE_LIMIT_RULES.login.max} a minute from one address, bad requests counted too; another address is not affected`, async () => {
      const login = (remoteAddress: string) => t.app.inject({ method: 'POST', url: '/v3/auth/login', remoteAddress, payload: {} });
      for (let i = 0; i < RATE_LIMIT_RULES.login.max; i++) expect((await login('10.0.0.1')).statusCode).toBe(400);
      const refused = await login('10.0.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.json().data[0].reason).toContain(`in ${retryAfter} second`);
      // The refusal is an answer like any other: security headers, no rate-limit bookkeeping headers.
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.headers['x-ratelimit-remaining']).toBeUndefined();
      expect((await login('10.0.0.2')).statusCode).toBe(400);
      // Routes without a rule are never limited.
      for (let i = 0; i < 40; i++) expect((await t.app.inject({ method: 'GET', url: '/health', remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    });
  });

  describe('with RATE_LIMITS overrides', () => {
    const t = testAppWith({ RATE_LIMITS: 'getToken=2, decryption=2, captchaChallenge=2/30, captchaValidate=1/1, otpSend=1', TRUST_PROXY: '127.0.0.1' });

    test('getToken: a refused call opens no session', async () => {
      const sessions = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions s JOIN users u USING (user_id) WHERE u.kind = 'CUSTOMER'`)).rows[0].n;
      const before = await sessions();
      const call = () => t.app.inject({ method: 'POST', url: '/tokenApi/getToken', remoteAddress: '10.1.0.1' });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(refused.json().access_token).toBeUndefined();
      expect(await sessions()).toBe(before + 2);
    });

    test('a window in seconds is honoured, and HEAD counts with GET', async () => {
      const challenge = (method: 'GET' | 'HEAD') => t.app.inject({ method, url: '/v3/captcha/challenge', remoteAddress: '10.1.0.2' });
      expect((await challenge('HEAD')).statusCode).toBe(200);
      expect((await challenge('GET')).statusCode).toBe(200);
      const refused = await challenge('GET');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(30);
    });

    test('the count starts again when its window is over', async () => {
      const validate = () => t.app.inject({ method: 'POST', url: '/v3/captcha/validateCaptcha', remoteAddress: '10.1.0.3', payload: { captchaResponse: 'x:y' } });
      expect((await validate()).statusCode).not.toBe(429);
      expect((await validate()).statusCode).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      expect((await validate()).statusCode).not.toBe(429);
    });

    test('behind a trusted proxy each client is counted by its forwarded address', async () => {
      const call = (client: string) => t.app.inject({ method: 'POST', url: '/tokenApi/getToken', remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': client } });
      for (let i = 0; i < 2; i++) expect((await call('203.0.113.7')).statusCode).toBe(200);
      expect((await call('203.0.113.7')).statusCode).toBe(429);
      expect((await call('203.0.113.8')).statusCode).toBe(200);
      // From an address that is not the trusted proxy, X-Forwarded-For is not believed.
      const direct = (client: string) => t.app.inject({ method: 'POST', url: '/tokenApi/getToken', remoteAddress: '10.3.0.1', headers: { 'x-forwarded-for': client } });
      expect((await direct('198.51.100.1')).statusCode).toBe(200);
      expect((await direct('198.51.100.2')).statusCode).toBe(200);
      expect((await direct('198.51.100.3')).statusCode).toBe(429);
    });

    test('per caller: each staff user has their own count, whatever address they share', async () => {
      const cpa1 = await loginAs(t.app, 'cpa1');
      const cpa2 = await loginAs(t.app, 'cpa2');
      const decrypt = (headers: Record<string, string>) => t.app.inject({ method: 'POST', url: '/api/decryption', headers, payload: { decryptMsg: 'not-a-link' } });
      const first = await decrypt(cpa1.headers);
      expect(first.statusCode).not.toBe(429);
      await decrypt(cpa1.headers);
      expect((await decrypt(cpa1.headers)).statusCode).toBe(429);
      expect((await decrypt(cpa2.headers)).statusCode).toBe(first.statusCode);
    });

    test('per caller: customers are counted by address, since every portal visitor shares one account', async () => {
      const a = await t.app.inject({ method: 'POST', url: '/tokenApi/getToken', remoteAddress: '10.2.0.1' });
      const b = await t.app.inject({ method: 'POST', url: '/tokenApi/getToken', remoteAddress: '10.2.0.1' });
      const send = (session: { access_token: string; sessionid: string }, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/v3/portal/otp/send', remoteAddress, headers: { access_token: session.access_token, sessionId: session.sessionid }, payload: {} });
      expect((await send(a.json(), '10.2.0.1')).statusCode).not.toBe(429);
      // A second session from the same address does not buy more.
      expect((await send(b.json(), '10.2.0.1')).statusCode).toBe(429);
      expect((await send(b.json(), '10.2.0.9')).statusCode).not.toBe(429);
    });
  });

  test('RATE_LIMIT=off: no limits', async () => {
    const t = await createTestApp({ RATE_LIMIT: 'off', RATE_LIMITS: 'getToken=1' });
    try {
      for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'POST', url: '/tokenApi/getToken' })).statusCode).toBe(200);
      expect(t.app.rateLimitedRoutes.size).toBe(0);
    } finally {
      await t.close();
    }
  });

  test('bad RATE_LIMITS and TRUST_PROXY values stop the server with a message naming them', () => {
    for (const RATE_LIMITS of ['nosuch=5', 'login=0', 'login=ten', 'login=5/0']) {
      expect(() => loadEnv({ RATE_LIMITS })).toThrow(EnvError);
      expect(() => loadEnv({ RATE_LIMITS })).toThrow(/RATE_LIMITS item/);
    }
    expect(() => loadEnv({ TRUST_PROXY: 'the proxy' })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({ RATE_LIMITS: 'login=100, getToken=5/10' }).rateLimit.overrides).toEqual({ login: { max: 100, windowSeconds: 60 }, getToken: { max: 5, windowSeconds: 10 } });
    expect(loadEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '127.0.0.1']);
  });
});
