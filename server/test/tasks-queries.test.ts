import { createTestApp, type TestApp } from './helpers/test-app';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * §4 query (sub-task) lifecycle through the §7 calls: raise → comment → update → close → reopen, with the
 * application's open-query count, §2 sub-status and "my queries" holders following each step, and every change
 * leaving its audit row, worklog entry and notification. Refusals: stale verNum (409), application access only
 * (403), another branch (the neutral 404), bad input (400/1101), and nothing written by any of them.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  await grantCompleteOverride(t.app.db, ['cpa1']);
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'dev1', 'viewer1', 'admin']) headers[u] = (await loginAs(t.app, u)).headers;
  headers.customer = (await loginAs(t.app, 'portal-customer')).headers;
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const post = (user: string, path: string, payload: Json) => call(user, 'POST', `/v3/taskconfigs/${path}`, payload);

async function create(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Query', lastName: 'Case' }], customFields: { loanAmount: 250000 } });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
async function row(id: string) {
  const { rows } = await t.app.db.query<Json>(`SELECT ver_num, open_queries, query_holders, mod_time FROM applications WHERE application_id = $1`, [id]);
  return rows[0];
}
const view = async (id: string) => (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data;
async function trail(id: string) {
  const q = async (sql: string) => (await t.app.db.query<Json>(sql, [id])).rows;
  return {
    audits: await q(`SELECT field_key, old_value, new_value, action, user_id FROM audits WHERE application_id = $1 AND action IN ('createSubTask', 'updateSubTask', 'addCommentToTask', 'closeSubTask', 'reopenSubTask') ORDER BY id`),
    worklogs: await q(`SELECT action, comment, user_id FROM worklogs WHERE application_id = $1 ORDER BY id`),
    notifications: await q(`SELECT username, team_id, sender, type, event, messages FROM notifications WHERE application_id = $1 ORDER BY id`),
    subTasks: await q(`SELECT id, status, assigned_to, assigned_team, body FROM sub_tasks WHERE application_id = $1 ORDER BY id`),
  };
}
const NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] };
const QUERY_NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'subTaskId', reason: 'Query not found' }] };

