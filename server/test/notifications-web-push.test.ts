import { statSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { notify } from '../src/domain/applications/notify';
import { publishNotifications } from '../src/domain/notifications/bus';
import { VAPID_FILE } from '../src/domain/notifications/web-push';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { startPushReceiver } from './helpers/push-receiver';
import type { Json } from './helpers/json';

/**
 * Web Push against a push service on loopback (test/helpers/push-receiver.ts decrypts each message with the
 * subscription's private key and checks its VAPID signature): subscribing (only oneself, a bounded body, a known
 * push service), a message for a user with no open socket and none for one who has a socket, the text in the
 * subscription's language, a dead subscription (410) removed, the VAPID keys created once in DATA_DIR.
 */
let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
const logins: Record<string, LoggedIn> = {};
const sockets: Socket[] = [];

beforeAll(async () => {
  receiver = await startPushReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = receiver.allowHost; // loopback on a test port: the outbound guard's opt-in
  t = await createTestApp({ WEB_PUSH_ALLOWED_HOSTS: '127.0.0.1', WEB_PUSH_SUBJECT: 'mailto:ops@bank.example', WEB_PUSH_CA_FILE: receiver.caFile });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'viewer1']) logins[u] = await loginAs(t.app, u);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
  await receiver.close();
});

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const subscribe = (user: string, body: Json) => call(user, 'POST', '/v3/notification/subscription', body);
/** A notification for `user`, written and published the way an action does; resolves when Web Push is done. */
async function notifyUser(user: string, text = { key: 'assigned' as const, params: { actor: 'bcm1', app: 'APP-PUSH', step: 'Data entry' } }) {
  const rows = await t.app.db.transaction((tx) => notify(tx, 'APP-PUSH', 'bcm1', [{ user, type: 'ASSIGNED', event: 'AssignedToUser', text }], new Date()));
  publishNotifications(t.app.db, rows);
  return { id: rows[0].id, outcomes: await t.app.webPushIdle() };
}

