import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';

const t = testAppWith();

const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token } });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/v3/users/roles', headers });
const INVALID_USER = { error: 'Invalid user', code: 401, message: 'Invalid user' };

describe(`sessions on ${dbKind()}`, () => {
  test('refresh rotates both tokens, keeps the sessionid and retires the old access token after a short grace', async () => {
    const { session, headers } = await loginAs(t.app, 'cpa1');
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next).toMatchObject({ sessionid: session.sessionid, expires_in: 900, error: null, user: { userName: 'cpa1' } });
    expect(next.access_token).not.toBe(session.access_token);
    expect(next.refresh_token).not.toBe(session.refresh_token);
    // Requests already in flight with the old token still pass for a few seconds…
    expect((await me(headers)).statusCode).toBe(200);
    // …and not once the grace is over.
    await t.app.db.query(`UPDATE sessions SET previous_access_valid_until = now() - interval '1 second' WHERE session_id = $1`, [session.sessionid]);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await me({ access_token: next.access_token, sessionId: next.sessionid })).statusCode).toBe(200);
    // and the new refresh token rotates again
    expect((await refresh(next.refresh_token)).statusCode).toBe(200);
  });

  test('reusing a rotated refresh token answers "Invalid user" and revokes the whole session', async () => {
    const { session } = await loginAs(t.app, 'bcm1');
    const rotated = (await refresh(session.refresh_token)).json();
    const reuse = await refresh(session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual(INVALID_USER);
    // the legitimate holder of the newest tokens is logged out too
    expect((await me({ access_token: rotated.access_token, sessionId: rotated.sessionid })).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).json()).toEqual(INVALID_USER);
  });

  test('an unknown refresh token answers "Invalid user"', async () => {
    const res = await refresh('not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID_USER);
  });

  test('POST /v3/auth/logout with the refresh_token header revokes the session', async () => {
    const { session, headers } = await loginAs(t.app, 'bh1');
    const res = await t.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: session.refresh_token, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).json()).toEqual(INVALID_USER);
  });

  test('POST /user/logout does the same; without a known refresh_token it answers 401', async () => {
    const { session, headers } = await loginAs(t.app, 'cpa2');
    expect((await t.app.inject({ method: 'POST', url: '/user/logout', headers: { refresh_token: session.refresh_token } })).statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/user/logout' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/user/logout', headers: { refresh_token: 'nope' } })).statusCode).toBe(401);
  });

  test('POST /v3/auth/end-session revokes the caller’s session, and only with its own refresh token', async () => {
    const other = await loginAs(t.app, 'dev1');
    const { session, headers } = await loginAs(t.app, 'dev1');
    const foreign = await t.app.inject({ method: 'POST', url: '/v3/auth/end-session', headers, payload: { refresh_token: other.session.refresh_token } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 1101, data: [{ label: 'refresh_token' }] });
    const res = await t.app.inject({ method: 'POST', url: '/v3/auth/end-session', headers, payload: { refresh_token: session.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect((await me(headers)).statusCode).toBe(401);
    expect((await refresh(session.refresh_token)).json()).toEqual(INVALID_USER);
    // the user's other session is untouched
    expect((await me(other.headers)).statusCode).toBe(200);
  });

  test('401 without headers, with a wrong token, or with another session’s id', async () => {
    const a = await loginAs(t.app, 'admin');
    const b = await loginAs(t.app, 'admin');
    const cases: Record<string, string>[] = [{}, { access_token: a.headers.access_token }, { ...a.headers, access_token: 'x'.repeat(64) }, { ...a.headers, sessionId: b.headers.sessionId }];
    for (const headers of cases) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Unauthorized' });
    }
    // debug-prefixed paths are guarded the same way
    expect((await t.app.inject({ method: 'GET', url: '/debugger/v3/users' })).statusCode).toBe(401);
  });

  test('the built-in customer may not list staff', async () => {
    const { headers } = await loginAs(t.app, 'portal-customer');
    const res = await t.app.inject({ method: 'GET', url: '/v3/users', headers });
    expect(res.statusCode).toBe(403);
    // but it holds a live session for the customer routes
    expect((await t.app.inject({ method: 'GET', url: '/v3/lead/getAllProducts', headers })).statusCode).toBe(200);
  });
});

describe('access token expiry', () => {
  const short = testAppWith({ SESSION_TTL_SECONDS: '1', REFRESH_TTL_SECONDS: '60' });

  test('an expired access token answers 401 and the refresh token still renews the session', async () => {
    const { session, headers } = await loginAs(short.app, 'cpa1');
    expect(session.expires_in).toBe(1);
    await new Promise((r) => setTimeout(r, 1200));
    expect((await short.app.inject({ method: 'GET', url: '/v3/users/roles', headers })).statusCode).toBe(401);
    const res = await short.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token: session.refresh_token } });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect((await short.app.inject({ method: 'GET', url: '/v3/users/roles', headers: { access_token: next.access_token, sessionId: next.sessionid } })).statusCode).toBe(200);
  });
});
