import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';

/**
 * A session follows activity: every refresh pushes both the access token's and the session's own end to "from now",
 * and a bank's optional absolute limit (SESSION_ABSOLUTE_HOURS, counted from sign-in) caps both. Keys of unsaved
 * edits kept on the device are answered to the same user's next session once (docs/identity.md).
 */
const t = testAppWith({ REFRESH_TTL_SECONDS: '3600', SESSION_ABSOLUTE_HOURS: '8' });

const refresh = (refresh_token: string) => t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token } });
const me = (who: { access_token: string; sessionid: string }) => t.app.inject({ method: 'GET', url: '/v3/users/roles', headers: { access_token: who.access_token, sessionId: who.sessionid } });
const draftKeys = (who: LoggedIn, sessions: string[]) => t.app.inject({ method: 'POST', url: '/v3/auth/draft-keys', headers: who.headers, payload: { sessions } });
const endsOf = async (sessionId: string) =>
  (await t.app.db.query<{ expires_at: Date; access_expires_at: Date }>(`SELECT expires_at, access_expires_at FROM sessions WHERE session_id = $1`, [sessionId])).rows[0];
const signedInAgo = (sessionId: string, seconds: number) =>
  t.app.db.query(`UPDATE sessions SET created_at = now() - make_interval(secs => $2) WHERE session_id = $1`, [sessionId, seconds]);

describe(`sliding session on ${dbKind()}`, () => {
  test('a refresh moves the session end to a full REFRESH_TTL from now, also past the first one', async () => {
    const { session } = await loginAs(t.app, 'cpa1');
    // Two hours of activity: the refresh end set at sign-in (1 h) is long past its first value.
    await signedInAgo(session.sessionid, 7200);
    await t.app.db.query(`UPDATE sessions SET expires_at = now() + interval '5 seconds' WHERE session_id = $1`, [session.sessionid]);
    const before = Date.now();
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next).toMatchObject({ sessionid: session.sessionid, expires_in: 900, error: null });
    expect(Math.abs(next.expiry_time - (before + 900_000))).toBeLessThan(10_000);
    const ends = await endsOf(session.sessionid);
    expect(Math.abs(ends.expires_at.getTime() - (before + 3600_000))).toBeLessThan(10_000);
    expect((await me(next)).statusCode).toBe(200);
  });

  test('near the absolute limit a refresh gives only the time left, and the token stops there', async () => {
    const { session } = await loginAs(t.app, 'bcm1');
    await signedInAgo(session.sessionid, 8 * 3600 - 60);
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.expires_in).toBeGreaterThan(40);
    expect(next.expires_in).toBeLessThanOrEqual(60);
    const ends = await endsOf(session.sessionid);
    expect(ends.access_expires_at.getTime()).toBe(next.expiry_time);
    expect(ends.expires_at.getTime()).toBeLessThanOrEqual(next.expiry_time);
  });

  test('past the absolute limit the refresh answers "Invalid user" and the session is over', async () => {
    const { session } = await loginAs(t.app, 'cpa2');
    await signedInAgo(session.sessionid, 8 * 3600 + 1);
    const res = await refresh(session.refresh_token);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'Invalid user' });
    expect((await me(session)).statusCode).toBe(401);
    const { rows } = await t.app.db.query<{ revoked_reason: string }>(`SELECT revoked_reason FROM sessions WHERE session_id = $1`, [session.sessionid]);
    expect(rows[0].revoked_reason).toBe('absolute limit');
  });

  test('a new sign-in within the absolute limit is not cut by it', async () => {
    const { session } = await loginAs(t.app, 'cpa1');
    expect(session.expires_in).toBe(900);
  });
});

describe(`draft keys on ${dbKind()}`, () => {
  test("an earlier session's key goes to the same user's next session once, never to another user", async () => {
    const first = await loginAs(t.app, 'cpa1');
    const own = await draftKeys(first, []);
    expect(own.statusCode).toBe(200);
    const k1 = own.json().key as string;
    expect(k1.length).toBeGreaterThanOrEqual(32);
    expect(own.json().previous).toEqual([]);
    await t.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: first.session.refresh_token } });

    // Another user presenting that session id learns nothing, and does not spend the key.
    const other = await loginAs(t.app, 'bcm1');
    const theirs = await draftKeys(other, [first.session.sessionid]);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().previous).toEqual([]);
    expect(theirs.json().key).not.toBe(k1);

    const again = await loginAs(t.app, 'cpa1');
    const back = (await draftKeys(again, [first.session.sessionid, 'no-such-session'])).json();
    expect(back.previous).toEqual([{ sessionid: first.session.sessionid, key: k1 }]);
    expect(back.key).not.toBe(k1);
    // Once: the key is gone from the server.
    expect((await draftKeys(again, [first.session.sessionid])).json().previous).toEqual([]);
  });

  test('the shared customer account has no draft keys', async () => {
    const customer = await loginAs(t.app, 'portal-customer');
    expect((await draftKeys(customer, [])).statusCode).toBe(403);
  });
});
