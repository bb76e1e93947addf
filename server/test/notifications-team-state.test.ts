import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { socketClient } from './helpers/socket-client';
import type { Json } from './helpers/json';

/**
 * A team's notification is one record, but each member has their own state of it: deleting it hides it for that
 * member only, viewing it marks it viewed for that member only; the list, UPDATE_COUNT and the catch-up follow.
 */
let t: TestApp;
let sock: ReturnType<typeof socketClient>;
const logins: Record<string, LoggedIn> = {};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  sock = socketClient(t.app);
  for (const u of ['cpa1', 'cpa2', 'bcm1']) logins[u] = await loginAs(t.app, u);
});
afterAll(async () => {
  sock.closeAll();
  await t.close();
});

async function call(user: string, method: 'GET' | 'POST', path: string, payload?: Json) {
  const res = await t.app.inject({ method, url: path, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const listed = async (user: string) => ((await call(user, 'GET', '/v3/notification/list?limit=100&type=TEAM')).body.data as Json[]);
const find = async (user: string, id: string) => (await listed(user)).find((n) => n.notificationId === id);

describe(`team notifications have a state per member on ${dbKind()}`, () => {
  test('viewing and deleting a team notification changes it for that member only', async () => {
    const cpa1 = await sock.connected(logins.cpa1.headers);
    const cpa2 = await sock.connected(logins.cpa2.headers);
    const bcm1 = await sock.connected(logins.bcm1.headers);
    const created = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Team', lastName: 'State', mobile: '9876543210', email: 't@example.in' }], customFields: { loanAmount: 250000 } });
    expect(created.status).toBe(201);
    const pushed = sock.next(cpa2, 'NOTIFICATION');
    expect((await call('cpa1', 'POST', '/v3/application/action/release', { application_id: created.body.data.application_id, verNum: 1 })).status).toBe(200);
    const team = await pushed;
    expect(team).toMatchObject({ teamId: 'CPA-NORTH', recipient: null, status: '0' });
    const id = team.notificationId as string;

    // cpa1 counts and views it: viewed for cpa1, still new and unread for cpa2 and bcm1.
    const before2 = await sock.ask(cpa2, 'UPDATE_COUNT_BY_USER'); // cpa2 starts from a settled bell
    expect(before2.data.count).toBe(0);
    expect((await sock.ask(cpa1, 'UPDATE_VIEW', { notificationId: id })).data).toMatchObject({ notificationId: id, status: '1', isCounted: true });
    expect(await find('cpa1', id)).toMatchObject({ status: '1', isCounted: true });
    expect(await find('bcm1', id)).toMatchObject({ status: '0', isCounted: false });
    expect(await find('cpa2', id)).toMatchObject({ status: '0', isCounted: true });

    // cpa2 deletes it: gone from cpa2's list, count and catch-up; cpa1 and bcm1 still have it.
    const unreadBefore = (await sock.ask(cpa2, 'UPDATE_COUNT')).data.unread as number;
    expect(await sock.ask(cpa2, 'DELETE_NOTIFICATION', { notificationId: id })).toEqual({ data: { notificationId: id } });
    expect(await find('cpa2', id)).toBeUndefined();
    expect((await sock.ask(cpa2, 'UPDATE_COUNT')).data.unread).toBe(unreadBefore - 1);
    expect(await find('cpa1', id)).toMatchObject({ status: '1' });
    expect(await find('bcm1', id)).toMatchObject({ status: '0' });
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM notifications WHERE id = $1::bigint`, [id])).rows[0]).toEqual({ n: 1 });

    // Deleted for cpa2: acting on it again is "not found", and a reconnecting socket is not given it back.
    const notFound = { code: 1101, message: 'Validation Failed', data: [{ label: 'notificationId', reason: 'Notification not found' }] };
    expect(await sock.ask(cpa2, 'DELETE_NOTIFICATION', { notificationId: id })).toEqual(notFound);
    expect(await sock.ask(cpa2, 'UPDATE_VIEW', { notificationId: id })).toEqual(notFound);
    const again = sock.open({ ...logins.cpa2.headers, lastId: String(BigInt(id) - 1n) });
    const replayed: string[] = [];
    again.on('NOTIFICATION', (n: Json) => replayed.push(n.notificationId));
    await sock.next(again, 'connect');
    await sock.ask(again, 'UPDATE_COUNT');
    await new Promise((r) => setTimeout(r, 300)); // the catch-up runs beside the first event
    expect(replayed).not.toContain(id);

    // cpa2's count by user leaves the others' state alone; bcm1 deletes too, cpa1 keeps it.
    await sock.ask(cpa2, 'UPDATE_COUNT_BY_USER');
    expect(await find('cpa1', id)).toMatchObject({ status: '1' });
    expect(await sock.ask(bcm1, 'DELETE_NOTIFICATION', { notificationId: id })).toEqual({ data: { notificationId: id } });
    expect(await find('bcm1', id)).toBeUndefined();
    expect(await find('cpa1', id)).toMatchObject({ notificationId: id, status: '1' });
  });
});

describe(`the notifications area summary follows each member's state on ${dbKind()}`, () => {
  test('a team notification one member deleted is not in their summary, still in the others\'', async () => {
    const [{ id }] = (await t.app.db.query<{ id: string }>(
      `INSERT INTO notifications (username, team_id, sender, type, messages) VALUES (NULL, 'CPA-NORTH', 'system', 'TEAM', '["z"]') RETURNING id::text AS id`,
    )).rows;
    const teamTotal = async (user: string) => ((await call(user, 'GET', '/platform/areas/notifications')).body.byType as { type: string; total: number; unread: number }[]).find((r) => r.type === 'TEAM')!;
    const before1 = await teamTotal('cpa1');
    const before2 = await teamTotal('cpa2');
    const cpa2 = await sock.connected(logins.cpa2.headers);
    expect(await sock.ask(cpa2, 'DELETE_NOTIFICATION', { notificationId: id })).toEqual({ data: { notificationId: id } });
    expect(await teamTotal('cpa2')).toMatchObject({ total: before2.total - 1, unread: before2.unread - 1 });
    expect(await teamTotal('cpa1')).toEqual(before1);
  });
});
