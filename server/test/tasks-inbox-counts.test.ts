import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * GET /v3/taskconfigs/inbox/counts (issue 26: counts on the inbox buckets): for the caller, how many items Today,
 * Future and All hold — the same numbers the inbox lists, moving when a task is snoozed.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa2', 'bcm1', 'customer']) headers[u] = (await loginAs(t.app, u === 'customer' ? 'portal-customer' : u)).headers;
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const counts = async (user: string, qs = '') => {
  const r = await call(user, 'GET', `/v3/taskconfigs/inbox/counts${qs ? `?${qs}` : ''}`);
  expect(r.status).toBe(200);
  return r.body.data as { Today: number; Future: number; All: number; capped: boolean };
};
const listed = async (user: string, bucket: string) => (await call(user, 'GET', `/v3/taskconfigs/inbox?bucket=${bucket}&limit=100`)).body.data.length as number;
const verNum = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;

describe(`inbox counts on ${dbKind()}`, () => {
  test('match what each bucket lists; a snooze moves one from Today to Future; All is both', async () => {
    const r = await call('cpa2', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Count', lastName: 'Case' }] });
    expect(r.status).toBe(201);
    const id = r.body.data.application_id;
    const before = await counts('cpa2');
    expect(before).toEqual({ Today: await listed('cpa2', 'Today'), Future: await listed('cpa2', 'Future'), All: await listed('cpa2', 'All'), capped: false });
    expect(before.Today).toBeGreaterThan(0);

    const snoozed = await call('cpa2', 'POST', '/v3/taskconfigs/updateSnoozeTime', { application_id: id, verNum: await verNum(id), snoozeTime: new Date(Date.now() + 86400000).toISOString(), reason: 'Later' });
    expect(snoozed.status).toBe(200);
    const after = await counts('cpa2');
    expect(after).toEqual({ Today: before.Today - 1, Future: before.Future + 1, All: before.All, capped: false });
    expect(after.Future).toBe(await listed('cpa2', 'Future'));
    // Another user's counts are their own: bcm1's Future does not hold cpa2's snoozed task.
    expect((await call('bcm1', 'GET', '/v3/taskconfigs/inbox?bucket=Future&limit=100')).body.data.map((i: Json) => i.application_id)).not.toContain(id);
    expect((await counts('bcm1')).Future).toBe(await listed('bcm1', 'Future'));
  });

  test('filters by kind; the customer account is refused; bad input is 400', async () => {
    expect((await counts('cpa2', 'kind=approval')).Future).toBe(0);
    expect((await call('customer', 'GET', '/v3/taskconfigs/inbox/counts')).status).toBe(403);
    expect((await call('cpa2', 'GET', '/v3/taskconfigs/inbox/counts?scope=everyone')).status).toBe(400);
  });
});
