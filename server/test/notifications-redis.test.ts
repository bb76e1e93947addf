import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import { buildApp } from '../src/app';
import { installRedisAdapter } from '../src/plugins/app/realtime-redis';
import { createTestApp, type TestApp } from './helpers/test-app';
import { sameDatabase } from './helpers/same-database';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { freePort, startRedis, type TestRedis } from './helpers/redis';
import type { Json } from './helpers/json';

/**
 * Several API processes behind one Redis (REDIS_URL): two app instances on one database, each listening on loopback
 * with the socket.io Redis adapter, a real redis-server between them. A push or a LOGOUT made by instance A reaches a
 * socket held by instance B; Redis going away leaves HTTP working and /health saying so. redis-server must be
 * installed (.ci/run installs it): without it this file fails rather than skips.
 */
let redis: TestRedis;
let a: TestApp;
let b: FastifyInstance;
const urls: Record<'a' | 'b', string> = { a: '', b: '' };
const logins: Record<string, LoggedIn> = {};
const sockets: Socket[] = [];

const urlOf = (app: FastifyInstance) => `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

beforeAll(async () => {
  redis = await startRedis();
  a = await createTestApp({ REDIS_URL: redis.url });
  b = await buildApp({ env: a.env, db: sameDatabase(a.app.db), seed: false, logger: false });
  await a.app.listen({ host: '127.0.0.1', port: 0 });
  await b.listen({ host: '127.0.0.1', port: 0 });
  urls.a = urlOf(a.app);
  urls.b = urlOf(b);
  for (const u of ['cpa1', 'cpa2', 'bcm1']) logins[u] = await loginAs(a.app, u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await b?.close();
  await a?.close();
  await redis?.stop();
});

/** The next `event` on the socket that `wanted` accepts (fails after 3 s). */
function next<T = Json>(s: Socket, event: string, wanted: (payload: T) => boolean = () => true): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 3 s`)), 3000);
    const listener = (payload: T) => {
      if (!wanted(payload)) return;
      clearTimeout(timer);
      s.off(event, listener);
      resolve(payload);
    };
    s.on(event, listener);
  });
}
/** A push about an assignment of `id` (the release before it also pushes, to the team). */
const assignedOf = (id: string) => (n: Json) => n.metadata?.type === 'ASSIGNED' && n.metadata.applicationId === id;
async function connectedTo(instance: 'a' | 'b', login: LoggedIn): Promise<Socket> {
  const s = connect(urls[instance], { path: '/socket.io', transports: ['websocket'], auth: login.headers, reconnection: false, forceNew: true });
  sockets.push(s);
  await next(s, 'connect');
  return s;
}
/** An HTTP call to instance A. */
async function callA(user: string, method: 'GET' | 'POST', path: string, payload?: Json) {
  const res = await a.app.inject({ method, url: path, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
/** An application of cpa1 released to CPA-NORTH's queue, through A; returns its id. */
async function released(): Promise<string> {
  const created = await callA('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Redis', lastName: 'Test', mobile: '9876543210', email: 'r@example.in' }], customFields: { loanAmount: 300000 } });
  expect(created.status).toBe(201);
  const id = created.body.data.application_id as string;
  expect((await callA('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: 1 })).status).toBe(200);
  return id;
}
const health = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/health' });
  return { status: res.statusCode, body: res.json() as Json };
};

describe(`notifications across two instances through Redis, on ${dbKind()}`, () => {
  test('both instances report the Redis adapter in /health', async () => {
    for (const app of [a.app, b]) expect(await health(app)).toMatchObject({ status: 200, body: { status: 'ok', realtime: 'redis:ok' } });
  });

  test('an assignment made through A pushes NOTIFICATION and NEW to the assignee socket held by B', async () => {
    const cpa2 = await connectedTo('b', logins.cpa2);
    // The socket lives on B only: A has no socket of its own in cpa2's room.
    expect(await a.app.io.local.in('user:cpa2').fetchSockets()).toHaveLength(0);
    expect((await b.io.local.in('user:cpa2').fetchSockets()).map((s) => s.id)).toEqual([cpa2.id]);
    const id = await released();
    const notification = next(cpa2, 'NOTIFICATION', assignedOf(id));
    const fresh = next(cpa2, 'NEW', (p) => p.type === 'ASSIGNED');
    expect((await callA('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' })).status).toBe(200);
    const n = await notification;
    expect(n).toMatchObject({ recipient: 'cpa2', status: '0', isCounted: false, username: 'bcm1', metadata: { type: 'ASSIGNED', event: 'AssignedToUser', applicationId: id } });
    expect(await fresh).toEqual({ notificationId: n.notificationId, type: 'ASSIGNED' });
    // Stored before it was pushed, once.
    expect((await a.app.db.query(`SELECT username FROM notifications WHERE id = $1::bigint`, [n.notificationId])).rows).toEqual([{ username: 'cpa2' }]);
  });

  test('a logout through A sends LOGOUT to the session socket on B, then disconnects it; other sessions stay', async () => {
    const doomedLogin = await loginAs(a.app, 'cpa2');
    const doomed = await connectedTo('b', doomedLogin);
    const other = await connectedTo('b', logins.cpa2);
    const order: string[] = [];
    const logout = next(doomed, 'LOGOUT').then((p) => (order.push('LOGOUT'), p));
    const gone = next(doomed, 'disconnect').then((reason) => (order.push('disconnect'), reason));
    const res = await a.app.inject({ method: 'POST', url: '/v3/auth/logout', headers: { refresh_token: doomedLogin.session.refresh_token } });
    expect(res.statusCode).toBe(200);
    expect(await logout).toEqual({ reason: 'logout', message: 'Session expired. Please login again.' });
    expect(await gone).toBe('io server disconnect');
    expect(order).toEqual(['LOGOUT', 'disconnect']);
    expect(other.connected).toBe(true);
  });

  test('Redis going away: HTTP keeps answering, /health says redis:down, local sockets still get their pushes', async () => {
    const cpa2OnA = await connectedTo('a', logins.cpa2);
    await redis.stop();
    let seen: Json | undefined;
    for (let i = 0; i < 60 && seen?.realtime !== 'redis:down'; i++) {
      seen = (await health(a.app)).body;
      if (seen.realtime !== 'redis:down') await new Promise((r) => setTimeout(r, 50));
    }
    expect(await health(a.app)).toMatchObject({ status: 200, body: { status: 'ok', realtime: 'redis:down' } });
    const id = await released();
    const notification = next(cpa2OnA, 'NOTIFICATION', assignedOf(id));
    expect((await callA('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' })).status).toBe(200);
    expect(await notification).toMatchObject({ recipient: 'cpa2', metadata: { type: 'ASSIGNED', applicationId: id } });
    expect((await b.inject({ method: 'GET', url: '/v3/notification/list', headers: logins.cpa2.headers })).statusCode).toBe(200);
    expect(await health(b)).toMatchObject({ status: 200, body: { realtime: 'redis:down' } });
  });

  test('a server whose REDIS_URL does not answer refuses to start, naming it', async () => {
    await expect(installRedisAdapter(new Server(), `redis://127.0.0.1:${await freePort()}`, a.app.log, 300)).rejects.toThrow('REDIS_URL: Redis did not answer within 300 ms');
  });
});
