import { LIST_TYPES } from '@lendline/shared/contract';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { findUser } from '../src/domain/users/users';
import { buildListRequest, fetchCounts } from '../src/domain/lists/list-service';
import type { CurrentUser } from '../src/domain/current-user';

/**
 * List counts come from application_counts (014), kept by triggers in the writer's transaction.
 * They must equal a scan of the list for every list type, user and narrowing, after the demo
 * book's bulk load and after actions, saves, direct updates, deletes and a refused action.
 */
let t: TestApp;
const users: Record<string, CurrentUser> = {};
const headers: Record<string, { access_token: string; sessionId: string }> = {};
const STAFF = ['admin', 'cpa1', 'bcm1', 'bh1', 'dev1'];

beforeAll(async () => {
  t = await createTestApp();
  // The counters follow a status change: personal loans let the officer decline alone here (decline.directRoles),
  // so a reject moves the application to REJECTED at once, as these tests need.
  await t.app.db.query(`UPDATE approval_matrices SET body = jsonb_set(body, '{decline,directRoles}', '["BH", "CPA"]') WHERE product_code = 'PL'`);
  for (const u of STAFF) {
    users[u] = (await findUser(t.app.db, u))!;
    headers[u] = (await loginAs(t.app, u)).headers;
  }
});
afterAll(() => t.close());

