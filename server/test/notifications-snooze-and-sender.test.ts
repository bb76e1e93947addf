import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * Issue 26: a user is notified only of what is theirs to act on — a snooze is the snoozer's own review date and
 * notifies nobody else (not the task's holder, not its team, not the application's followers); and a notification
 * names its sender by display name so the toast can say "APP-… assigned to you by Bela Menon".
 */
let t: TestApp;
const logins: Record<string, LoggedIn> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'cpa2', 'bcm1']) logins[u] = await loginAs(t.app, u);
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const verNum = async (id: string) => (await t.app.db.query<Json>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num as number;
async function notes(user: string, id: string) {
  const res = await call(user, 'GET', '/v3/notification/list?limit=100');
  expect(res.status).toBe(200);
  return (res.body.data as Json[]).filter((n) => n.metadata.applicationId === id);
}
async function created(): Promise<string> {
  const res = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Snooze', lastName: 'Quiet' }] });
  expect(res.status).toBe(201);
  return res.body.data.application_id;
}
const tomorrow = () => new Date(Date.now() + 86400000).toISOString();

describe(`who hears of a snooze, and who sent a notification, on ${dbKind()}`, () => {
  test("cpa1's snooze and its removal notify neither the followers (cpa2, bcm1) nor the team; a real change still does", async () => {
    const id = await created();
    for (const u of ['cpa2', 'bcm1']) expect((await call(u, 'POST', '/backstage/followApplication', { application_id: id })).status).toBe(200);
    const before = { cpa2: (await notes('cpa2', id)).length, bcm1: (await notes('bcm1', id)).length };

    const snoozed = await call('cpa1', 'POST', '/v3/taskconfigs/updateSnoozeTime', { application_id: id, verNum: await verNum(id), snoozeTime: tomorrow(), reason: 'Applicant travelling' });
    expect(snoozed.status).toBe(200);
    const removed = await call('cpa1', 'POST', '/v3/taskconfigs/removeSnoozeTime', { application_id: id, verNum: await verNum(id), reason: 'Back early' });
    expect(removed.status).toBe(200);
    expect((await notes('cpa2', id)).length).toBe(before.cpa2);
    expect((await notes('bcm1', id)).length).toBe(before.bcm1);
    const { rows } = await t.app.db.query<Json>(`SELECT count(*)::int AS n FROM notifications WHERE application_id = $1 AND sender = 'cpa1'`, [id]);
    expect(rows[0].n).toBe(0);

    // The followers are still told of what is theirs to know: cpa1 releases it to the team.
    expect((await call('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: await verNum(id) })).status).toBe(200);
    expect((await notes('bcm1', id)).length).toBeGreaterThan(before.bcm1);
  });

  test("bcm1 snoozes the task cpa2 holds: cpa2 is not told", async () => {
    const id = await created();
    expect((await call('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: await verNum(id) })).status).toBe(200);
    expect((await call('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: await verNum(id), userName: 'cpa2' })).status).toBe(200);
    const before = (await notes('cpa2', id)).length;
    const snoozed = await call('bcm1', 'POST', '/v3/taskconfigs/updateSnoozeTime', { application_id: id, verNum: await verNum(id), snoozeTime: tomorrow(), reason: 'Waiting for the valuer' });
    expect(snoozed.status).toBe(200);
    expect((await notes('cpa2', id)).length).toBe(before);
  });

  test('a notification carries its sender by display name (the list and the socket share the shape)', async () => {
    const id = await created();
    expect((await call('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: await verNum(id) })).status).toBe(200);
    expect((await call('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: await verNum(id), userName: 'cpa2' })).status).toBe(200);
    const assigned = (await notes('cpa2', id)).find((n) => n.metadata.type === 'ASSIGNED');
    expect(assigned).toMatchObject({ username: 'bcm1', senderName: 'Bela Menon', metadata: { event: 'AssignedToUser', applicationId: id } });
  });
});

describe(`mark all as read, on ${dbKind()}`, () => {
  test("POST /v3/notification/markAllRead leaves the caller nothing unread and changes no one else's", async () => {
    const id = await created();
    expect((await call('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: await verNum(id) })).status).toBe(200);
    expect((await call('bcm1', 'POST', '/v3/application/action/assign', { application_id: id, verNum: await verNum(id), userName: 'cpa2' })).status).toBe(200);
    const unreadOf = async (user: string) => (await call(user, 'GET', '/v3/notification/list?limit=100&status=0')).body.data.length as number;
    expect(await unreadOf('cpa2')).toBeGreaterThan(0);
    const bcm1Before = await unreadOf('bcm1');
    const res = await call('cpa2', 'POST', '/v3/notification/markAllRead');
    expect(res.status).toBe(200);
    expect(res.body.data.unread).toBe(0);
    expect(res.body.data.updated).toBeGreaterThan(0);
    expect(await unreadOf('cpa2')).toBe(0);
    expect(await unreadOf('bcm1')).toBe(bcm1Before);
    expect((await t.app.inject({ method: 'POST', url: '/v3/notification/markAllRead' })).statusCode).toBe(401);
  });
});
