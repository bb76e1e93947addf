import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import type { Json } from './helpers/json';
import { reviewBucket } from '../src/domain/tasks/snooze';

/**
 * §2 snooze tab / §6 TASK_REVIEW_DATE: updateSnoozeTime and removeSnoozeTime set and clear the current task's
 * review date (activeOn), which moves it between the §4 review buckets Today and Future; each in one transaction
 * with verNum, an audit row and a worklog entry; a snooze notifies nobody (tasks-snooze-notify.test.ts).
 */
const s = staffApp(['cpa1', 'bh1', 'dev1', 'viewer1']);
const { call } = s;

const post = (user: string, path: string, payload: Json) => call(user, 'POST', `/v3/taskconfigs/${path}`, payload);
async function create(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Snooze', lastName: 'Case' }] });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
async function state(id: string) {
  const one = async (sql: string) => (await s.app.db.query<Json>(sql, [id])).rows;
  const [app] = await one(`SELECT ver_num, cur_task_id FROM applications WHERE application_id = $1`);
  return {
    app,
    task: (await one(`SELECT t.task_id, t.active_on FROM tasks t JOIN applications a ON a.cur_task_id = t.task_id WHERE a.application_id = $1`))[0],
    audits: await one(`SELECT field_key, new_value, action, user_id FROM audits WHERE application_id = $1 AND action IN ('updateSnoozeTime', 'removeSnoozeTime') ORDER BY id`),
    worklogs: await one(`SELECT action, comment, user_id FROM worklogs WHERE application_id = $1 AND action IN ('updateSnoozeTime', 'removeSnoozeTime') ORDER BY id`),
    notifications: await one(`SELECT username, team_id, event FROM notifications WHERE application_id = $1 AND sender = 'cpa1' ORDER BY id`),
  };
}
const tomorrow = () => new Date(Date.now() + 86400000).toISOString();

describe(`snooze on ${dbKind()}`, () => {
  test('set moves the task to Future with its review date; remove brings it back to Today; each audited and logged, nobody notified', async () => {
    const id = await create();
    const s0 = await state(id);
    expect(s0.task.active_on).toBeNull();
    const until = tomorrow();
    const set = await post('cpa1', 'updateSnoozeTime', { application_id: id, verNum: s0.app.ver_num, snoozeTime: until, reason: 'Applicant travelling' });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ taskId: s0.app.cur_task_id, activeOn: until, reviewBucket: 'Future' });
    expect(set.body.application).toMatchObject({ application_id: id, verNum: s0.app.ver_num + 1 });
    const s1 = await state(id);
    expect(new Date(s1.task.active_on).toISOString()).toBe(until);
    expect((await call('cpa1', 'GET', `/v3/taskconfigs/getConfigs?application_id=${id}&taskId=${s0.app.cur_task_id}`)).body.data[0].activeOn).toBe(until);

    const removed = await post('cpa1', 'removeSnoozeTime', { application_id: id, verNum: s0.app.ver_num + 1, reason: 'Back early' });
    expect(removed.status).toBe(200);
    expect(removed.body.data).toMatchObject({ activeOn: null, reviewBucket: 'Today' });
    const s2 = await state(id);
    expect(s2.task.active_on).toBeNull();
    expect(s2.app.ver_num).toBe(s0.app.ver_num + 2);
    expect(s2.audits.filter((a) => a.field_key === '_action').map((a) => [a.action, a.user_id])).toEqual([['updateSnoozeTime', 'cpa1'], ['removeSnoozeTime', 'cpa1']]);
    expect(s2.audits).toContainEqual(expect.objectContaining({ field_key: `task.${s0.app.cur_task_id}.activeOn`, new_value: until }));
    expect(s2.worklogs.map((w) => w.comment)).toEqual([`Snoozed until ${until}: Applicant travelling`, 'Snooze removed: Back early']);
    expect(s2.notifications).toHaveLength(0);

    const twice = await post('cpa1', 'removeSnoozeTime', { application_id: id, verNum: s2.app.ver_num });
    expect(twice.status).toBe(400);
    expect(twice.body.data).toEqual([{ label: 'taskId', reason: `Task ${s0.app.cur_task_id} is not snoozed` }]);
  });

  test('refused without TASK_REVIEW_DATE (bh1 may act on every branch but not snooze), for viewer1 and for another branch; stale verNum 409', async () => {
    const id = await create();
    const before = await state(id);
    const body = { application_id: id, verNum: before.app.ver_num, snoozeTime: tomorrow(), reason: 'Waiting' };
    expect(await post('bh1', 'updateSnoozeTime', body)).toEqual({ status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'This needs the TASK_REVIEW_DATE permission' }] } });
    expect((await post('viewer1', 'updateSnoozeTime', body)).status).toBe(403);
    expect(await post('dev1', 'updateSnoozeTime', body)).toEqual({ status: 404, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] } });
    const stale = await post('cpa1', 'updateSnoozeTime', { ...body, verNum: before.app.ver_num - 1 });
    expect(stale.status).toBe(409);
    expect(await state(id)).toEqual(before);
  });

  test('bad input is 400/1101 naming the field, and nothing changes', async () => {
    const id = await create();
    const before = await state(id);
    const v = before.app.ver_num;
    const cases: [Json, string][] = [
      [{ application_id: id, verNum: v, snoozeTime: 'next tuesday', reason: 'x' }, 'snoozeTime'],
      [{ application_id: id, verNum: v, snoozeTime: new Date(Date.now() - 60000).toISOString(), reason: 'x' }, 'snoozeTime'],
      [{ application_id: id, verNum: v, snoozeTime: new Date(Date.now() + 400 * 86400000).toISOString(), reason: 'x' }, 'snoozeTime'],
      [{ application_id: id, verNum: v, snoozeTime: tomorrow() }, 'reason'],
      [{ application_id: id, verNum: v, snoozeTime: tomorrow(), reason: ' ' }, 'reason'],
      [{ application_id: id, verNum: v, snoozeTime: tomorrow(), reason: 'x', taskId: 'TASK-NOPE' }, 'taskId'],
    ];
    for (const [body, field] of cases) {
      const res = await post('cpa1', 'updateSnoozeTime', body);
      const seen = { body, status: res.status, code: res.body.code, labels: (res.body.data ?? []).map((d: Json) => d.label).join(',') };
      expect(seen).toEqual({ ...seen, status: 400, code: 1101, labels: expect.stringContaining(field) });
    }
    expect(await state(id)).toEqual(before);
  });

  test('review buckets: Future while the review date is ahead, Today otherwise', () => {
    const now = new Date('2026-01-10T10:00:00Z');
    expect(reviewBucket(null, now)).toBe('Today');
    expect(reviewBucket('2026-01-10T09:59:59Z', now)).toBe('Today');
    expect(reviewBucket('2026-01-10T10:00:01Z', now)).toBe('Future');
  });
});