describe(`query lifecycle on ${dbKind()}`, () => {
  test('raise → comment → update → close → reopen: counts, sub-status, holders, audit, worklog and notifications follow', async () => {
    const id = await create();
    const v0 = (await row(id)).ver_num;
    expect((await view(id)).subStatus).toBeNull();

    // raise to bcm1
    const raised = await post('cpa1', 'createSubTask', { application_id: id, verNum: v0, subject: 'Salary slips for March?', description: 'The March slip is missing', assignedTo: 'bcm1', fields: ['monthlyIncome'], documents: ['salarySlips'] });
    expect(raised.status).toBe(200);
    const q = raised.body.data;
    expect(q).toMatchObject({ type: 'QUERY', status: 'OPEN', subject: 'Salary slips for March?', assignedTo: 'bcm1', assignedTeam: null, raisedBy: 'cpa1', fields: ['monthlyIncome'], documents: ['salarySlips'], comments: [], closedAt: null });
    expect(raised.body.application).toEqual({ application_id: id, verNum: v0 + 1, openQueries: 1, openApprovals: 0, subStatus: 'QUERIES' });
    expect(await row(id)).toMatchObject({ ver_num: v0 + 1, open_queries: 1, query_holders: ['bcm1'] });
    expect((await view(id)).subStatus).toBe('QUERIES');
    const mine = await call('bcm1', 'GET', `/v3/taskconfigs/subTaskList/${id}/ALL/QUERY/OPEN`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((s: Json) => s.subTaskId)).toEqual([q.subTaskId]);

    // bcm1 comments: cpa1 (the raiser) is told
    const commented = await post('bcm1', 'addCommentToTask', { application_id: id, verNum: v0 + 1, subTaskId: q.subTaskId, comment: 'Asked the applicant' });
    expect(commented.status).toBe(200);
    expect(commented.body.data.comments).toEqual([{ by: 'bcm1', at: expect.any(String), text: 'Asked the applicant' }]);
    expect(commented.body.application).toMatchObject({ verNum: v0 + 2, openQueries: 1, subStatus: 'QUERIES' });

    // cpa1 moves it to the CPA-NORTH team
    const updated = await post('cpa1', 'updateSubTask', { application_id: id, verNum: v0 + 2, subTaskId: q.subTaskId, assignedTeam: 'CPA-NORTH', subject: 'Salary slips for March' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ assignedTo: null, assignedTeam: 'CPA-NORTH', subject: 'Salary slips for March' });
    expect(await row(id)).toMatchObject({ ver_num: v0 + 3, open_queries: 1, query_holders: ['team:CPA-NORTH'] });

    // cpa2 (in the team now holding it) closes it
    const closed = await post('cpa2', 'closeSubTask', { application_id: id, verNum: v0 + 3, subTaskId: q.subTaskId, comment: 'Slip received' });
    expect(closed.status).toBe(200);
    expect(closed.body.data).toMatchObject({ status: 'CLOSED', closedBy: 'cpa2', closedAt: expect.any(String) });
    expect(closed.body.application).toEqual({ application_id: id, verNum: v0 + 4, openQueries: 0, openApprovals: 0, subStatus: null });
    expect(await row(id)).toMatchObject({ open_queries: 0, query_holders: [] });
    expect((await view(id)).subStatus).toBeNull();
    expect((await call('cpa1', 'GET', `/v3/taskconfigs/subTaskList/${id}/ALL/QUERY/OPEN`)).body.data).toEqual([]);

    // cpa1 reopens it: back with the team
    const reopened = await post('cpa1', 'reopenSubTask', { application_id: id, verNum: v0 + 4, subTaskId: q.subTaskId, comment: 'The slip is unsigned' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data).toMatchObject({ status: 'OPEN', closedBy: null, closedAt: null });
    expect(reopened.body.application).toMatchObject({ verNum: v0 + 5, openQueries: 1, subStatus: 'QUERIES' });
    expect(await row(id)).toMatchObject({ open_queries: 1, query_holders: ['team:CPA-NORTH'] });

    const details = await call('bcm1', 'GET', `/v3/taskconfigs/subTaskDetails/${q.subTaskId}`);
    expect(details.status).toBe(200);
    expect(details.body.data.comments.map((c: Json) => [c.by, c.text])).toEqual([['bcm1', 'Asked the applicant'], ['cpa2', 'Slip received'], ['cpa1', 'The slip is unsigned']]);

    const { audits, worklogs, notifications } = await trail(id);
    expect(audits.filter((a) => a.field_key === '_action').map((a) => [a.action, a.user_id])).toEqual([
      ['createSubTask', 'cpa1'], ['addCommentToTask', 'bcm1'], ['updateSubTask', 'cpa1'], ['closeSubTask', 'cpa2'], ['reopenSubTask', 'cpa1'],
    ]);
    expect(audits).toContainEqual(expect.objectContaining({ field_key: `query.${q.subTaskId}.status`, old_value: 'OPEN', new_value: 'CLOSED', user_id: 'cpa2' }));
    expect(audits).toContainEqual(expect.objectContaining({ field_key: `query.${q.subTaskId}.assigned_team`, old_value: null, new_value: 'CPA-NORTH' }));
    expect(worklogs.slice(-5).map((w) => [w.action, w.user_id])).toEqual([
      ['createSubTask', 'cpa1'], ['addCommentToTask', 'bcm1'], ['updateSubTask', 'cpa1'], ['closeSubTask', 'cpa2'], ['reopenSubTask', 'cpa1'],
    ]);
    // The team by its name, not its id (issue 30).
    expect(worklogs.at(-3)!.comment).toBe(`Query ${q.subTaskId} moved from bcm1 to team CPA North`);
    expect(notifications.slice(-5).map((n) => [n.username, n.team_id, n.event])).toEqual([
      ['bcm1', null, 'AssignedQueriesToUser'], // raised: the holder
      ['cpa1', null, 'AssignedQueriesToUser'], // bcm1's comment: the raiser
      [null, 'CPA-NORTH', 'AssignedQueriesToTeam'], // moved: the new holder
      ['cpa1', null, 'AssignedQueriesToUser'], // closed: the raiser
      [null, 'CPA-NORTH', 'AssignedQueriesToTeam'], // reopened: the holder
    ]);
  });

  test('completing the step with an open query fails with QUERIES_PENDING', async () => {
    const id = await create();
    const v = (await row(id)).ver_num;
    expect((await post('cpa1', 'createSubTask', { application_id: id, verNum: v, subject: 'PAN copy?', assignedTo: 'cpa2' })).status).toBe(200);
    const done = await call('cpa1', 'POST', '/v3/application/action/complete_step/user', { application_id: id, verNum: v + 1, completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(done.status).toBe(400);
    expect(done.body.data).toContainEqual({ label: 'Open queries', reason: '1 query(ies) are unresolved', code: 'QUERIES_PENDING' });
  });

  test('a query goes only to someone who can answer it: staff who may act and may open the application', async () => {
    const id = await create();
    const v = (await row(id)).ver_num;
    const to = async (assignedTo: string) => (await post('cpa1', 'createSubTask', { application_id: id, verNum: v, subject: 'PAN copy?', assignedTo })).body.data;
    expect(await to('nobody')).toEqual([{ label: 'assignedTo', reason: 'There is no user "nobody"' }]);
    expect(await to('viewer1')).toEqual([{ label: 'assignedTo', reason: 'User viewer1 has application access only and cannot answer a query' }]);
    // dev1 acts on applications but works outside the north branch: it may not open this one (the read rule).
    expect(await to('dev1')).toEqual([{ label: 'assignedTo', reason: `User dev1 may not open application ${id}` }]);
    expect((await row(id)).ver_num).toBe(v);
  });

  test('a stale verNum is 409 and changes nothing; of two concurrent closes from one version only one applies', async () => {
    const id = await create();
    const v = (await row(id)).ver_num;
    const q = (await post('cpa1', 'createSubTask', { application_id: id, verNum: v, subject: 'Address proof?', assignedTo: 'bcm1' })).body.data;
    const before = await trail(id);
    const stale = await post('cpa1', 'closeSubTask', { application_id: id, verNum: v, subTaskId: q.subTaskId });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 1101, data: [{ label: 'verNum' }] });
    expect(await trail(id)).toEqual(before);

    const [a, b] = await Promise.all([
      post('cpa1', 'closeSubTask', { application_id: id, verNum: v + 1, subTaskId: q.subTaskId }),
      post('bcm1', 'closeSubTask', { application_id: id, verNum: v + 1, subTaskId: q.subTaskId }),
    ]);
    // One close wins; the other read the same version and is told it is stale, not applied twice.
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const { audits } = await trail(id);
    expect(audits.filter((x) => x.action === 'closeSubTask' && x.field_key === '_action')).toHaveLength(1);
    expect((await row(id)).ver_num).toBe(v + 2);
  });

  test('viewer1 (application access only) is refused every write with 403 and writes nothing', async () => {
    const r = await call('dev1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Viewer' }] });
    const id = r.body.data.application_id; // south: viewer1's branch, so viewer1 may open it
    expect((await call('viewer1', 'GET', `/v3/taskconfigs/subTaskList/${id}/ALL/ALL/ALL`)).status).toBe(200);
    const v = (await row(id)).ver_num;
    const before = await trail(id);
    const refused = await post('viewer1', 'createSubTask', { application_id: id, verNum: v, subject: 'x', assignedTo: 'dev1' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }] });
    expect(await trail(id)).toEqual(before);
    expect((await row(id)).ver_num).toBe(v);
  });

  test('a caller of another branch gets the neutral 404 for the application and for its queries', async () => {
    const id = await create();
    const v = (await row(id)).ver_num;
    const q = (await post('cpa1', 'createSubTask', { application_id: id, verNum: v, subject: 'Bank statement?', assignedTo: 'bcm1' })).body.data;
    const before = await trail(id);
    for (const [path, body] of [
      ['createSubTask', { application_id: id, verNum: v + 1, subject: 'x', assignedTo: 'dev1' }],
      ['closeSubTask', { application_id: id, verNum: v + 1, subTaskId: q.subTaskId }],
      ['addCommentToTask', { application_id: id, verNum: v + 1, subTaskId: q.subTaskId, comment: 'peek' }],
    ] as const) {
      const res = await post('dev1', path, body);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 404, body: NOT_FOUND });
    }
    expect(await call('dev1', 'GET', `/v3/taskconfigs/subTaskList/${id}/ALL/ALL/ALL`)).toEqual({ status: 404, body: NOT_FOUND });
    // A sub-task id names no application: a foreign one answers exactly what a missing one does.
    const foreign = await call('dev1', 'GET', `/v3/taskconfigs/subTaskDetails/${q.subTaskId}`);
    expect(foreign).toEqual({ status: 404, body: QUERY_NOT_FOUND });
    expect(await call('dev1', 'GET', '/v3/taskconfigs/subTaskDetails/999999999')).toEqual(foreign);
    expect(await call('customer', 'GET', `/v3/taskconfigs/subTaskDetails/${q.subTaskId}`)).toEqual(foreign);
    // A query of another application named with one the caller may open is not found either.
    const other = await create();
    const wrong = await post('cpa1', 'closeSubTask', { application_id: other, verNum: (await row(other)).ver_num, subTaskId: q.subTaskId });
    expect(wrong).toEqual({ status: 404, body: QUERY_NOT_FOUND });
    expect(await trail(id)).toEqual(before);
  });

  test('only the raiser, the holder or an admin may close; the lifecycle refuses what makes no sense', async () => {
    const id = await create();
    let v = (await row(id)).ver_num;
    const q = (await post('cpa1', 'createSubTask', { application_id: id, verNum: v, subject: 'ITR?', assignedTo: 'bcm1' })).body.data;
    v++;
    const outsider = await post('cpa2', 'closeSubTask', { application_id: id, verNum: v, subTaskId: q.subTaskId });
    expect(outsider.status).toBe(403);
    expect(outsider.body.data).toEqual([{ label: 'subTaskId', reason: 'Only cpa1 or bcm1 may close this query' }]);
    expect((await post('cpa1', 'reopenSubTask', { application_id: id, verNum: v, subTaskId: q.subTaskId })).body.data).toEqual([{ label: 'subTaskId', reason: `Query ${q.subTaskId} is open already` }]);
    expect((await post('admin', 'closeSubTask', { application_id: id, verNum: v, subTaskId: q.subTaskId })).status).toBe(200);
    v++;
    const again = await post('cpa1', 'closeSubTask', { application_id: id, verNum: v, subTaskId: q.subTaskId });
    expect(again).toEqual({ status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'subTaskId', reason: `Query ${q.subTaskId} is already closed` }] } });
    const upd = await post('cpa1', 'updateSubTask', { application_id: id, verNum: v, subTaskId: q.subTaskId, subject: 'x' });
    expect(upd.body.data).toEqual([{ label: 'subTaskId', reason: `Query ${q.subTaskId} is closed; reopen it to change it` }]);
    expect((await row(id)).ver_num).toBe(v);
  });

  test('bad input is 400/1101 naming the field, and nothing is written', async () => {
    const id = await create();
    const v = (await row(id)).ver_num;
    const before = await trail(id);
    const cases: [string, Json, string][] = [
      ['createSubTask', { application_id: id, verNum: v, assignedTo: 'bcm1' }, 'subject'],
      ['createSubTask', { application_id: id, verNum: v, subject: '   ', assignedTo: 'bcm1' }, 'subject'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'x'.repeat(201), assignedTo: 'bcm1' }, 'subject'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'Who?' }, 'assignedTo'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'Both?', assignedTo: 'bcm1', assignedTeam: 'CREDIT' }, 'assignedTo'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'Nobody', assignedTo: 'nobody' }, 'assignedTo'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'Viewer', assignedTo: 'viewer1' }, 'assignedTo'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'Other branch', assignedTo: 'dev1' }, 'assignedTo'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'No team', assignedTeam: 'NO-SUCH-TEAM' }, 'assignedTeam'],
      ['createSubTask', { application_id: id, verNum: v, subject: 'Task', assignedTo: 'bcm1', taskId: 'TASK-NOPE' }, 'taskId'],
      ['createSubTask', { application_id: id, verNum: -1, subject: 'x', assignedTo: 'bcm1' }, 'verNum'],
      ['addCommentToTask', { application_id: id, verNum: v, subTaskId: 'abc', comment: 'x' }, 'subTaskId'],
      ['addCommentToTask', { application_id: id, verNum: v, subTaskId: '1' }, 'comment'],
      ['updateSubTask', { application_id: id, verNum: v, subTaskId: '99999999999999999999', subject: 'x' }, 'subTaskId'],
    ];
    for (const [path, body, field] of cases) {
      const res = await post('cpa1', path, body);
      const seen = { path, body, status: res.status, code: res.body.code, labels: (res.body.data ?? []).map((d: Json) => d.label).join(',') };
      expect(seen).toEqual({ ...seen, status: 400, code: 1101, labels: expect.stringContaining(field) });
    }
    const badList = await call('cpa1', 'GET', `/v3/taskconfigs/subTaskList/${id}/ALL/NOTES/ALL`);
    expect(badList.status).toBe(400);
    expect(badList.body.code).toBe(1101);
    expect((await call('cpa1', 'GET', '/v3/taskconfigs/subTaskDetails/0')).status).toBe(400);
    expect(await trail(id)).toEqual(before);
    expect((await row(id)).ver_num).toBe(v);
  });
});
