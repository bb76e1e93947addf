import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * POST /v3/queries/recipients, the "Raise a query" picker (issue 26): by name, only users a query may go to (enabled
 * staff with APPLICATIONS_ACTIONS who may open the application; not the caller) and teams; through the one
 * authorization rule (application access + APPLICATIONS_ACTIONS), refusals revealing nothing.
 */
let t: TestApp;
const logins: Record<string, LoggedIn> = {};
let north = '';

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'dev1', 'viewer1', 'nsm1']) logins[u] = await loginAs(t.app, u);
  const res = await call('cpa1', { url: '/v3/application/save', payload: { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Picker', lastName: 'Case' }] } });
  expect(res.status).toBe(201);
  north = res.body.data.application_id;
});
afterAll(() => t.close());

async function call(user: string | null, opts: { url?: string; payload: Json }) {
  const res = await t.app.inject({ method: 'POST', url: opts.url ?? '/v3/queries/recipients', headers: user ? logins[user].headers : {}, payload: opts.payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const pick = (user: string, search: string, id = north) => call(user, { payload: { application_id: id, search } });

describe(`query recipient picker on ${dbKind()}`, () => {
  test('finds people by any part of their name, case-insensitively, with their display name', async () => {
    const r = await pick('cpa1', 'bel');
    expect(r.status).toBe(200);
    expect(r.body.data.users).toEqual([{ userName: 'bcm1', name: 'Bela Menon' }]);
    expect((await pick('cpa1', 'MENON')).body.data.users).toEqual([{ userName: 'bcm1', name: 'Bela Menon' }]);
    expect((await pick('cpa1', 'bcm')).body.data.users.map((u: Json) => u.userName)).toEqual(['bcm1']);
    expect((await pick('cpa1', 'north')).body.data.teams.map((x: Json) => x.teamId)).toEqual(expect.arrayContaining(['BR-NORTH', 'CPA-NORTH']));
  });

  test('lists only those who may receive it: not the caller, not view-only or action-less users, not staff who cannot open the application', async () => {
    const everyone = (await pick('cpa1', '')).body.data.users.map((u: Json) => u.userName);
    expect(everyone).toEqual(expect.arrayContaining(['bcm1', 'cpa2', 'bh1']));
    for (const absent of ['cpa1', 'viewer1', 'nsm1', 'dev1']) expect(everyone).not.toContain(absent);
    expect((await pick('cpa1', 'Chitra')).body.data.users).toEqual([]);
    expect((await pick('cpa1', 'Vani')).body.data.users).toEqual([]);
    expect((await pick('cpa1', 'Dev')).body.data.users).toEqual([]);
    expect((await pick('cpa1', '%')).body.data.users).toEqual([]); // a wildcard is a character, not "everyone"
  });

  test('refusals reveal nothing: another branch and a missing application answer alike; no actions 403; no session 401; bounded input', async () => {
    const hidden = await pick('dev1', 'bel');
    const missing = await pick('dev1', 'bel', 'APP-99999999');
    expect(hidden.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(hidden.body).toEqual(missing.body);
    expect(JSON.stringify(hidden.body)).not.toMatch(/Bela|bcm1/);
    expect([403, 404]).toContain((await pick('nsm1', 'bel')).status);
    expect((await call(null, { payload: { application_id: north, search: 'bel' } })).status).toBe(401);
    expect((await pick('cpa1', 'x'.repeat(61))).status).toBe(400);
  });
});
