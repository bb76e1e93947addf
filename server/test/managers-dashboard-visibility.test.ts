import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { buildListRequest, exportRows } from '../src/domain/lists/list-service';
import type { CurrentUser } from '../src/domain/current-user';

/**
 * Issue 33: the managers' dashboard and reports count what the one visibility rule shows. A national sales manager
 * whose geography (ZONE-1) covers the north and south branches but who belongs to the north branch's hierarchy team
 * only sees the north in every list; the dashboard's totals and the status report are the same set, and the south
 * is neither a choice nor counted.
 */
let t: TestApp;
let headers: { access_token: string; sessionId: string };
const MANAGER: CurrentUser = { userId: 'nsm-north', userName: 'nsm-north', roles: ['NSM'], teams: [{ id: 'BR-NORTH', type: '_HIERARCHY' }] };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.db;
  await db.query(
    `INSERT INTO users (user_id, first_name, last_name, display_name, password_hash, attributes)
     SELECT 'nsm-north', 'Test', 'NSM', 'Test NSM', password_hash, $1 FROM users WHERE user_id = 'nsm1'`,
    [JSON.stringify({ zoneIDs: ['ZONE-1'], regionIDs: ['REGION-WEST'], areaIDs: ['AREA-N1', 'AREA-S1'], branchList: ['NORTH', 'SOUTH'] })],
  );
  await db.query(`INSERT INTO user_roles (user_id, role) VALUES ('nsm-north', 'NSM'), ('nsm-north', 'NOTIFICATION')`);
  await db.query(`INSERT INTO team_members (team_id, user_id, is_lead) VALUES ('BR-NORTH', 'nsm-north', false)`);
  await db.query(`INSERT INTO group_members (group_id, user_id) VALUES ('BR-NORTH', 'nsm-north'), ('ACT-REPORTS', 'nsm-north')`);
  headers = (await loginAs(t.app, 'nsm-north')).headers;
});
afterAll(() => t.close());

/** The ACTIVE applications (not leads, not drafts) of the manager's all-applications list, by product. */
async function listedByProduct(): Promise<Record<string, number>> {
  const ids: string[] = [];
  for await (const row of exportRows(t.app.db, await buildListRequest(t.app.db, MANAGER, { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE'] }))) ids.push(row.application_id);
  const { rows } = await t.app.db.query<{ product_code: string; n: number }>(
    `SELECT product_code, count(*)::int AS n FROM applications
      WHERE application_id = ANY($1::text[]) AND status = 'ACTIVE' AND application_type = 'APPLICATION' AND NOT draft GROUP BY product_code`,
    [ids],
  );
  return Object.fromEntries(rows.map((r) => [r.product_code, r.n]));
}

describe(`managers' figures on the one visibility rule, on ${dbKind()}`, () => {
  test('the dashboard offers and counts exactly the branches the lists show', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'POST', url: '/backstage/dashboard', headers, payload: { from: today, to: today } });
    expect(res.statusCode).toBe(200);
    const body = (res.json() as Json).data;
    expect(body.branchOptions.map((b: Json) => b.teamId)).toEqual(['BR-NORTH']);
    expect(body.filter.branches).toEqual(['BR-NORTH']);
    const byProduct: Record<string, number> = {};
    for (const p of body.pipeline as { product_code: string; count: number }[]) byProduct[p.product_code] = (byProduct[p.product_code] ?? 0) + p.count;
    const listed = await listedByProduct();
    expect(Object.values(listed).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    expect(byProduct).toEqual(listed);
  });

  test('naming a branch the rule does not give narrows to nothing', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({ method: 'POST', url: '/backstage/dashboard', headers, payload: { from: today, to: today, branch: ['BR-SOUTH'] } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pipeline).toEqual([]);
  });
});
