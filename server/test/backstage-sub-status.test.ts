import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { subStatusOf } from '../src/domain/applications/view';

/**
 * §2: the application view names its sub-status (QUERIES, APPROVAL), which decides whether the
 * snooze, queries, approvals and close tabs show. Read through GET /v3/application/{id}.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'bh1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

import type { Json } from './helpers/json';
async function call(user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
}
const view = async (user: string, id: string) => (await call(user, 'GET', `/v3/application/${id}`)).body.data as Json;
async function create(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Sub', lastName: 'Status', mobile: '9876543210', email: 'sub@example.in' }], customFields: { loanAmount: 250000 } });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
/** Queries are raised by the tasks module (mf-tasks), which has no write path yet: the row is what it would write. */
const openSubTask = (id: string, kind: 'QUERY' | 'APPROVAL') =>
  t.app.db.query<{ id: string }>(`INSERT INTO sub_tasks (application_id, kind, assigned_team, raised_by) VALUES ($1, $2, 'CREDIT', 'cpa1') RETURNING id`, [id, kind]).then((r) => r.rows[0].id);
const closeSubTask = (subId: string) => t.app.db.query(`UPDATE sub_tasks SET status = 'CLOSED', closed_at = now() WHERE id = $1`, [subId]);

describe(`sub-status of the application view on ${dbKind()}`, () => {
  test('none while nothing is open', async () => {
    const id = await create();
    expect((await view('cpa1', id)).subStatus).toBeNull();
  });

  test('QUERIES while a query is open; none again once it is closed', async () => {
    const id = await create();
    const q = await openSubTask(id, 'QUERY');
    expect((await view('cpa1', id)).subStatus).toBe('QUERIES');
    await closeSubTask(q);
    expect((await view('cpa1', id)).subStatus).toBeNull();
  });

  test('APPROVAL while an approval is pending; QUERIES wins while a query is open too', async () => {
    const id = await create();
    const a = await openSubTask(id, 'APPROVAL');
    expect((await view('bh1', id)).subStatus).toBe('APPROVAL');
    const q = await openSubTask(id, 'QUERY');
    expect((await view('bh1', id)).subStatus).toBe('QUERIES');
    await closeSubTask(q);
    await closeSubTask(a);
    expect((await view('bh1', id)).subStatus).toBeNull();
  });

  test('APPROVAL once the assignee raises exceptions for approval (step completion RAISE_EXCEPTIONS)', async () => {
    const id = await create();
    const r = await call('cpa1', 'POST', '/v3/application/action/complete_step/user', {
      application_id: id, verNum: 1, completionType: 'RAISE_EXCEPTIONS', exceptions: [{ key: 'monthlyIncome', reason: 'FOIR above policy' }],
    });
    expect(r.status).toBe(200);
    expect(r.body.data.subStatus).toBe('APPROVAL');
    expect((await view('cpa1', id)).subStatus).toBe('APPROVAL');
  });

  test('APPROVAL while the current task is an approval step', () => {
    const none = { open_queries: 0, open_approvals: 0, open_exceptions: 0 };
    expect(subStatusOf(none, { type: 'APPROVAL', step_type: 'APPROVAL' })).toBe('APPROVAL');
    expect(subStatusOf(none, { type: 'USER', step_type: 'USER' })).toBeNull();
    expect(subStatusOf(none, null)).toBeNull();
  });
});
