import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/** Issue 18 report lists: the configured reports with their columns and filters, run on demand, paged for export. */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};
let closed: { id: string; branch: string; at: string }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.app.db.query<Json>(`SELECT application_id, branch FROM applications WHERE application_type = 'APPLICATION' ORDER BY id LIMIT 5`);
  closed = rows.map((r, i) => ({ id: r.application_id, branch: r.branch, at: `2020-04-0${5 - i}T10:00:00.000Z` }));
  for (const c of closed) await t.app.db.query(`UPDATE applications SET status = 'COMPLETED', closed_at = $2 WHERE application_id = $1`, [c.id, c.at]);
  for (const u of ['bh1', 'bcm1', 'cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function run(user: string, body: Json) {
  const res = await t.app.inject({ method: 'POST', url: '/backstage/reports/run', headers: headers[user], payload: body });
  return { status: res.statusCode, body: res.json() as Json };
}
const APRIL = { from: '2020-04-01', to: '2020-04-30' };

describe(`report lists on ${dbKind()}`, () => {
  test('the setup config lists the reports with their columns and filters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/setup/configs/Analytics/Reports', headers: headers.bh1 });
    const reports = res.json().data.reports as Json[];
    expect(reports.map((r) => r.id)).toEqual(['APPLICATIONS_BY_STATUS', 'TASKS_BY_PROGRESS', 'CLOSED_APPLICATIONS']);
    expect(reports[2].filters.filter((f: Json) => f.required).map((f: Json) => f.key)).toEqual(['from', 'to']);
  });

  test('a summary report answers the book\'s own counts', async () => {
    const r = await run('bh1', { reportId: 'APPLICATIONS_BY_STATUS', filters: { product_code: 'HL', branch: 'BR-SOUTH' } });
    expect(r.status).toBe(200);
    const want = (await t.app.db.query<Json>(`SELECT status, product_code, branch, count(*)::int AS count FROM applications
      WHERE application_type = 'APPLICATION' AND product_code = 'HL' AND branch = 'BR-SOUTH' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)).rows;
    expect(r.body.data.rows).toEqual(want);
    expect(r.body.data.total).toBe(want.length);
  });

  test('a row report pages by cursor in closing order, with the whole total, bounded by the caller\'s branches', async () => {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let i = 0; i < 5; i++) {
      const r = await run('bh1', { reportId: 'CLOSED_APPLICATIONS', filters: APRIL, pageSize: 2, cursor });
      expect(r.status).toBe(200);
      expect(r.body.data.total).toBe(5);
      ids.push(...r.body.data.rows.map((x: Json) => x.application_id));
      cursor = r.body.data.nextCursor;
      if (!cursor) break;
    }
    expect(ids).toEqual([...closed].sort((a, b) => a.at.localeCompare(b.at)).map((c) => c.id));
    const north = closed.filter((c) => c.branch === 'BR-NORTH');
    const bcm = await run('bcm1', { reportId: 'CLOSED_APPLICATIONS', filters: APRIL, pageSize: 100 });
    expect(bcm.body.data.rows.map((x: Json) => x.application_id).sort()).toEqual(north.map((c) => c.id).sort());
    expect(bcm.body.data.total).toBe(north.length); // the total (from application_daily) is bounded by the branches too
    expect(bcm.body.data.rows[0]).toMatchObject({ status: 'COMPLETED', closed_at: expect.stringMatching(/^2020-04-0\dT10:00:00.000Z$/) });
  });

  test('refusals: no REPORTS membership, unknown report, missing or bad filters', async () => {
    expect((await run('cpa1', { reportId: 'APPLICATIONS_BY_STATUS' })).status).toBe(403);
    expect((await run('bh1', { reportId: 'NOPE' })).status).toBe(404);
    const missing = await run('bh1', { reportId: 'CLOSED_APPLICATIONS', filters: { to: '2020-04-30' } });
    expect(missing.status).toBe(400);
    expect(missing.body.data).toEqual([{ label: 'filters.from', reason: 'is required' }]);
    expect((await run('bh1', { reportId: 'CLOSED_APPLICATIONS', filters: { ...APRIL, status: 'ACTIVE' } })).status).toBe(400);
    expect((await run('bh1', { reportId: 'TASKS_BY_PROGRESS', filters: { from: '2020-01-01' } })).status).toBe(400);
    expect((await run('bh1', { reportId: 'CLOSED_APPLICATIONS', filters: APRIL, cursor: 'x.y' })).status).toBe(400);
  });
});
