import type { Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { socketClient } from './helpers/socket-client';
import type { Json } from './helpers/json';

/**
 * The notification socket lives only as long as its session and token (docs/identity.md "Sockets and sessions"):
 * closed on logout, on a revoke the process only finds in the database, on session expiry and on access-token
 * expiry without a refresh (on the timer and on the next event); after a refresh it works through the grace, then
 * must be reopened with the new token. Events are throttled per socket and count updates are shared, not one
 * database write per event.
 */
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An app whose realtime plugin reads these socket settings (they are read from the environment when it registers). */
async function appWith(env: Record<string, string>, overrides: Record<string, string> = {}): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env);
  try {
    const t = await createTestApp(overrides);
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    return t;
  } finally {
    for (const [k, v] of Object.entries(saved)) if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

/** Waits for the reason the server gives and the disconnect that follows, in that order. */
async function closedWith(sock: ReturnType<typeof socketClient>, s: Socket, event: 'LOGOUT' | 'SOCKET_CLOSED', ms: number) {
  const order: string[] = [];
  const reason = sock.next(s, event, ms).then((p) => (order.push(event), p));
  const gone = sock.next<string>(s, 'disconnect', ms).then((why) => (order.push('disconnect'), why));
  const [payload, why] = await Promise.all([reason, gone]);
  expect(order).toEqual([event, 'disconnect']);
  expect(why).toBe('io server disconnect'); // a server-side close: socket.io clients do not reconnect by themselves
  return payload;
}

async function status(t: TestApp, login: LoggedIn['headers']) {
  return (await t.app.inject({ method: 'GET', url: '/v3/notification/list', headers: login })).statusCode;
}

describe(`socket bound to its session (check every second) on ${dbKind()}`, () => {
  let t: TestApp;
  let sock: ReturnType<typeof socketClient>;
  beforeAll(async () => {
    t = await appWith({ SOCKET_SESSION_CHECK_SECONDS: '1' });
    sock = socketClient(t.app);
  });
  afterAll(async () => {
    sock.closeAll();
    await t.close();
  });

  test('logout: LOGOUT, then disconnected', async () => {
    const login = await loginAs(t.app, 'cpa1');
    const s = await sock.connected(login.headers);
    const closed = closedWith(sock, s, 'LOGOUT', 3000);
    expect((await t.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: login.session.refresh_token } })).statusCode).toBe(200);
    expect(await closed).toMatchObject({ message: 'Session expired. Please login again.' });
  });

  test('a session revoked where this process does not hear it (another process, the database) is found by the timer', async () => {
    const login = await loginAs(t.app, 'cpa1');
    const s = await sock.connected(login.headers);
    const other = await sock.connected((await loginAs(t.app, 'cpa1')).headers);
    await t.app.db.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'elsewhere' WHERE session_id = $1`, [login.headers.sessionId]);
    expect(await closedWith(sock, s, 'LOGOUT', 4000)).toEqual({ reason: 'session ended', message: 'Session expired. Please login again.' });
    expect(other.connected).toBe(true);
    expect((await sock.ask(other, 'UPDATE_COUNT')).data).toEqual(expect.objectContaining({ count: expect.any(Number) }));
  });

  test('after a refresh the socket works through the grace, then is closed as TOKEN_EXPIRED; the new token opens one that receives', async () => {
    const cpa1 = await loginAs(t.app, 'cpa1');
    const login = await loginAs(t.app, 'cpa2');
    const s = await sock.connected(login.headers);
    const res = await t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token: login.session.refresh_token } });
    expect(res.statusCode).toBe(200);
    const fresh = { access_token: res.json().access_token as string, sessionId: login.headers.sessionId };

    // Within the 30 s grace the old token still works, over HTTP and on the socket, timer ticks included.
    await sleep(1500);
    expect(s.connected).toBe(true);
    expect((await sock.ask(s, 'UPDATE_COUNT')).data).toEqual(expect.objectContaining({ count: expect.any(Number) }));
    expect(await status(t, login.headers)).toBe(200);

    // The grace runs out (as 30 s later): closed with the reason, and the old token opens nothing any more.
    await t.app.db.query(`UPDATE sessions SET previous_access_valid_until = now() WHERE session_id = $1`, [login.headers.sessionId]);
    expect(await closedWith(sock, s, 'SOCKET_CLOSED', 4000)).toEqual({ reason: 'TOKEN_EXPIRED', message: expect.stringContaining('connect again with the current one') });
    expect(await status(t, login.headers)).toBe(401);
    expect((await sock.next<Error>(sock.open(login.headers), 'connect_error')).message).toBe('Unauthorized');

    // Reopened with the session's current token: it stays and receives a new notification.
    const again = await sock.connected(fresh);
    const pushed = sock.next(again, 'NOTIFICATION');
    const created = await t.app.inject({ method: 'POST', url: '/v3/application/save', headers: cpa1.headers, payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Socket', lastName: 'Refresh', mobile: '9876543210', email: 's@example.in' }], customFields: { loanAmount: 250000 } } });
    expect(created.statusCode).toBe(201);
    const released = await t.app.inject({ method: 'POST', url: '/v3/application/action/release', headers: cpa1.headers, payload: { application_id: created.json().data.application_id, verNum: 1 } });
    expect(released.statusCode).toBe(200);
    expect(await pushed).toMatchObject({ teamId: 'CPA-NORTH', metadata: { type: 'TEAM' } });
    await sleep(1500);
    expect(again.connected).toBe(true);
  });

  test('throttle: past the burst, events are answered "too many" and not run; the socket stays and recovers', async () => {
    const s = await sock.connected((await loginAs(t.app, 'cpa1')).headers);
    const replies: Json[] = [];
    s.on('UPDATE_COUNT_RESULT', (r: Json) => replies.push(r));
    for (let i = 0; i < 30; i++) s.emit('UPDATE_COUNT', {});
    for (let i = 0; i < 100 && replies.length < 30; i++) await sleep(50);
    const ok = replies.filter((r) => 'data' in r && !('code' in r)).length;
    expect(replies).toHaveLength(30);
    expect(ok).toBeGreaterThanOrEqual(20); // the burst (SOCKET_EVENT_BURST, 20)
    expect(ok).toBeLessThanOrEqual(25); // plus what refilled while they arrived (5 a second)
    expect(replies.filter((r) => r.code)).toEqual(Array(30 - ok).fill({ code: 1101, message: 'Validation Failed', data: [{ label: 'socket', reason: 'Too many events; try again in 1 second' }] }));
    await sleep(1000);
    expect(s.connected).toBe(true);
    expect((await sock.ask(s, 'UPDATE_COUNT')).data).toEqual(expect.objectContaining({ count: expect.any(Number) }));
  });

  /** Counts the statements the server sends that write notifications (wraps the app's database handle). */
  function countWrites() {
    const db = t.app.db as unknown as { query: (sql: string, params?: unknown[]) => Promise<unknown> };
    const original = db.query;
    const seen = { writes: 0, tallies: 0 };
    db.query = (sql: string, params?: unknown[]) => {
      // The server's writes of notification state (a test's own INSERT INTO notifications is not one of them).
      if (/\bUPDATE\s+notifications\b|\bINSERT INTO notification_user_state\b|\bDELETE FROM notifications\b/.test(sql)) seen.writes++;
      if (/AS uncounted/.test(sql)) seen.tallies++;
      return original.call(t.app.db, sql, params);
    };
    return { seen, restore: () => (db.query = original) };
  }

  test('2,000 UPDATE_COUNT in 8 s: a handful of writes, and the flooding socket is closed as RATE_LIMITED', async () => {
    const cpa1 = await loginAs(t.app, 'cpa1');
    const s = await sock.connected(cpa1.headers);
    const closed = closedWith(sock, s, 'SOCKET_CLOSED', 10_000);
    const { seen, restore } = countWrites();
    try {
      for (let round = 0; round < 40; round++) {
        // New notifications keep arriving for cpa1's team while the client floods.
        if (round % 10 === 0) await t.app.db.query(`INSERT INTO notifications (username, team_id, sender, type, messages) VALUES (NULL, 'CPA-NORTH', 'system', 'TEAM', '["x"]')`);
        for (let i = 0; i < 50; i++) s.emit('UPDATE_COUNT', {});
        await sleep(200);
      }
    } finally {
      restore();
    }
    expect(await closed).toEqual({ reason: 'RATE_LIMITED', message: 'Too many events on this socket: connect again later.' });
    expect(seen.writes).toBeLessThanOrEqual(2); // what was new when the few allowed counts ran, not one per event
  });

  test('UPDATE_COUNT from many sockets of one user at once shares runs: one write for what is new, few reads', async () => {
    const login = await loginAs(t.app, 'cpa2'); // ten tabs of one session
    const sockets = await Promise.all(Array.from({ length: 10 }, () => sock.connected(login.headers)));
    await sock.ask(await sock.connected(login.headers), 'UPDATE_COUNT'); // a settled bell first
    await t.app.db.query(`INSERT INTO notifications (username, sender, type, messages) VALUES ('cpa2', 'system', 'ASSIGNED', '["y"]')`);
    const { seen, restore } = countWrites();
    const replies: Json[] = [];
    try {
      for (const s of sockets) s.on('UPDATE_COUNT_RESULT', (r: Json) => replies.push(r));
      for (const s of sockets) for (let i = 0; i < 20; i++) s.emit('UPDATE_COUNT', {}); // each within its burst
      for (let i = 0; i < 200 && replies.length < 200; i++) await sleep(50);
    } finally {
      restore();
    }
    expect(replies).toHaveLength(200);
    expect(replies.every((r) => r.data && typeof r.data.unread === 'number')).toBe(true);
    expect(seen.writes).toBe(1); // the one new notification counted once
    // 200 events, shared runs: how many depends on how they interleave with the reads on a busy machine (20-ish on a
    // quiet one), so the bound is well below one per event rather than tight.
    expect(seen.tallies).toBeLessThanOrEqual(60);
    expect(Math.max(...replies.map((r) => r.data.count as number))).toBe(1);
  });
});

describe(`socket closed when its access token expires without a refresh (2 s token, no timer) on ${dbKind()}`, () => {
  let t: TestApp;
  let sock: ReturnType<typeof socketClient>;
  beforeAll(async () => {
    t = await appWith({ SOCKET_SESSION_CHECK_SECONDS: '3600' }, { SESSION_TTL_SECONDS: '2', REFRESH_TTL_SECONDS: '3600' });
    sock = socketClient(t.app);
  });
  afterAll(async () => {
    sock.closeAll();
    await t.close();
  });

  test('the next event after the expiry closes it as TOKEN_EXPIRED and is not run', async () => {
    const login = await loginAs(t.app, 'cpa1');
    const s = await sock.connected(login.headers);
    expect((await sock.ask(s, 'UPDATE_COUNT')).data).toEqual(expect.objectContaining({ count: expect.any(Number) }));
    await sleep(2300);
    expect(await status(t, login.headers)).toBe(401);
    let answered = false;
    s.on('UPDATE_COUNT_RESULT', () => (answered = true));
    const closed = closedWith(sock, s, 'SOCKET_CLOSED', 3000);
    s.emit('UPDATE_COUNT', {});
    expect(await closed).toMatchObject({ reason: 'TOKEN_EXPIRED' });
    expect(answered).toBe(false);
  });
});

describe(`socket closed when its session expires (2 s session, check every second) on ${dbKind()}`, () => {
  let t: TestApp;
  let sock: ReturnType<typeof socketClient>;
  beforeAll(async () => {
    t = await appWith({ SOCKET_SESSION_CHECK_SECONDS: '1' }, { SESSION_TTL_SECONDS: '2', REFRESH_TTL_SECONDS: '2' });
    sock = socketClient(t.app);
  });
  afterAll(async () => {
    sock.closeAll();
    await t.close();
  });

  test('without any event, the timer closes it with LOGOUT once the session is over', async () => {
    const login = await loginAs(t.app, 'cpa1');
    const s = await sock.connected(login.headers);
    const closed = closedWith(sock, s, 'LOGOUT', 5000);
    expect(await closed).toEqual({ reason: 'session ended', message: 'Session expired. Please login again.' });
    expect(await status(t, login.headers)).toBe(401);
  });
});
