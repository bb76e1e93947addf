import Fastify from 'fastify';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind, openTestDb } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import errorsPlugin from '../src/plugins/app/errors';

/**
 * One regression test per malformed input that answered 500 in the hardening review (about 90 of 5,000 requests):
 * each now answers 400/1101 naming the field, and nothing is written. The property-based fuzz
 * (security-fuzz.test.ts) keeps the general rule; these pin the cases found.
 */
let t: TestApp;
let admin: LoggedIn;
let cpa1: LoggedIn;
let appId: string;
let verNum: number;

type Json = Record<string, unknown>;
/** What these tests read of an answer: a §8 body or a list page. */
interface Reply {
  code?: number;
  data: Json[];
  pageInfo: { nextCursor: string };
}
async function call(who: LoggedIn, method: 'GET' | 'POST', url: string, payload?: unknown, encrypt = false) {
  const headers: Record<string, string> = { ...who.headers };
  let body: unknown = payload;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    body = encrypt ? { data: aesEncrypt(JSON.stringify(payload), who.session.access_token) } : JSON.stringify(payload);
    if (encrypt) headers['x-lendline-encrypted'] = 'aes-cbc';
  }
  const res = await t.app.inject({ method, url, headers, payload: body as string });
  return { status: res.statusCode, body: res.json() as Reply };
}
const list = (who: LoggedIn, input: Json) => call(who, 'POST', '/backstage/getApplications', input);
/** A 400/1101 whose first item names `label`. */
function refusedAt(res: { status: number; body: Reply }, label: string, reason?: RegExp) {
  expect({ status: res.status, code: res.body.code, label: res.body.data?.[0]?.label }).toEqual({ status: 400, code: 1101, label });
  if (reason) expect(res.body.data[0].reason).toMatch(reason);
}
async function applicationRow(id: string) {
  return (await t.app.db.query(`SELECT ver_num, status, mod_time FROM applications WHERE application_id = $1`, [id])).rows[0];
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, 'admin');
  cpa1 = await loginAs(t.app, 'cpa1');
  const { rows } = await t.app.db.query<{ application_id: string; ver_num: number }>(`SELECT application_id, ver_num FROM applications WHERE status = 'ACTIVE' ORDER BY id LIMIT 1`);
  appId = rows[0].application_id;
  verNum = rows[0].ver_num;
});
afterAll(() => t.close());

