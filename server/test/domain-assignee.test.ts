import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';

/**
 * assign / reassign name a target user: it must be a real, enabled staff user who may act
 * (APPLICATIONS_ACTIONS) and is in a team the task is assigned to. Every refusal is §8's 400/1101 on
 * userName and changes nothing (verNum, task, audits, notifications). PL's Data Entry task of an
 * application created by cpa1 belongs to CPA-NORTH.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

import type { Json } from './helpers/json';
const rows = async (sql: string, params: unknown[] = []) => (await t.app.db.query<Json>(sql, params)).rows;

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['admin', 'bcm1', 'cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
  // Users a target check must see through: disabled but otherwise fit, and application-access-only
  // inside the task's own team.
  await t.app.db.query(`INSERT INTO users (user_id, first_name, enabled) VALUES ('gone1', 'Gone', false), ('look1', 'Look', true)`);
  await t.app.db.query(`INSERT INTO user_roles (user_id, role) VALUES ('gone1', 'APPLICATIONS_ACTIONS'), ('look1', 'APPLICATION_ACCESS')`);
  await t.app.db.query(`INSERT INTO team_members (team_id, user_id) VALUES ('CPA-NORTH', 'gone1'), ('CPA-NORTH', 'look1')`);
});
afterAll(() => t.close());

async function call(user: string, url: string, payload: Json) {
  const res = await t.app.inject({ method: 'POST', url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const act = (user: string, action: string, body: Json) => call(user, `/v3/application/action/${action}`, body);

async function snapshot(id: string) {
  return {
    app: await rows(`SELECT ver_num, assigned_to, task_progress FROM applications WHERE application_id = $1`, [id]),
    tasks: await rows(`SELECT task_id, assigned_to, progress FROM tasks WHERE application_id = $1 ORDER BY task_id`, [id]),
    audits: (await rows(`SELECT count(*)::int AS n FROM audits WHERE application_id = $1`, [id]))[0].n,
    notifications: (await rows(`SELECT count(*)::int AS n FROM notifications WHERE application_id = $1`, [id]))[0].n,
  };
}

const NOT_ASSIGNABLE: [string, RegExp][] = [
  ['ghost', /There is no user "ghost"/],
  ['gone1', /gone1 is inactive/],
  ['portal-customer', /not a staff user/],
  ['look1', /application access only/],
  ['viewer1', /application access only/],
  ['dev1', /dev1 is not in team CPA-NORTH/],
  ['bh1', /bh1 is not in team CPA-NORTH/],
];

describe(`assign / reassign target users on ${dbKind()}`, () => {
  let id: string;

  beforeAll(async () => {
    const r = await call('cpa1', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Tara', lastName: 'Assign', mobile: '9876500001', email: 'tara@example.in' }], customFields: { loanAmount: 400000 } });
    expect(r.status).toBe(201);
    id = r.body.data.application_id;
    // Back to CPA-NORTH's queue so that assign applies.
    expect((await act('cpa1', 'release', { application_id: id, verNum: 1 })).status).toBe(200);
  });

  test.each(NOT_ASSIGNABLE)('assign to %s is refused with 1101 and changes nothing', async (userName, reason) => {
    const before = await snapshot(id);
    for (const who of ['bcm1', 'admin']) {
      const r = await act(who, 'assign', { application_id: id, verNum: 2, userName });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 1101, message: 'Validation Failed', data: [{ label: 'userName' }] });
      expect(r.body.data[0].reason).toMatch(reason);
    }
    expect(await snapshot(id)).toEqual(before);
  });

  test('assign to a fit member of the task team works; reassign then checks its target the same way', async () => {
    const ok = await act('bcm1', 'assign', { application_id: id, verNum: 2, userName: 'cpa2' });
    expect(ok.status).toBe(200);
    expect(ok.body.data.currentTask).toMatchObject({ progress: 'In Progress', assignedTo: 'cpa2' });

    const before = await snapshot(id);
    for (const [userName, reason] of NOT_ASSIGNABLE) {
      // admin holds ALL_APPLICATIONS_REASSIGN: the permission passes, the target does not.
      const r = await act('admin', 'reassign', { application_id: id, verNum: 3, userName });
      expect(r.status).toBe(400);
      expect(r.body).toMatchObject({ code: 1101, data: [{ label: 'userName' }] });
      expect(r.body.data[0].reason).toMatch(reason);
    }
    expect(await snapshot(id)).toEqual(before);

    const moved = await act('admin', 'reassign', { application_id: id, verNum: 3, userName: 'cpa1' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.currentTask.assignedTo).toBe('cpa1');
  });

  test('a user disabled after being fit is refused from then on', async () => {
    await t.app.db.query(`UPDATE users SET enabled = false WHERE user_id = 'cpa2'`);
    try {
      const r = await act('admin', 'reassign', { application_id: id, verNum: 4, userName: 'cpa2' });
      expect(r.status).toBe(400);
      expect(r.body.data[0].reason).toMatch(/cpa2 is inactive/);
    } finally {
      await t.app.db.query(`UPDATE users SET enabled = true WHERE user_id = 'cpa2'`);
    }
    expect((await act('admin', 'reassign', { application_id: id, verNum: 4, userName: 'cpa2' })).status).toBe(200);
  });
});