describe(`Web Push on ${dbKind()}`, () => {
  test('the VAPID key pair is created once in DATA_DIR, private to the server, and its public key is served', async () => {
    const file = join(t.env.dataDir, VAPID_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const keys = JSON.parse(readFileSync(file, 'utf8'));
    const res = await call('cpa1', 'GET', '/v3/notification/vapidPublicKey');
    expect(res).toEqual({ status: 200, body: { data: { publicKey: keys.publicKey } } });
    expect((await call('viewer1', 'GET', '/v3/notification/vapidPublicKey')).status).toBe(403);
  });

  test('subscribing: only oneself, a known push service, a bounded body; §8 bodies otherwise', async () => {
    const sub = receiver.subscribe();
    expect(await subscribe('cpa2', { subscription: sub, userId: 'cpa1' })).toMatchObject({ status: 403, body: { data: [{ label: 'userId', reason: 'You may only subscribe yourself' }] } });
    for (const endpoint of ['https://attacker.example/collect', 'https://127.0.0.1.attacker.example/x', 'https://user:pw@127.0.0.1/x']) {
      const elsewhere = await subscribe('cpa2', { subscription: { ...sub, endpoint }, userId: 'cpa2' });
      expect(elsewhere).toMatchObject({ status: 400, body: { code: 1101, data: [{ label: 'subscription.endpoint', reason: 'The endpoint is not on a known push service' }] } });
    }
    for (const bad of [
      { subscription: { ...sub, endpoint: `${receiver.origin}/${'x'.repeat(3000)}` }, userId: 'cpa2' },
      { subscription: { ...sub, keys: { p256dh: sub.keys.p256dh, auth: '!!' } }, userId: 'cpa2' },
      { subscription: sub },
      { subscription: sub, userId: 'cpa2', lang: 'fr' },
      { subscription: { ...sub, endpoint: sub.endpoint.replace('https:', 'http:') }, userId: 'cpa2' },
    ]) {
      const res = await subscribe('cpa2', bad);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(1101);
    }
    expect((await subscribe('viewer1', { subscription: sub, userId: 'viewer1' })).status).toBe(403);
    expect((await t.app.db.query(`SELECT 1 FROM push_subscriptions`)).rows).toEqual([]);
    expect(await subscribe('cpa2', { subscription: sub, userId: 'cpa2' })).toEqual({ status: 200, body: { data: { subscribed: true, userId: 'cpa2' } } });

    // The caller reads back their own subscribed browsers; another user sees none of them.
    const mine = await call('cpa2', 'GET', '/v3/notification/subscription');
    expect(mine).toMatchObject({ status: 200, body: { data: [{ endpoint: sub.endpoint, lang: 'en' }] } });
    expect(Date.parse((mine.body.data as Json[])[0].createdAt as string)).not.toBeNaN();
    expect(await call('cpa1', 'GET', '/v3/notification/subscription')).toEqual({ status: 200, body: { data: [] } });
    expect((await call('viewer1', 'GET', '/v3/notification/subscription')).status).toBe(403);
  });

  test('a user with no open socket gets a real Web Push message in their language; with a socket open, none', async () => {
    const en = receiver.subscribe();
    const hi = receiver.subscribe();
    expect((await subscribe('cpa1', { subscription: en, userId: 'cpa1' })).status).toBe(200);
    expect((await subscribe('cpa1', { subscription: hi, userId: 'cpa1', lang: 'hi' })).status).toBe(200);
    const { id, outcomes } = await notifyUser('cpa1');
    expect(outcomes).toEqual(['sent', 'sent']);
    expect(receiver.errors).toEqual([]);
    const got = receiver.received.filter((r) => r.payload.notificationId === id);
    const key = JSON.parse(readFileSync(join(t.env.dataDir, VAPID_FILE), 'utf8')).publicKey;
    expect(got.find((r) => r.endpoint === en.endpoint)).toEqual({
      endpoint: en.endpoint, ttl: '86400', vapidKey: key,
      payload: { title: 'You have new notification', lang: 'en', body: 'bcm1 assigned APP-PUSH (Data entry) to you', url: '/backstage/application?application_id=APP-PUSH', notificationId: id, type: 'ASSIGNED' },
    });
    expect(got.find((r) => r.endpoint === hi.endpoint)!.payload).toMatchObject({ title: 'आपके लिए नई सूचना है', lang: 'hi', body: 'bcm1 ने APP-PUSH (Data entry) आपको सौंपा' });

    // cpa1 opens the app: the socket gets the notification, no push is sent.
    const s = connect(`http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, { path: '/socket.io', transports: ['websocket'], auth: logins.cpa1.headers, forceNew: true, reconnection: false });
    sockets.push(s);
    await new Promise<void>((r) => s.once('connect', () => r()));
    const pushed = new Promise<Json>((r) => s.once('NOTIFICATION', r));
    const before = receiver.received.length;
    const second = await notifyUser('cpa1');
    expect((await pushed).notificationId).toBe(second.id);
    expect(second.outcomes).toEqual([]);
    expect(receiver.received.length).toBe(before);
    s.close();
  });

  test('a subscription the push service says is gone (410) is removed; the others still get theirs', async () => {
    const alive = receiver.subscribe();
    const dead = receiver.subscribe();
    for (const sub of [alive, dead]) expect((await subscribe('bcm1', { subscription: sub, userId: 'bcm1' })).status).toBe(200);
    receiver.expire(dead.endpoint);
    const { outcomes } = await notifyUser('bcm1');
    expect(outcomes.sort()).toEqual(['gone', 'sent']);
    const left = (await t.app.db.query<Json>(`SELECT endpoint FROM push_subscriptions WHERE username = 'bcm1'`)).rows.map((r) => r.endpoint);
    expect(left).toEqual([alive.endpoint]);
  });
});
