import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/** GET /v3/notification/list: the caller's own and their teams' notifications, newest first, keyset pages. */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa2', 'bh1', 'viewer1', 'portal-customer']) headers[u] = (await loginAs(t.app, u)).headers;
  // Written straight into the table, in this order, instead of the demo's: what the list shows does not depend on
  // which action wrote them.
  await t.app.db.query(`DELETE FROM notifications`);
  const add = async (key: string, username: string | null, team: string | null, at: string) => {
    const { rows } = await t.app.db.query<{ id: string }>(
      `INSERT INTO notifications (username, team_id, sender, type, messages, created_at) VALUES ($1, $2, 'bcm1', $3, $4, $5) RETURNING id::text AS id`,
      [username, team, username ? 'ASSIGNED' : 'TEAM', JSON.stringify([`${key} message`]), at],
    );
    ids[key] = rows[0].id;
  };
  await add('own-old', 'cpa2', null, '2026-01-01T10:00:00Z');
  await add('team', null, 'CPA-NORTH', '2026-01-02T10:00:00Z');
  await add('other-user', 'cpa1', null, '2026-01-03T10:00:00Z');
  await add('other-team', null, 'CREDIT', '2026-01-04T10:00:00Z');
  await add('own-new', 'cpa2', null, '2026-01-05T10:00:00Z');
});
afterAll(() => t.close());

async function list(user: string | null, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/v3/notification/list${query}`, headers: user ? headers[user] : {} });
  return { status: res.statusCode, body: res.json() as Json };
}

describe(`GET /v3/notification/list on ${dbKind()}`, () => {
  test("the caller's own and their teams', newest first, as §3 Notification", async () => {
    const { status, body } = await list('cpa2');
    expect(status).toBe(200);
    expect(body.data.map((n: Json) => n.messages[0])).toEqual(['own-new message', 'team message', 'own-old message']);
    expect(body.next).toBeNull();
    expect(body.data[0]).toEqual({
      _id: ids['own-new'], notificationId: ids['own-new'], createdAT: '2026-01-05T10:00:00.000Z', status: '0', isCounted: false,
      metadata: { type: 'ASSIGNED', event: null, applicationId: null, link: null }, username: 'bcm1', senderName: 'Bela Menon', recipient: 'cpa2', teamId: null,
      messages: ['own-new message'], texts: { en: ['own-new message'], hi: ['own-new message'] }, count: 1,
    });
    // bh1 is in CREDIT: the other team's, not cpa2's.
    expect((await list('bh1')).body.data.map((n: Json) => n.messages[0])).toEqual(['other-team message']);
  });

  test('filters by type and by state (the page\'s filters), with the keyset still working', async () => {
    await t.app.db.query(`UPDATE notifications SET status = '1' WHERE id = $1::bigint`, [ids['own-old']]);
    const msgs = async (q: string) => (await list('cpa2', q)).body.data.map((n: Json) => n.messages[0]);
    expect(await msgs('?type=TEAM')).toEqual(['team message']);
    expect(await msgs('?type=ASSIGNED')).toEqual(['own-new message', 'own-old message']);
    expect(await msgs('?type=FOLLOWED')).toEqual([]);
    expect(await msgs('?status=1')).toEqual(['own-old message']);
    expect(await msgs('?status=0&type=ASSIGNED')).toEqual(['own-new message']);
    expect(await msgs(`?type=ASSIGNED&limit=1&before=${ids['own-new']}`)).toEqual(['own-old message']);
    for (const bad of ['?type=OTHER', '?status=2', '?lang=fr']) expect((await list('cpa2', bad)).status).toBe(400);
    await t.app.db.query(`UPDATE notifications SET status = '0' WHERE id = $1::bigint`, [ids['own-old']]);
  });

  test('pages by keyset: next is the cursor of the following page, null at the end', async () => {
    const first = await list('cpa2', '?limit=2');
    expect(first.body.data.map((n: Json) => n.notificationId)).toEqual([ids['own-new'], ids.team]);
    expect(first.body.next).toBe(ids.team);
    const second = await list('cpa2', `?limit=2&before=${first.body.next}`);
    expect(second.body.data.map((n: Json) => n.notificationId)).toEqual([ids['own-old']]);
    expect(second.body.next).toBeNull();
  });

  test('refusals: no session 401, no NOTIFICATION role 403, bad limit or cursor 400/1101', async () => {
    expect((await list(null)).status).toBe(401);
    for (const u of ['viewer1', 'portal-customer']) {
      const r = await list(u);
      expect(r.status).toBe(403);
      expect(r.body.code).toBe(1101);
    }
    for (const q of ['?limit=0', '?limit=101', '?before=abc', '?before=-1', `?before=${'9'.repeat(30)}`]) {
      const r = await list('cpa2', q);
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 1101, message: 'Validation Failed' });
    }
  });
});