describe(`malformed input on ${dbKind()} answers 400/1101 naming the field, never 500`, () => {
  test('a NUL character in a path parameter, a query parameter or a body string (plain or AES-encrypted)', async () => {
    refusedAt(await call(admin, 'GET', '/v3/users/adm%00in'), 'params.userid', /NUL/);
    refusedAt(await call(admin, 'GET', '/v3/users?team=HQ%00'), 'querystring.team', /NUL/);
    refusedAt(await call(admin, 'GET', '/config/route_config/a/b%00'), 'params.b', /NUL/);
    refusedAt(await call(admin, 'POST', '/v3/users/getGroupMembers', { groupid: 'g\u0000' }), 'body.groupid', /NUL/);
    // The guard sees the body the route sees: the decrypted one.
    refusedAt(await call(admin, 'POST', '/v3/users/getGroupMembers', { groupid: 'g\u0000' }, true), 'body.groupid', /NUL/);
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'applicant_name', operator: 'CONTAINS', value: 'a\u0000' }] }), 'body.filter.0.value', /NUL/);
    // Keys too (a JSON column would refuse them), and on a route with no body schema at all.
    refusedAt(await call(admin, 'POST', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS', filterName: 'n', filter: { 'a\u0000': 1 } }), 'body.filter.a\\u0000', /NUL/);
    const before = (await t.app.db.query(`SELECT count(*)::int AS n FROM saved_filters`)).rows[0];
    refusedAt(await call(admin, 'POST', '/setup/save_or_update', { filterType: 'ALL\u0000', filterName: 'n', filter: [] }, true), 'body.filterType', /NUL/);
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM saved_filters`)).rows[0]).toEqual(before);
  });

  test('lone surrogates, "__proto__" keys in an encrypted body, numbers JSON cannot carry and absurd nesting', async () => {
    refusedAt(await call(admin, 'POST', '/v3/users/getGroupMembers', { groupid: 'g\ud800' }), 'body.groupid', /Unicode/);
    // Invalid UTF-8 in the URL (a lone surrogate has no other form) is decoded to U+FFFD by the query parser: no match.
    expect((await call(admin, 'GET', '/v3/users?team=%ED%A0%80')).status).toBe(200);
    const poisoned = JSON.parse('{"queryType":"ALL_APPLICATIONS","__proto__":{"isAdmin":true}}');
    refusedAt(await call(admin, 'POST', '/backstage/getApplications', poisoned, true), 'body.__proto__', /not an allowed key/);
    refusedAt(await call(admin, 'POST', '/backstage/getApplications', { queryType: 'ALL_APPLICATIONS', constructor: { prototype: { x: 1 } } }, true), 'body.constructor', /not an allowed key/);
    const big = await t.app.inject({ method: 'POST', url: '/backstage/getApplications', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: '{"_verNum": 1e400}' });
    refusedAt({ status: big.statusCode, body: big.json() }, 'body._verNum', /finite/);
    const deep = '{"filter":' + '['.repeat(5000) + ']'.repeat(5000) + '}';
    const res = await t.app.inject({ method: 'POST', url: '/backstage/getApplications', headers: { ...admin.headers, 'content-type': 'application/json' }, payload: deep });
    expect(res.statusCode).toBe(400);
    expect(res.json().data[0].reason).toMatch(/nests deeper than 64/);
  });

  test('a verNum above 2^31-1 (the int4 column) is refused by the schema, and the application is unchanged', async () => {
    const before = await applicationRow(appId);
    refusedAt(await call(admin, 'POST', '/app/status_update', { application_id: appId, verNum: 2147483648, status: 'INACTIVE', reason: 'x' }), 'body.verNum');
    refusedAt(await call(admin, 'POST', '/app/status_update', { application_id: appId, verNum: 1e20, status: 'INACTIVE', reason: 'x' }), 'body.verNum');
    refusedAt(await call(admin, 'GET', '/config/flow_config_by_id/2147483648/HL_FLOW'), 'params.verNum');
    refusedAt(await call(admin, 'GET', '/v3/flow/fetch_rules?flow_ids=HL_FLOW&ver_num=99999999999'), 'querystring.ver_num');
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', _verNum: 2147483648 }), 'body._verNum');
    expect(await applicationRow(appId)).toEqual(before);
  });

  test('status "__proto__" (or any status that is not a target) is refused, and nothing changes', async () => {
    const before = await applicationRow(appId);
    for (const status of ['__proto__', 'constructor', 'toString', 'COMPLETED', 'x'.repeat(100_000)]) {
      refusedAt(await call(admin, 'POST', '/app/status_update', { application_id: appId, verNum, status, reason: 'x' }), 'body.status', /must be one of CANCELLED, INACTIVE, ACTIVE, REJECTED, DELETED/);
    }
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['__proto__'] }), 'body._applicationStatus.0', /must be one of ACTIVE/);
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: '__proto__', operator: 'EQUAL', value: 'x' }] }), 'filter.0.field');
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.x', type: '__proto__', operator: 'EQUAL', value: 'x' }] }), 'body.filter.0.type');
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'applicant_name', operator: '__proto__', value: 'x' }] }), 'body.filter.0.operator');
    expect(await applicationRow(appId)).toEqual(before);
  });

  test('list cursors: a forged, altered, truncated, mistyped or other-order cursor is refused; the issued ones page', async () => {
    const first = await list(admin, { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 5 }, counts: false });
    const cursor: string = first.body.pageInfo.nextCursor;
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/);
    const next = await list(admin, { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 5, cursor }, counts: false });
    expect(next.status).toBe(200);
    expect(next.body.data[0].application_id).not.toBe(first.body.data[0].application_id);

    const [payload, mac] = cursor.split('.');
    const forge = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const bad: unknown[] = [
      forge({ id: '99999999999999999999' }), // the old unsigned format, with an id past bigint
      `${forge({ id: '99999999999999999999', s: 'id' })}.${mac}`, // altered payload, old mac
      `${forge({ id: '1', v: 'not a timestamp', s: 'created_at:desc' })}.${mac}`,
      `${payload}.${mac.slice(0, -2)}`,
      `${payload}.${mac}.x`,
      `${payload}`,
      'nonsense',
      12345,
      { id: '1' },
      ['a'],
      'x'.repeat(5000),
    ];
    for (const c of bad) {
      const res = await list(admin, { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 5, cursor: c } });
      expect([JSON.stringify(c).slice(0, 60), res.status, res.body.code]).toEqual([JSON.stringify(c).slice(0, 60), 400, 1101]);
      expect(res.body.data[0].label).toMatch(/pagination\.cursor$/);
    }
    // A cursor belongs to its order: an unsorted list's cursor does not continue a sorted one, nor the other way round.
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', sort: { field: 'cre_time', order: 'desc' }, pagination: { pageSize: 5, cursor } }), 'pagination.cursor');
    const sorted = await list(admin, { queryType: 'ALL_APPLICATIONS', sort: { field: 'loan_amount', order: 'asc' }, pagination: { pageSize: 5 }, counts: false });
    const sortedCursor = sorted.body.pageInfo.nextCursor;
    expect((await list(admin, { queryType: 'ALL_APPLICATIONS', sort: { field: 'loan_amount', order: 'asc' }, pagination: { pageSize: 5, cursor: sortedCursor } })).status).toBe(200);
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', sort: { field: 'cre_time', order: 'asc' }, pagination: { pageSize: 5, cursor: sortedCursor } }), 'pagination.cursor');
    refusedAt(await list(admin, { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 5, cursor: sortedCursor } }), 'pagination.cursor');
    // Global search pages with the same signed cursors.
    refusedAt(await call(admin, 'POST', '/backstage/globalSearch', { searchText: 'active', pagination: { cursor: forge({ id: '99999999999999999999' }) } }), 'pagination.cursor');
    const search = await call(admin, 'POST', '/backstage/globalSearch', { searchText: 'active' });
    expect((await call(admin, 'POST', '/backstage/globalSearch', { searchText: 'active', pagination: { cursor: search.body.pageInfo.nextCursor } })).status).toBe(200);
  });

  test('a 200,000-digit amount in a filter is refused; amounts up to 18 digits and 6 decimals filter', async () => {
    for (const value of ['9'.repeat(200_000), '1'.repeat(19), '1.1234567', 1e300, '1e5', 'NaN']) {
      const res = await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value }] });
      expect([String(value).slice(0, 20), res.status]).toEqual([String(value).slice(0, 20), 400]);
      expect(res.body.data[0].label).toMatch(/filter\.0\.value$/);
    }
    for (const value of ['999999999999999999', '-5.123456', 1500000.5, 0]) {
      expect((await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value }] })).status).toBe(200);
    }
  });

  test('a 1 MB saved-filter name is refused and nothing is saved; a name of 100 characters is kept', async () => {
    const count = async () => (await t.app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_filters`)).rows[0].n;
    const before = await count();
    refusedAt(await call(cpa1, 'POST', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS', filterName: 'n'.repeat(1_000_000), filter: [] }), 'body.filterName');
    refusedAt(await call(cpa1, 'POST', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS', name: 'n'.repeat(101), filter: [] }), 'body.name');
    refusedAt(await call(cpa1, 'POST', '/setup/save_or_update', { filterType: 'T'.repeat(61), filterName: 'ok', filter: [] }), 'body.filterType');
    expect(await count()).toBe(before);
    expect((await call(cpa1, 'POST', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS', filterName: 'n'.repeat(100), filter: [] })).status).toBe(200);
    expect(await count()).toBe(before + 1);
  });

  test("one applicant's impossible stored date (31/02/1990) is skipped by every date filter on that field, for every user", async () => {
    const { rows } = await t.app.db.query<{ application_id: string }>(
      `SELECT application_id FROM applications WHERE status = 'ACTIVE' AND branch = 'BR-NORTH' ORDER BY id LIMIT 3`,
    );
    const [broken, older, younger] = rows.map((r) => r.application_id);
    const setDob = (id: string, dob: unknown) => t.app.db.query(`UPDATE applications SET custom_fields = custom_fields || jsonb_build_object('dateOfBirth', $2::jsonb) WHERE application_id = $1`, [id, JSON.stringify(dob)]);
    // Days no seeded applicant has, so each list below is short and exact.
    await setDob(broken, '31/02/1990');
    await setDob(older, '15/08/1901');
    await setDob(younger, '2099-01-31');
    const ids = async (who: LoggedIn, operator: string, value: string, also: Json[] = []) => {
      const filter = [{ field: 'customFields.dateOfBirth', type: 'date', operator, value }, ...also];
      const res = await list(who, { queryType: 'ALL_APPLICATIONS', filter, pagination: { pageSize: 100 } });
      expect([operator, value, res.status]).toEqual([operator, value, 200]);
      return (res.body.data.map((r) => r.application_id) as string[]).sort();
    };
    const mine = [{ field: 'application_id', operator: 'EQUAL', value: broken }];
    for (const who of [admin, cpa1]) {
      expect(await ids(who, 'GREATER_THAN', '01/01/2090')).toEqual([younger]);
      expect(await ids(who, 'LESS_THAN', '1902-01-01')).toEqual([older]);
      expect(await ids(who, 'EQUAL', '15/08/1901')).toEqual([older]);
      // The filter's own value is checked in the server, not by the database: 400.
      refusedAt(await list(who, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.dateOfBirth', type: 'date', operator: 'EQUAL', value: '31/02/1990' }] }), 'filter.0.value');
      expect(await ids(who, 'NOT_EQUAL', '15/08/1901', mine)).toEqual([broken]); // no day is not that day
    }
    // Other unparseable stored shapes are skipped the same way (and an amount too long for numeric reads as none).
    await setDob(broken, '2020-13-45');
    await setDob(older, 'soon');
    expect(await ids(admin, 'GREATER_THAN', '01/01/2090')).toEqual([younger]);
    expect(await ids(admin, 'LESS_THAN', '01/01/2090', mine)).toEqual([]);
    await t.app.db.query(`UPDATE applications SET custom_fields = custom_fields || jsonb_build_object('otherAmount', $2::text) WHERE application_id = $1`, [broken, '9'.repeat(200_000)]);
    expect((await list(admin, { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.otherAmount', type: 'amount', operator: 'GREATER_THAN', value: 1 }] })).status).toBe(200);
  });

  test('GraphQL list arguments get the same checks (a NUL in a string literal, nesting, a forged cursor)', async () => {
    const gql = (query: string) => call(admin, 'POST', '/v3/graphql', { query });
    const nul = await gql('{ applications(queryType: ALL_APPLICATIONS, stepName: "a\\u0000b") { count } }');
    expect([nul.status, nul.body.code]).toEqual([400, 1101]);
    const deep = await gql(`{ applications(filter: ${'['.repeat(19_000)}) { count } }`);
    expect([deep.status, deep.body.data?.[0]?.reason]).toEqual([400, 'nests deeper than 32 levels']);
    // Deep but within the bound: a list literal as a filter's JSON value is the filter's own refusal, not a crash.
    const nested = await gql(`{ applications(filter: [{ field: "product_code", operator: EQUAL, value: ${'['.repeat(28)}"PL"${']'.repeat(28)} }]) { count } }`);
    expect([nested.status, nested.body.data?.[0]?.label]).toEqual([400, 'filter.0.value.0']);
    const id = await gql('{ application(application_id: "a\\u0000b") { application_id } }');
    expect([id.status, id.body.data?.[0]?.label]).toEqual([400, 'application_id']);
    const forged = await gql(`{ applications(queryType: ALL_APPLICATIONS, pagination: { pageSize: 5, cursor: "${Buffer.from('{"id":"99999999999999999999"}').toString('base64url')}" }) { count } }`);
    expect([forged.status, forged.body.code]).toEqual([400, 1101]);
  });
});

describe('the errors plugin: a database data exception caused by input is a 400/1101, not a 500', () => {
  test('SQLSTATE class 22 and 54000 from the real database answer 400 with a neutral reason; other database errors stay 500', async () => {
    const { db, drop } = await openTestDb();
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    const cases: Record<string, string[]> = {
      cast: [`SELECT 'abc'::int`], // 22P02
      range: [`SELECT 2147483648::int4`], // 22003
      date: [`SELECT to_date('31/02/1990', 'DD/MM/YYYY')`], // 22008
      nul: [`SELECT convert_from('\\x6100'::bytea, 'UTF8')`], // 22021
      // 54000: a value too large for a btree index row (what a 1 MB saved-filter name did)
      index: [`CREATE TEMP TABLE IF NOT EXISTS big (t text PRIMARY KEY)`, `INSERT INTO big SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 400)`],
      syntax: [`SELEKT 1`], // 42601: a bug of ours, not the caller's
    };
    app.get('/q/:name', async (request) => {
      for (const sql of cases[(request.params as { name: string }).name]) await db.query(sql);
      return {};
    });
    try {
      for (const name of ['cast', 'range', 'date', 'nul', 'index']) {
        const res = await app.inject({ method: 'GET', url: `/q/${name}` });
        expect([name, res.statusCode, res.json()]).toEqual([name, 400, { code: 1101, message: 'Validation Failed', data: [{ label: 'request', reason: 'holds a value out of range or in the wrong format' }] }]);
        expect(res.body).not.toMatch(/abc|integer|date\/time|31\/02/); // the database's message stays in the log
      }
      const bug = await app.inject({ method: 'GET', url: '/q/syntax' });
      expect([bug.statusCode, bug.json().code]).toEqual([500, 1100]);
    } finally {
      await app.close();
      await drop();
    }
  });
});
