import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * Issue 18 hierarchy: a manager sees the applications of the branches under their level of the geography
 * (NSM zones, RM regions, AM areas, BH branches), narrowed by groups, in keyset pages; others are refused.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

/** A staff user at one level, with the demo password (copied from nsm1). */
async function addManager(id: string, role: string, attributes: Json) {
  await t.app.db.query(
    `INSERT INTO users (user_id, first_name, last_name, display_name, password_hash, attributes)
     SELECT $1, 'Test', $2, 'Test ' || $2, password_hash, $3 FROM users WHERE user_id = 'nsm1'`,
    [id, role, JSON.stringify(attributes)],
  );
  await t.app.db.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, $2), ($1, 'NOTIFICATION')`, [id, role]);
}

beforeAll(async () => {
  t = await createTestApp();
  await addManager('am-north', 'AM', { areaIDs: ['AREA-N1'], branchList: ['NORTH'], regionIDs: ['REGION-WEST'], zoneIDs: ['ZONE-1'] });
  await addManager('rm-west', 'RM', { areaIDs: [], branchList: [], regionIDs: ['REGION-WEST'], zoneIDs: [] });
  await addManager('rm-east', 'RM', { areaIDs: ['AREA-E1'], branchList: ['EAST'], regionIDs: ['REGION-EAST'], zoneIDs: ['ZONE-2'] });
  await addManager('bh-south', 'BH', { areaIDs: ['AREA-S1'], branchList: ['SOUTH'], regionIDs: ['REGION-WEST'], zoneIDs: ['ZONE-1'] });
  for (const u of ['nsm1', 'am-north', 'rm-west', 'rm-east', 'bh-south', 'cpa1', 'bh1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function post(user: string, path: string, payload: Json = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/backstage/${path}`, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
/** The hand count: ACTIVE applications (not leads) of the given branches, newest first. */
async function expected(branches: string[], extra = '', params: unknown[] = []) {
  const { rows } = await t.app.db.query<{ application_id: string }>(
    `SELECT application_id FROM applications WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND branch = ANY($1) ${extra} ORDER BY id DESC`,
    [branches, ...params],
  );
  return rows.map((r) => r.application_id);
}
/** Every page of a list, following nextCursor. */
async function walk(user: string, body: Json, pageSize = 25) {
  const ids: string[] = [];
  let cursor: string | null = null;
  let count = -1;
  for (let i = 0; i < 100; i++) {
    const r = await post(user, 'getNsmApplications', { ...body, pagination: { pageSize, cursor } });
    expect([r.status, r.status === 200 ? null : r.body]).toEqual([200, null]);
    count = r.body.count;
    ids.push(...r.body.data.map((x: Json) => x.application_id));
    cursor = r.body.pageInfo.nextCursor;
    if (!r.body.pageInfo.hasMore) break;
  }
  return { ids, count };
}

