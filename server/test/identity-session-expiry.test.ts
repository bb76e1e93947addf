import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { purgeExpiredCustomerSessions } from '../src/identity/sessions';

// getToken opens a customer-portal session per visit: the ones past their end or revoked are deleted (with their
// refresh tokens) by a timer, and answer like any dead session. Staff sessions stay.

const t = testAppWith({ SESSION_CLEANUP_INTERVAL_SECONDS: '1' });

const exists = async (sessionId: string) =>
  (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM sessions WHERE session_id = $1`, [sessionId])).rows[0].n === 1;
const refreshTokens = async (sessionId: string) =>
  (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM refresh_tokens WHERE session_id = $1`, [sessionId])).rows[0].n;
const expire = (s: LoggedIn) => t.app.db.query(`UPDATE sessions SET access_expires_at = now() - interval '2 seconds', expires_at = now() - interval '1 second' WHERE session_id = $1`, [s.session.sessionid]);
const call = (s: LoggedIn) => t.app.inject({ method: 'GET', url: '/v3/users/roles', headers: s.headers });
const refresh = (s: LoggedIn) => t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token: s.session.refresh_token } });

describe(`customer session expiry on ${dbKind()}`, () => {
  test('expired and revoked customer sessions are deleted; live ones and staff sessions stay', async () => {
    const live = await loginAs(t.app, 'portal-customer');
    const expired = await loginAs(t.app, 'portal-customer');
    const loggedOut = await loginAs(t.app, 'portal-customer');
    const staffExpired = await loginAs(t.app, 'cpa1');
    await expire(expired);
    await expire(staffExpired);
    expect((await t.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: loggedOut.session.refresh_token } })).statusCode).toBe(200);

    // (The 1-second timer may get there first: what counts is what is left.)
    await purgeExpiredCustomerSessions(t.app.db);
    expect(await exists(expired.session.sessionid)).toBe(false);
    expect(await refreshTokens(expired.session.sessionid)).toBe(0);
    expect(await exists(loggedOut.session.sessionid)).toBe(false);
    expect(await exists(live.session.sessionid)).toBe(true);
    expect(await exists(staffExpired.session.sessionid)).toBe(true);

    // A deleted session answers as a dead one always did.
    expect((await call(expired)).statusCode).toBe(401);
    const again = await refresh(expired);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ error: 'Invalid user', code: 401, message: 'Invalid user' });
    expect((await call(live)).statusCode).not.toBe(401);
    expect((await refresh(live)).statusCode).toBe(200);
  });

  test('the timer deletes them without being asked (every SESSION_CLEANUP_INTERVAL_SECONDS)', async () => {
    const s = await loginAs(t.app, 'portal-customer');
    await expire(s);
    const deadline = Date.now() + 5000;
    while ((await exists(s.session.sessionid)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    expect(await exists(s.session.sessionid)).toBe(false);
  });

  test('cleanUpIdentity runs a pass on demand and reports what it deleted', async () => {
    const s = await loginAs(t.app, 'portal-customer');
    await expire(s);
    await t.app.db.query(`INSERT INTO login_failures (user_name, attempts, window_started_at) VALUES ('old-guess', 1, now() - interval '1 day')`);
    const done = await t.app.cleanUpIdentity();
    expect(done).toEqual({ sessions: expect.any(Number), loginFailures: expect.any(Number), drafts: expect.any(Number) });
    expect(await exists(s.session.sessionid)).toBe(false);
    expect((await t.app.db.query(`SELECT 1 FROM login_failures WHERE user_name = 'old-guess'`)).rows).toEqual([]);
  });
});
