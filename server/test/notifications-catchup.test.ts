import { io as connect, type Socket } from 'socket.io-client';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Db } from '../src/db/db';
import { notify } from '../src/domain/applications/notify';
import { publishNotifications } from '../src/domain/notifications/bus';
import { createTestApp, type TestApp } from './helpers/test-app';
import { sameDatabase } from './helpers/same-database';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * Nothing lost: a socket that reconnects with the last notification id it saw (socket.io `auth.lastId`) is replayed
 * what was written meanwhile, oldest first, then told NEW once — after a drop, and after the server restarted on the
 * same database and port. With no lastId nothing is replayed (the client loads the list).
 */
let t: TestApp;
let restarted: FastifyInstance | null = null;
let port = 0;
let cpa2: LoggedIn;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as AddressInfo).port;
  cpa2 = await loginAs(t.app, 'cpa2');
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await restarted?.close();
  await t.close();
});

/**
 * A client like mf-notifications': reconnects by itself, sends the last id it saw at each handshake and keeps each
 * notification once (a replay may repeat recent ones). `seen` holds this test's notifications (APP-CATCHUP) only:
 * the seed's are recent too.
 */
function client() {
  const seen: Json[] = [];
  const news: Json[] = [];
  let lastId: string | undefined;
  const s = connect(`http://127.0.0.1:${port}`, {
    path: '/socket.io', transports: ['websocket'], forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 200,
    auth: (cb) => cb({ ...cpa2.headers, ...(lastId ? { lastId } : {}) }),
  });
  sockets.push(s);
  const ids = new Set<string>();
  s.on('NOTIFICATION', (n: Json) => {
    if (ids.has(n.notificationId)) return;
    ids.add(n.notificationId);
    if (n.metadata.applicationId === 'APP-CATCHUP') seen.push(n);
    if (!lastId || BigInt(n.notificationId) > BigInt(lastId)) lastId = n.notificationId;
  });
  s.on('NEW', (n: Json) => news.push(n));
  return { s, seen, news, setLastId: (id: string) => (lastId = id) };
}
const once = <T = Json>(s: Socket, event: string) => new Promise<T>((resolve) => s.once(event, resolve));
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 30));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
}

/** Notifications for cpa2 written and published the way an action does (stored, committed, then pushed). */
async function writeFor(db: Db, count: number, at = new Date()) {
  const rows = await db.transaction((tx) =>
    notify(tx, 'APP-CATCHUP', 'bcm1', Array.from({ length: count }, (_, i) => ({ user: 'cpa2', type: 'ASSIGNED' as const, event: 'AssignedToUser' as const, text: { key: 'assigned' as const, params: { actor: 'bcm1', app: 'APP-CATCHUP', step: `Step ${i}` } } })), at),
  );
  publishNotifications(db, rows);
  return rows.map((r) => r.id);
}

describe(`catch-up after a reconnect on ${dbKind()}`, () => {
  test('a dropped socket reconnecting with its last id gets exactly what it missed, in order, and one NEW', async () => {
    const c = client();
    await once(c.s, 'connect');
    // Seen live a while ago (outside the lookback window), so it must not be replayed.
    const [first] = await writeFor(t.app.db, 1, new Date(Date.now() - 120_000));
    await until(() => c.seen.length === 1, 'the live push');
    expect(c.seen[0].notificationId).toBe(first);

    // The connection drops (transport closed, as a network loss or a proxy would); three notifications are written
    // while the client is away.
    const gone = once(c.s, 'disconnect');
    for (const s of t.app.io.of('/').sockets.values()) s.conn.close();
    await gone;
    const missed = await writeFor(t.app.db, 3, new Date(Date.now() - 120_000));
    await until(() => c.seen.length === 4, 'the replay');
    expect(c.seen.map((n) => n.notificationId)).toEqual([first, ...missed]);
    expect(c.seen[1]).toMatchObject({ recipient: 'cpa2', username: 'bcm1', messages: ['bcm1 assigned APP-CATCHUP (Step 0) to you'], metadata: { type: 'ASSIGNED', link: '/backstage/application?application_id=APP-CATCHUP' } });
    expect(c.seen[1].texts.hi).toEqual(['bcm1 ने APP-CATCHUP (Step 0) आपको सौंपा']);
    expect(c.news.at(-1)).toEqual({ notificationId: missed[2], type: 'ASSIGNED', missed: 3 });
  });

  test('after a server restart on the same database and port, the client catches up from its last id', async () => {
    const c = client();
    await once(c.s, 'connect');
    const counted = new Promise<Json>((resolve) => c.s.once('UPDATE_COUNT_RESULT', resolve));
    c.s.emit('UPDATE_COUNT', {});
    // UPDATE_COUNT tells a fresh client the newest id it has, so it can catch up even if it never got a push.
    const { data } = await counted;
    expect(data.lastId).toMatch(/^[0-9]+$/);
    c.setLastId(data.lastId);

    const gone = once(c.s, 'disconnect');
    await t.app.close();
    await gone;
    // Written by the restarted server's process before the client is back.
    restarted = await buildApp({ env: t.env, db: sameDatabase(t.app.db), seed: false, logger: false });
    await restarted.ready();
    const missed = await writeFor(restarted.db, 2, new Date(Date.now() - 120_000));
    await restarted.listen({ host: '127.0.0.1', port });
    await until(() => c.seen.length === 2, 'the replay after the restart');
    expect(c.seen.map((n) => n.notificationId)).toEqual(missed);
    expect(c.news).toEqual([{ notificationId: missed[1], type: 'ASSIGNED', missed: 2 }]);
  });

  test('rows committed recently below the last id are replayed too (commit order), a first connect replays nothing', async () => {
    const fresh = client();
    await once(fresh.s, 'connect');
    await new Promise((r) => setTimeout(r, 200));
    expect(fresh.seen).toEqual([]);
    fresh.s.close();

    // A recent row with a smaller id than the one the client saw: still sent, the client drops what it has.
    const [older, newer] = await writeFor(restarted!.db, 2);
    const c = client();
    c.setLastId(newer);
    await once(c.s, 'connect');
    await until(() => c.seen.some((n) => n.notificationId === older), 'the lookback');
    expect(c.seen.filter((n) => n.notificationId === newer)).toHaveLength(1);
    expect(c.news).toEqual([]);
  });
});
