import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * GET /v3/taskconfigs/inbox (/backstage/tasks): the caller's open tasks and sub-tasks across applications, in the
 * §4 review buckets, sorted by SLA due time, keyset-paged with signed cursors.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'dev1', 'customer']) headers[u] = (await loginAs(t.app, u === 'customer' ? 'portal-customer' : u)).headers;
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const inbox = (user: string, qs = '') => call(user, 'GET', `/v3/taskconfigs/inbox${qs ? `?${qs}` : ''}`);
async function create(user = 'cpa1'): Promise<string> {
  const r = await call(user, 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Inbox', lastName: 'Case' }] });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
const verNum = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;
const curTask = async (id: string) => (await t.app.db.query<{ cur_task_id: string }>(`SELECT cur_task_id FROM applications WHERE application_id = $1`, [id])).rows[0].cur_task_id;
async function raise(id: string, to: string, subject = 'Confirm the address') {
  const r = await call('cpa1', 'POST', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: await verNum(id), subject, assignedTo: to });
  expect(r.status).toBe(200);
  return r.body.data.subTaskId as string;
}
/** Every page of a listing, following nextCursor. */
async function all(user: string, qs: string, limit: number) {
  const items: Json[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < 200; i++) {
    const r = await inbox(user, `${qs}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(r.status).toBe(200);
    items.push(...r.body.data);
    cursor = r.body.pageInfo.nextCursor;
    expect(r.body.pageInfo.hasMore).toBe(cursor !== null);
    if (!cursor) break;
  }
  return items;
}
const sortKey = (i: Json) => [i.dueAt ?? '9999', { task: 0, query: 1, approval: 2 }[i.kind as string]];

describe(`task inbox on ${dbKind()}`, () => {
  test('a query raised to bcm1 is in bcm1\'s Today at once, with its application, due time and the tab it is worked in; closing it takes it out', async () => {
    const id = await create();
    const before = await inbox('bcm1', 'kind=query&limit=100');
    expect(before.body.data.filter((i: Json) => i.application_id === id)).toEqual([]);
    const q = await raise(id, 'bcm1', 'Salary slips missing');
    const after = await inbox('bcm1', 'bucket=Today&kind=query&limit=100');
    expect(after.status).toBe(200);
    const item = after.body.data.find((i: Json) => i.application_id === id);
    const task = (await call('cpa1', 'GET', `/v3/taskconfigs/getConfigs?application_id=${id}&taskId=${await curTask(id)}`)).body.data[0];
    expect(item).toEqual({
      kind: 'query', id: q, application_id: id, applicantName: 'Inbox Case', productCode: 'PL', verNum: await verNum(id), taskId: task.taskId, title: 'Salary slips missing',
      stepName: 'Data Entry', dueAt: task.dueAt, breached: false, reviewAt: null, bucket: 'Today', heldBy: { user: 'bcm1', team: null }, raisedBy: 'cpa1',
      actions: [], tab: 'queries', sla: null, // a query has its own due time; only a task carries its application's SLA state
    });
    // Not in cpa1's (the raiser's) inbox as a query, nor in bcm1's Future.
    expect((await inbox('cpa1', 'kind=query&limit=100')).body.data.some((i: Json) => i.id === q)).toBe(false);
    expect((await inbox('bcm1', 'bucket=Future&limit=100')).body.data.some((i: Json) => i.id === q)).toBe(false);
    const closed = await call('bcm1', 'POST', '/v3/taskconfigs/closeSubTask', { application_id: id, verNum: await verNum(id), subTaskId: q, comment: 'Received' });
    expect(closed.status).toBe(200);
    expect((await inbox('bcm1', 'kind=query&limit=100')).body.data.some((i: Json) => i.id === q)).toBe(false);
  });

  test('snooze moves a task from Today to Future (and All) until it is removed; the item opens on the snooze tab meanwhile', async () => {
    const id = await create();
    const taskId = await curTask(id);
    const today = await inbox('cpa1', 'kind=task&limit=100');
    expect(today.body.data.find((i: Json) => i.id === taskId)).toMatchObject({ kind: 'task', application_id: id, bucket: 'Today', reviewAt: null, heldBy: { user: 'cpa1', team: null }, tab: 'relatedTasks' });
    expect(today.body.data.find((i: Json) => i.id === taskId).actions.map((a: Json) => a.type)).toContain('Assign');

    const until = new Date(Date.now() + 2 * 86400000).toISOString();
    expect((await call('cpa1', 'POST', '/v3/taskconfigs/updateSnoozeTime', { application_id: id, verNum: await verNum(id), snoozeTime: until, reason: 'Customer abroad' })).status).toBe(200);
    expect((await inbox('cpa1', 'bucket=Today&kind=task&limit=100')).body.data.some((i: Json) => i.id === taskId)).toBe(false);
    const future = (await inbox('cpa1', 'bucket=Future&limit=100')).body.data.find((i: Json) => i.id === taskId);
    expect(future).toMatchObject({ bucket: 'Future', reviewAt: until, tab: 'snooze' });
    expect((await inbox('cpa1', 'bucket=All&kind=task&limit=100')).body.data.find((i: Json) => i.id === taskId)).toMatchObject({ bucket: 'Future' });

    expect((await call('cpa1', 'POST', '/v3/taskconfigs/removeSnoozeTime', { application_id: id, verNum: await verNum(id) })).status).toBe(200);
    expect((await inbox('cpa1', 'bucket=Future&limit=100')).body.data.some((i: Json) => i.id === taskId)).toBe(false);
    expect((await inbox('cpa1', 'bucket=Today&kind=task&limit=100')).body.data.find((i: Json) => i.id === taskId)).toMatchObject({ bucket: 'Today', reviewAt: null });
  });

  test('sorted by due time with breaches first and marked; pages of 2 give the same items in the same order as one page, with no repeats, and stay stable when an earlier item is added meanwhile', async () => {
    const ids = [await create(), await create(), await create()];
    for (const id of ids) await raise(id, 'bcm1');
    // One task overdue: its queries are due when it is.
    await t.app.db.query(`UPDATE tasks SET assigned_start = now() - interval '3 days' WHERE task_id = $1`, [await curTask(ids[1])]);
    const one = await all('bcm1', 'bucket=All', 100);
    const paged = await all('bcm1', 'bucket=All', 2);
    expect(paged.map((i) => `${i.kind}:${i.id}`)).toEqual(one.map((i) => `${i.kind}:${i.id}`));
    expect(new Set(paged.map((i) => `${i.kind}:${i.id}`)).size).toBe(paged.length);
    const keys = one.map(sortKey);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : (a[1] as number) - (b[1] as number))));
    const overdue = one.find((i) => i.application_id === ids[1] && i.kind === 'query');
    expect(overdue?.breached).toBe(true);
    expect(one.filter((i) => i.kind === 'query' && ids.includes(i.application_id) && i.application_id !== ids[1]).every((i) => !i.breached)).toBe(true);

    // Stability: an item that sorts before the cursor, added after page 1, is not served on later pages; nothing repeats.
    const first = await inbox('bcm1', 'bucket=All&limit=2');
    const late = await create();
    await raise(late, 'bcm1');
    await t.app.db.query(`UPDATE tasks SET assigned_start = now() - interval '30 days' WHERE task_id = $1`, [await curTask(late)]);
    const seen = [...first.body.data];
    let cursor = first.body.pageInfo.nextCursor;
    while (cursor) {
      const r = await inbox('bcm1', `bucket=All&limit=2&cursor=${encodeURIComponent(cursor)}`);
      seen.push(...r.body.data);
      cursor = r.body.pageInfo.nextCursor;
    }
    expect(seen.some((i) => i.application_id === late)).toBe(false);
    expect(seen.map((i) => `${i.kind}:${i.id}`)).toEqual(one.map((i) => `${i.kind}:${i.id}`));
  });

  test('scope teams lists what waits in the caller\'s teams, not what they hold; an item of an application the caller may no longer open is not listed', async () => {
    const id = await create();
    const q = await raise(id, 'cpa2');
    const released = await call('cpa1', 'POST', '/v3/application/action/release', { application_id: id, verNum: await verNum(id) });
    expect(released.status).toBe(200);
    const taskId = await curTask(id);
    const teams = await all('cpa2', 'scope=teams&kind=task', 100);
    expect(teams.find((i) => i.id === taskId)).toMatchObject({ heldBy: { user: null, team: 'CPA-NORTH' } });
    expect((await all('cpa2', 'kind=task', 100)).some((i) => i.id === taskId)).toBe(false);
    expect((await all('cpa2', 'kind=query', 100)).some((i) => i.id === q)).toBe(true);
    // The query is moved (behind the API's back) to dev1 of the south branch: dev1 may not open the application.
    await t.app.db.query(`UPDATE sub_tasks SET assigned_to = 'dev1' WHERE id = $1::bigint`, [q]);
    expect((await all('dev1', 'bucket=All', 100)).some((i) => i.application_id === id)).toBe(false);
  });

  test('refusals: bad filters and limits, a cursor altered or of another user or filter (400/1101), the customer account (403), no session (401)', async () => {
    for (let i = 0; i < 3; i++) await raise(await create(), 'bcm1');
    expect(await inbox('bcm1', 'kind=loan')).toMatchObject({ status: 400, body: { code: 1101 } });
    expect(await inbox('bcm1', 'bucket=Yesterday')).toMatchObject({ status: 400, body: { code: 1101 } });
    expect(await inbox('bcm1', 'limit=0')).toMatchObject({ status: 400, body: { code: 1101 } });
    expect(await inbox('bcm1', 'limit=101')).toMatchObject({ status: 400, body: { code: 1101 } });
    const page = await inbox('bcm1', 'bucket=All&limit=1');
    const cursor: string = page.body.pageInfo.nextCursor;
    expect(cursor).toBeTruthy();
    const refusal = { status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'cursor', reason: 'is not a cursor this server issued for this list' }] } };
    const [payload, mac] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ k: ['2000-01-01 00:00:00+00', 0, 'x'], s: JSON.parse(Buffer.from(payload, 'base64url').toString()).s })).toString('base64url');
    expect(await inbox('bcm1', `bucket=All&limit=1&cursor=${forged}.${mac}`)).toEqual(refusal);
    expect(await inbox('bcm1', `bucket=All&limit=1&cursor=garbage`)).toEqual(refusal);
    expect(await inbox('bcm1', `bucket=Today&limit=1&cursor=${encodeURIComponent(cursor)}`)).toEqual(refusal);
    expect(await inbox('cpa1', `bucket=All&limit=1&cursor=${encodeURIComponent(cursor)}`)).toEqual(refusal);
    expect((await inbox('bcm1', `bucket=All&limit=1&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);
    expect(await inbox('customer')).toEqual({ status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Only staff may do this' }] } });
    expect((await t.app.inject({ method: 'GET', url: '/v3/taskconfigs/inbox' })).statusCode).toBe(401);
  });
});