describe(`managers' hierarchy on ${dbKind()}`, () => {
  test('each level sees exactly the branches under it, every page newest first, with the whole count', async () => {
    const both = await expected(['BR-NORTH', 'BR-SOUTH']);
    const north = await expected(['BR-NORTH']);
    const south = await expected(['BR-SOUTH']);
    expect(north.length).toBeGreaterThan(10);
    expect(south.length).toBeGreaterThan(10);
    expect(await walk('nsm1', {})).toEqual({ ids: both, count: both.length }); // zone ZONE-1
    expect(await walk('rm-west', {}, 10)).toEqual({ ids: both, count: both.length }); // region REGION-WEST
    expect(await walk('am-north', {}, 5)).toEqual({ ids: north, count: north.length }); // area AREA-N1
    expect(await walk('bh-south', {})).toEqual({ ids: south, count: south.length }); // branch SOUTH
    expect(await walk('bh1', {})).toEqual({ ids: both, count: both.length }); // ALL_APPLICATIONS_* holder: every branch
    expect(await walk('rm-east', {})).toEqual({ ids: [], count: 0 }); // a region with no book: nothing of the others
  });

  test('a user outside the hierarchy is refused; groups outside the reach narrow to nothing', async () => {
    const refused = await post('cpa1', 'getNsmApplications', {});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 1101, data: [{ reason: expect.stringContaining('Only managers') }] });
    expect((await post('cpa1', 'getReporteeDetails', {})).status).toBe(403);
    expect(await walk('am-north', { branchList: ['SOUTH'] })).toEqual({ ids: [], count: 0 });
    expect(await walk('rm-east', { zoneIDs: ['ZONE-1'] })).toEqual({ ids: [], count: 0 });
  });

  test('groups, products, status and initiators narrow the list (getfilteredNsm)', async () => {
    const north = await expected(['BR-NORTH']);
    expect(await walk('nsm1', { branchList: ['NORTH'] })).toEqual({ ids: north, count: north.length });
    expect(await walk('nsm1', { areaIDs: ['AREA-S1'], zoneIDs: ['ZONE-1'] })).toEqual(await walk('bh-south', {}));
    const r = await post('nsm1', 'getfilteredNsm', { product_code: ['HL'], userIds: ['cpa1', 'cpa2'], pagination: { pageSize: 100 } });
    expect(r.status).toBe(200);
    const want = await expected(['BR-NORTH', 'BR-SOUTH'], `AND product_code = 'HL' AND initiated_by = ANY($2)`, [['cpa1', 'cpa2']]);
    expect(want.length).toBeGreaterThan(0);
    expect(r.body.data.map((x: Json) => x.application_id)).toEqual(want);
    expect(r.body.count).toBe(want.length);
    const rejected = await post('nsm1', 'getfilteredNsm', { _applicationStatus: 'REJECTED', pagination: { pageSize: 100 } });
    const wantRejected = (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM applications WHERE status = 'REJECTED' AND application_type = 'APPLICATION'`)).rows[0].n;
    expect(rejected.body.count).toBe(wantRejected);
    expect(rejected.body.data.every((x: Json) => x.application_status === 'REJECTED')).toBe(true);
  });

  test('bad input is a 400/1101 naming it', async () => {
    const forged = await post('nsm1', 'getNsmApplications', { pagination: { pageSize: 10, cursor: 'abc.def' } });
    expect(forged.status).toBe(400);
    expect(forged.body.data[0].label).toBe('pagination.cursor');
    expect((await post('nsm1', 'getNsmApplications', { pagination: { pageSize: 7 } })).status).toBe(400);
    expect((await post('nsm1', 'getNsmApplications', { _applicationStatus: 'LOST' })).status).toBe(400);
  });

  test('zone group: the geography under the caller with ACTIVE counts per node', async () => {
    const north = (await expected(['BR-NORTH'])).length;
    const south = (await expected(['BR-SOUTH'])).length;
    const r = await post('nsm1', 'getNsmZoneGroup');
    expect(r.body.data).toEqual({
      level: 'ZONE',
      zones: [{
        zoneId: 'ZONE-1', count: north + south,
        regions: [{
          regionId: 'REGION-WEST', count: north + south,
          areas: [
            { areaId: 'AREA-N1', count: north, branches: [{ branchCode: 'NORTH', teamId: 'BR-NORTH', name: 'North Branch', count: north }] },
            { areaId: 'AREA-S1', count: south, branches: [{ branchCode: 'SOUTH', teamId: 'BR-SOUTH', name: 'South Branch', count: south }] },
          ],
        }],
      }],
    });
    expect((await post('rm-east', 'getNsmZoneGroup')).body.data.zones).toEqual([
      { zoneId: 'ZONE-2', count: 0, regions: [{ regionId: 'REGION-EAST', count: 0, areas: [{ areaId: 'AREA-E1', count: 0, branches: [{ branchCode: 'EAST', teamId: 'BR-EAST', name: 'East Branch', count: 0 }] }] }] },
    ]);
  });

  test('reportees: staff of the branches under the caller, narrowed by groups, never the caller', async () => {
    const ids = async (user: string, body: Json = {}) => (await post(user, 'getReporteeDetails', body)).body.data.data.map((u: Json) => u.userId);
    expect(await ids('bh-south')).toEqual(['admin', 'bh1', 'cc1', 'dev1', 'nsm1', 'viewer1']);
    expect(await ids('nsm1', { branchList: ['NORTH'] })).toEqual(['admin', 'am-north', 'bcm1', 'cc1', 'cpa1', 'cpa2']);
    expect(await ids('rm-east')).toEqual([]);
    const one = (await post('am-north', 'getReporteeDetails')).body.data.data.find((u: Json) => u.userId === 'cpa1');
    expect(one).toEqual({ userId: 'cpa1', displayName: 'Chitra Pillai', roles: expect.arrayContaining(['CPA']), attributes: { areaIDs: ['AREA-N1'], branchList: ['NORTH'], regionIDs: ['REGION-WEST'], zoneIDs: ['ZONE-1'] } });
  });

  test('geo limit status says which named groups lie under the caller', async () => {
    const r = await post('am-north', 'getGeoLimitStatus', { zoneIDs: ['ZONE-1'], areaIDs: ['AREA-N1'], branchList: ['NORTH', 'SOUTH'] });
    expect(r.body.data).toEqual({
      level: 'AREA',
      withinLimit: false,
      items: [
        { type: 'zone', id: 'ZONE-1', withinLimit: true },
        { type: 'area', id: 'AREA-N1', withinLimit: true },
        { type: 'branch', id: 'NORTH', withinLimit: true },
        { type: 'branch', id: 'SOUTH', withinLimit: false },
      ],
    });
    expect((await post('nsm1', 'getGeoLimitStatus', { branchList: ['NORTH', 'SOUTH'] })).body.data.withinLimit).toBe(true);
  });
});