import type { Json } from './helpers/json';
async function call(user: string, url: string, payload: Json) {
  const res = await t.app.inject({ method: 'POST', url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}

const NARROWINGS: Json[] = [
  {},
  { product_code: 'HL' },
  { progress: ['Pending'] },
  { _applicationStatus: ['ACTIVE', 'INACTIVE', 'COMPLETED'] },
  { stepName: 'Credit Review' },
  { _verNum: 243 },
  { teams: ['CPA-NORTH', 'CREDIT'] },
  { userIds: ['cpa1', 'cpa2'] },
];

/** Every (user, list type, narrowing): counts summed from application_counts = counts of a scan. */
async function expectCountsMatchScan() {
  let summed = 0;
  for (const u of STAFF) {
    for (const queryType of LIST_TYPES) {
      for (const narrowing of NARROWINGS) {
        const req = await buildListRequest(t.app.db, users[u], { queryType, ...narrowing });
        const [fast, scan] = [await fetchCounts(t.app.db, req, true), await fetchCounts(t.app.db, req, true, true)];
        expect({ u, queryType, narrowing, counts: fast }).toEqual({ u, queryType, narrowing, counts: scan });
        if (req.countable) summed++;
      }
    }
  }
  // The holder lists scan; all the others are summed from the table.
  expect(summed).toBe(STAFF.length * (LIST_TYPES.length - 2) * NARROWINGS.length);
}

describe(`list counts from application_counts on ${dbKind()}`, () => {
  test('the demo book (bulk insert) is counted exactly', async () => {
    const { rows } = await t.app.db.query<{ a: string; c: string }>(
      `SELECT (SELECT count(*) FROM applications)::text AS a, (SELECT sum(n) FROM application_counts)::text AS c`,
    );
    expect(Number(rows[0].a)).toBeGreaterThan(100);
    expect(rows[0].c).toBe(rows[0].a);
    const admin = await fetchCounts(t.app.db, await buildListRequest(t.app.db, users.admin, { queryType: 'ALL_APPLICATIONS' }), true);
    expect(admin.count).toBeGreaterThan(0);
    expect(admin.stageWise.reduce((s, x) => s + x.count, 0)).toBe(admin.count);
    await expectCountsMatchScan();
  });

  test('after actions, saves, a refused action, direct updates and deletes the counts still match a scan', async () => {
    const created = await call('cpa1', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Cora', lastName: 'Count', mobile: '9876500002', email: 'cora@example.in' }], customFields: { loanAmount: 300000 } });
    expect(created.status).toBe(201);
    const id = created.body.data.application_id;
    const before = await fetchCounts(t.app.db, await buildListRequest(t.app.db, users.cpa1, { queryType: 'MY_APPLICATIONS' }), false);
    expect((await call('cpa1', '/v3/application/action/release', { application_id: id, verNum: 1 })).status).toBe(200);
    const after = await fetchCounts(t.app.db, await buildListRequest(t.app.db, users.cpa1, { queryType: 'MY_APPLICATIONS' }), false);
    // Released: no longer the user's, back in the team's queue.
    expect(after.count).toBe(before.count - 1);
    // A refused action rolls back with everything else.
    expect((await call('bcm1', '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'ghost' })).status).toBe(400);
    expect((await call('bcm1', '/v3/application/action/assign', { application_id: id, verNum: 2, userName: 'cpa2' })).status).toBe(200);
    expect((await call('admin', '/v3/application/action/reassign', { application_id: id, verNum: 3, userName: 'cpa1' })).status).toBe(200);
    expect((await call('cpa1', '/v3/application/action/reject', { application_id: id, verNum: 4, reasonCode: 'POLICY_NOT_MET', reason: 'Duplicate' })).status).toBe(200);
    await expectCountsMatchScan();

    // Writes outside the actions (a batch moving many rows at once, and deletes) are counted too.
    await t.app.db.query(`UPDATE applications SET task_progress = 'Pending', assigned_to = NULL WHERE id IN (SELECT id FROM applications WHERE status = 'ACTIVE' ORDER BY id LIMIT 25)`);
    await t.app.db.query(`UPDATE applications SET step_name = 'Credit Review', flow_ver_num = 244 WHERE id IN (SELECT id FROM applications ORDER BY id DESC LIMIT 7)`);
    const victims = (await t.app.db.query<{ application_id: string }>(`SELECT application_id FROM applications a WHERE NOT EXISTS (SELECT 1 FROM tasks WHERE application_id = a.application_id) AND NOT EXISTS (SELECT 1 FROM sub_tasks WHERE application_id = a.application_id) LIMIT 3`)).rows;
    for (const v of victims) await t.app.db.query(`DELETE FROM applications WHERE application_id = $1`, [v.application_id]);
    await expectCountsMatchScan();
    const { rows } = await t.app.db.query<{ a: string; c: string }>(`SELECT (SELECT count(*) FROM applications)::text AS a, (SELECT sum(n) FROM application_counts)::text AS c`);
    expect(rows[0].c).toBe(rows[0].a);
  });

  test('concurrent actions moving applications between the same counters all succeed (no deadlock) and stay exact', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call('cpa1', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Con', lastName: `Current ${'ABCDEFGHIJKL'[i]}`, mobile: '9876500003', email: `con${i}@example.in` }], customFields: { loanAmount: 200000 + i } });
      expect(r.status).toBe(201);
      ids.push(r.body.data.application_id);
    }
    // Every one starts in the same counter (cpa1, Data Entry, In Progress); half are rejected
    // (status and progress change), half released (assignee and progress change), all at once.
    const results = await Promise.all(ids.map((id, i) =>
      i % 2 ? call('cpa1', '/v3/application/action/reject', { application_id: id, verNum: 1, reasonCode: 'POLICY_NOT_MET', reason: 'Concurrent' }) : call('cpa1', '/v3/application/action/release', { application_id: id, verNum: 1 })));
    expect(results.map((r) => r.status)).toEqual(ids.map(() => 200));
    await expectCountsMatchScan();
  });

  test('lists narrowed by §5 filters, applicant text or holders are counted by a scan', async () => {
    for (const input of [
      { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 100000 }] },
      { queryType: 'ALL_APPLICATIONS', applicant: 'a' },
      { queryType: 'MY_QUERIES' },
      { queryType: 'MY_APPROVALS' },
    ]) {
      const req = await buildListRequest(t.app.db, users.admin, input);
      expect(req.countable).toBe(false);
      expect(await fetchCounts(t.app.db, req, true)).toEqual(await fetchCounts(t.app.db, req, true, true));
    }
  });

  test('a TRUNCATE of applications empties the counts as well (run last: it empties the book)', async () => {
    await t.app.db.exec(`TRUNCATE applications CASCADE`);
    const { rows } = await t.app.db.query<{ n: string | null }>(`SELECT sum(n)::text AS n FROM application_counts`);
    expect(rows[0].n).toBeNull();
    expect((await fetchCounts(t.app.db, await buildListRequest(t.app.db, users.admin, { queryType: 'ALL_APPLICATIONS' }), true)).count).toBe(0);
  });
});
