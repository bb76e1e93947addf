import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * The §7 notification socket against the app listening on loopback, with a real socket.io client: the handshake,
 * the rooms, pushes after an action commits, each client event with its *_RESULT and the §4 lifecycle in the
 * database, and LOGOUT when the session ends.
 */
let t: TestApp;
let url: string;
const logins: Record<string, LoggedIn> = {};
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'bh1', 'viewer1', 'portal-customer']) logins[u] = await loginAs(t.app, u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function open(auth: Json | undefined): Socket {
  const s = connect(url, { path: '/socket.io', transports: ['websocket'], auth, reconnection: false, forceNew: true });
  sockets.push(s);
  return s;
}
/** The next `event` on the socket (fails after 3 s). */
function next<T = Json>(s: Socket, event: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000);
    s.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}
async function connected(user: string, login = logins[user]): Promise<Socket> {
  const s = open(login.headers);
  await next(s, 'connect');
  return s;
}
async function refusedWith(auth: Json | undefined): Promise<Error & { data?: Json }> {
  return next<Error & { data?: Json }>(open(auth), 'connect_error');
}
/** Emits a client event and waits for its *_RESULT. */
async function ask(s: Socket, event: string, payload?: unknown): Promise<Json> {
  const result = next(s, `${event}_RESULT`);
  if (payload === undefined) s.emit(event);
  else s.emit(event, payload);
  return result;
}
async function call(user: string, method: 'GET' | 'POST', path: string, payload?: Json) {
  const res = await t.app.inject({ method, url: path, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const rows = async (sql: string, params: unknown[] = []) => (await t.app.db.query<Json>(sql, params)).rows;
const byId = async (id: string) => (await rows(`SELECT status, is_counted FROM notifications WHERE id = $1::bigint`, [id]))[0];

/** An application of cpa1 released to CPA-NORTH's queue (a TEAM notification), then assigned by bcm1 to cpa2. */
async function assignedToCpa2(cpa2: Socket) {
  const created = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Note', lastName: 'Test', mobile: '9876543210', email: 'n@example.in' }], customFields: { loanAmount: 250000 } });
  expect(created.status).toBe(201);
  const id = created.body.data.application_id as string;
  const teamPush = next(cpa2, 'NOTIFICATION');
  expect((await call('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: 1 })).status).toBe(200);
  const team = await teamPush;
  const notification = next(cpa2, 'NOTIFICATION');
  const fresh = next(cpa2, 'NEW');
  expect((await call('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' })).status).toBe(200);
  return { id, team, assigned: await notification, fresh: await fresh };
}

describe(`notification socket on ${dbKind()}`, () => {
  test('the handshake is refused without a session, with a dead one, and without the NOTIFICATION role', async () => {
    expect((await refusedWith(undefined)).message).toBe('Unauthorized');
    const bad = await refusedWith({ access_token: 'x'.repeat(40), sessionId: logins.cpa2.headers.sessionId });
    expect(bad.message).toBe('Unauthorized');
    expect(bad.data).toEqual({ code: 401, message: 'Unauthorized' });
    for (const u of ['viewer1', 'portal-customer']) {
      const refused = await refusedWith(logins[u].headers);
      expect(refused.message).toBe('Forbidden');
      expect(refused.data).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'NOTIFICATION', reason: 'Notifications need the NOTIFICATION role' }] });
    }
  });

  test('the session may also come in the §7 headers; the socket joins its user, team and session rooms', async () => {
    const s = connect(url, { path: '/socket.io', transports: ['polling'], extraHeaders: logins.bh1.headers, reconnection: false, forceNew: true });
    sockets.push(s);
    await next(s, 'connect');
    const rooms = (await t.app.io.fetchSockets()).find((x) => x.id === s.id)!.rooms;
    expect([...rooms].sort()).toEqual([s.id, 'session:' + logins.bh1.headers.sessionId, 'team:APPROVAL', 'team:BR-SOUTH', 'team:CREDIT', 'user:bh1'].sort());
    s.close();
  });

  test('an action pushes NOTIFICATION and NEW to the recipient after it committed; others get nothing of it', async () => {
    const cpa2 = await connected('cpa2');
    const bh1 = await connected('bh1');
    const bh1Got: Json[] = [];
    bh1.on('NOTIFICATION', (n: Json) => bh1Got.push(n));
    const { id, team, assigned, fresh } = await assignedToCpa2(cpa2);
    expect(team).toMatchObject({ teamId: 'CPA-NORTH', recipient: null, status: '0', isCounted: false, username: 'cpa1', metadata: { type: 'TEAM', event: 'AssignedToTeam', applicationId: id } });
    expect(assigned).toMatchObject({ recipient: 'cpa2', teamId: null, status: '0', isCounted: false, username: 'bcm1', messages: [expect.stringContaining(`${id} (`)], count: 1, metadata: { type: 'ASSIGNED', event: 'AssignedToUser', applicationId: id } });
    expect(assigned._id).toBe(assigned.notificationId);
    expect(fresh).toEqual({ notificationId: assigned.notificationId, type: 'ASSIGNED' });
    // Stored before it was pushed.
    expect(await byId(assigned.notificationId)).toEqual({ status: '0', is_counted: false });
    // A refused action writes nothing and pushes nothing.
    const before = (await rows(`SELECT count(*)::int AS n FROM notifications`))[0].n;
    expect((await call('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: 3, userName: 'cpa1' })).status).toBe(400);
    expect((await rows(`SELECT count(*)::int AS n FROM notifications`))[0].n).toBe(before);
    expect(bh1Got).toEqual([]);
  });

  test('raising a query (case work) pushes NEW to the user who must answer it, after it committed', async () => {
    const cpa2 = await connected('cpa2');
    const { id } = await assignedToCpa2(cpa2);
    const { ver_num } = (await rows(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]))[0];
    const pushed = next(cpa2, 'NOTIFICATION');
    const fresh = next(cpa2, 'NEW');
    const raised = await call('cpa2', 'POST', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: ver_num, subject: 'Bank statement for March?', assignedTo: 'cpa1' });
    expect(raised.status).toBe(200);
    // cpa1 must act: cpa2's own query is not pushed back to cpa2; cpa1's socket gets it.
    const cpa1 = await connected('cpa1');
    const toCpa1 = next(cpa1, 'NEW');
    const again = await call('cpa2', 'POST', '/v3/taskconfigs/addCommentToTask', { application_id: id, verNum: raised.body.application.verNum, subTaskId: raised.body.data.subTaskId, comment: 'Also April' });
    expect(again.status).toBe(200);
    const n = await toCpa1;
    const stored = await rows(`SELECT id::text AS id FROM notifications WHERE id = $1::bigint AND username = 'cpa1'`, [n.notificationId]);
    expect(stored).toHaveLength(1);
    await expect(Promise.race([fresh, pushed].map((p) => p.then((v) => v)))).rejects.toThrow(/within 3 s/);
  });

  test('the lifecycle: counted, viewed, unread again, deleted; count by user; each answered by its *_RESULT', async () => {
    const cpa2 = await connected('cpa2');
    const { assigned, team } = await assignedToCpa2(cpa2);
    const id = assigned.notificationId as string;

    const counted = await ask(cpa2, 'UPDATE_COUNT');
    expect(counted.data.count).toBeGreaterThanOrEqual(2); // at least the team's and the assignment
    // Counted for cpa2: their own rows in place, their teams' as cpa2's own state (the other members' untouched).
    expect(await rows(`SELECT id FROM notifications WHERE username = 'cpa2' AND NOT is_counted`)).toEqual([]);
    expect(await rows(
      `SELECT n.id FROM notifications n LEFT JOIN notification_user_state s ON s.notification_id = n.id AND s.username = 'cpa2'
        WHERE n.team_id IN ('BR-NORTH', 'CPA-NORTH') AND NOT COALESCE(s.is_counted, n.is_counted)`,
    )).toEqual([]);
    expect((await ask(cpa2, 'UPDATE_COUNT', {})).data.count).toBe(0);

    const viewed = await ask(cpa2, 'UPDATE_VIEW', { notificationId: id });
    expect(viewed.data).toMatchObject({ notificationId: id, status: '1', isCounted: true });
    expect(await byId(id)).toEqual({ status: '1', is_counted: true });
    const unread = await ask(cpa2, 'UPDATE_UNREAD', { notificationId: Number(id) });
    expect(unread.data).toMatchObject({ notificationId: id, status: '0' });
    expect(await byId(id)).toEqual({ status: '0', is_counted: true });

    await ask(cpa2, 'UPDATE_VIEW', { notificationId: team.notificationId });
    const all = await ask(cpa2, 'UPDATE_COUNT_BY_USER');
    expect(all.data).toMatchObject({ count: 0 });
    expect(all.data.updated).toBeGreaterThanOrEqual(1);
    expect(await rows(`SELECT status, is_counted FROM notification_user_state WHERE notification_id = $1::bigint AND username = 'cpa2'`, [team.notificationId]))
      .toEqual([{ status: '0', is_counted: true }]);

    expect(await ask(cpa2, 'DELETE_NOTIFICATION', { notificationId: id })).toEqual({ data: { notificationId: id } });
    expect(await byId(id)).toBeUndefined();
    expect(await ask(cpa2, 'DELETE_NOTIFICATION', { notificationId: id })).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'notificationId', reason: 'Notification not found' }] });
  });

  test('bad payloads are answered with a §8 body and the socket keeps working', async () => {
    const s = await connected('cpa1');
    for (const [event, payload] of [
      ['UPDATE_VIEW', {}], ['UPDATE_VIEW', { notificationId: 'abc' }], ['UPDATE_UNREAD', 'x'], ['DELETE_NOTIFICATION', { notificationId: -1 }],
      ['DELETE_NOTIFICATION', { notificationId: '9'.repeat(40) }], ['UPDATE_COUNT', { extra: 1 }], ['UPDATE_COUNT_BY_USER', [1, 2]], ['UPDATE_VIEW', null],
    ] as const) {
      const reply = await ask(s, event, payload);
      expect(reply).toMatchObject({ code: 1101, message: 'Validation Failed' });
      expect(reply.data.length).toBeGreaterThan(0);
      expect(typeof reply.data[0].reason).toBe('string');
    }
    expect(s.connected).toBe(true);
    expect((await ask(s, 'UPDATE_COUNT')).data).toEqual(expect.objectContaining({ count: expect.any(Number) }));
  });

  test("a user cannot change or delete another user's or another team's notification", async () => {
    const cpa2 = await connected('cpa2');
    const { assigned, team } = await assignedToCpa2(cpa2);
    const cpa1 = await connected('cpa1'); // same team as cpa2, but the assignment is cpa2's own
    const bh1 = await connected('bh1'); // neither cpa2 nor in CPA-NORTH
    const notFound = { code: 1101, message: 'Validation Failed', data: [{ label: 'notificationId', reason: 'Notification not found' }] };
    for (const [s, n] of [[cpa1, assigned], [bh1, assigned], [bh1, team]] as const) {
      const before = await byId(n.notificationId);
      expect(await ask(s, 'UPDATE_VIEW', { notificationId: n.notificationId })).toEqual(notFound);
      expect(await ask(s, 'DELETE_NOTIFICATION', { notificationId: n.notificationId })).toEqual(notFound);
      expect(await byId(n.notificationId)).toEqual(before);
    }
    // Counting by another user leaves cpa2's notification uncounted.
    await ask(bh1, 'UPDATE_COUNT_BY_USER');
    expect(await byId(assigned.notificationId)).toEqual({ status: '0', is_counted: false });
    // A team member may act on the team's notification.
    expect((await ask(cpa1, 'UPDATE_VIEW', { notificationId: team.notificationId })).data.status).toBe('1');
  });

  test('logout ends the session: its sockets receive LOGOUT and are disconnected, other sessions stay', async () => {
    const second = await loginAs(t.app, 'cpa2');
    const doomed = await connected('cpa2', second);
    const other = await connected('cpa2');
    const order: string[] = [];
    const logout = next(doomed, 'LOGOUT').then((p) => (order.push('LOGOUT'), p));
    const gone = next(doomed, 'disconnect').then((reason) => (order.push('disconnect'), reason));
    const res = await t.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: second.session.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect(await logout).toEqual({ reason: 'logout', message: 'Session expired. Please login again.' });
    expect(await gone).toBe('io server disconnect');
    expect(order).toEqual(['LOGOUT', 'disconnect']);
    expect(other.connected).toBe(true);
    // The ended session cannot connect again.
    expect((await refusedWith(second.headers)).message).toBe('Unauthorized');
  });

  test('refresh-token reuse revokes the session and drops its sockets', async () => {
    const login = await loginAs(t.app, 'cpa1');
    const s = await connected('cpa1', login);
    const refresh = (token: string) => t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token: token } });
    const first = await refresh(login.session.refresh_token);
    expect(first.statusCode).toBe(200);
    const logout = next(s, 'LOGOUT');
    const gone = next(s, 'disconnect');
    expect((await refresh(login.session.refresh_token)).statusCode).toBe(401);
    expect((await logout).reason).toBe('refresh token reuse');
    expect(await gone).toBe('io server disconnect');
  });

  test('the client LOGOUT event is answered, then the socket is closed', async () => {
    const s = await connected('bcm1');
    const gone = next(s, 'disconnect');
    expect(await ask(s, 'LOGOUT')).toEqual({ data: { loggedOut: true } });
    expect(await gone).toBe('io server disconnect');
  });
});
