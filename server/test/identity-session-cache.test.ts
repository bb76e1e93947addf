import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { cachedUser, forgetSession, rememberUser } from '../src/identity/session-cache';
import type { UserRecord } from '../src/domain/users/users';

/**
 * The auth hook's session cache (identity/session-cache.ts): it saves the session lookup on repeat
 * requests, and logout, end-session and refresh in this process still take effect at once.
 */
const t = testAppWith();

const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v3/users/roles', headers });
const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token } });

describe(`session cache on ${dbKind()}`, () => {
  test('a repeat request is answered from the cache (a direct database revoke is seen only after it expires)', async () => {
    const { session, headers } = await loginAs(t.app, 'cpa1');
    expect((await me(headers)).statusCode).toBe(200);
    // Revoked behind the server's back (as another process would): this process still trusts its
    // memo for at most a few seconds; that is the documented trade-off.
    await t.app.db.query(`UPDATE sessions SET revoked_at = now() WHERE session_id = $1`, [session.sessionid]);
    expect((await me(headers)).statusCode).toBe(200);
    // Once forgotten (what a revoke in this process does), the database answers again.
    forgetSession(session.sessionid);
    expect((await me(headers)).statusCode).toBe(401);
  });

  test('logout in this process ends the session at once, even right after a cached request', async () => {
    const { session, headers } = await loginAs(t.app, 'bh1');
    expect((await me(headers)).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: session.refresh_token, 'content-type': 'application/json' } });
    expect(out.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
  });

  test('a refresh forgets the old token: within its grace it is checked in the database every time', async () => {
    const { session, headers } = await loginAs(t.app, 'bcm1');
    expect((await me(headers)).statusCode).toBe(200);
    const next = (await refresh(session.refresh_token)).json();
    expect((await me(headers)).statusCode).toBe(200);
    await t.app.db.query(`UPDATE sessions SET previous_access_valid_until = now() - interval '1 second' WHERE session_id = $1`, [session.sessionid]);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me({ access_token: next.access_token, sessionId: next.sessionid })).statusCode).toBe(200);
  });
});

describe('session cache entries', () => {
  const user = { userName: 'u1' } as UserRecord;

  test('never outlive the access token nor the cache time', () => {
    rememberUser('S1', 'h', user, 1000 + 2000, 1000, 1000);
    expect(cachedUser('S1', 'h', 2999)).toBe(user);
    expect(cachedUser('S1', 'h', 3000)).toBeNull();
    rememberUser('S2', 'h', user, 1000 + 900000, 1000, 1000);
    expect(cachedUser('S2', 'h', 5999)).toBe(user);
    expect(cachedUser('S2', 'h', 6000)).toBeNull();
    expect(cachedUser('S2', 'other-token', 2000)).toBeNull();
  });

  test('a lookup that started before the session was forgotten is not stored', () => {
    forgetSession('S3', 5000);
    rememberUser('S3', 'h', user, 99999, 4999, 5001);
    expect(cachedUser('S3', 'h', 5002)).toBeNull();
    rememberUser('S3', 'h', user, 99999, 5001, 5002);
    expect(cachedUser('S3', 'h', 5003)).toBe(user);
    forgetSession('S3', 5004);
    expect(cachedUser('S3', 'h', 5005)).toBeNull();
  });
});
