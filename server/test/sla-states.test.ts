import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import type { Json } from './helpers/json';

/**
 * Honest SLA states (shared/src/sla/state.ts), as the detail page, the lists and the task inbox answer them: ACTIVE
 * runs (On track, At risk in the last 20 % of the limit, Breached), INACTIVE is paused since it was put on hold and
 * its time on hold is not counted, a closed status shows the time the bank took. Before, a rejected application
 * read "On track" and one on hold "Breached".
 */
const ALL = ['ACTIVE', 'INACTIVE', 'REJECTED', 'CANCELLED', 'COMPLETED', 'DELETED'];
const s = staffApp(['cpa1', 'bh1', 'admin']);
const { call, rows: sql, verNumOf: verOf } = s;

const act = async (action: string, id: string, extra: Json = {}) => {
  const r = await call('cpa1', 'POST', `/v3/application/action/${action}`, { application_id: id, verNum: await verOf(id), ...extra });
  expect(r.status).toBe(200);
  return r.body.data;
};
/** Rejected with four eyes (issue 25): cpa1 recommends with a configured reason, bh1 confirms; answers the detail. */
async function rejectedBy4Eyes(id: string, comment: string): Promise<Json> {
  await act('reject', id, { reasonCode: 'INCOME_NOT_VERIFIED', reason: comment });
  const subTaskId = (await sql(`SELECT id::text FROM sub_tasks WHERE application_id = $1 AND status = 'OPEN'`, [id]))[0].id;
  const r = await call('bh1', 'POST', '/v3/application/approvals/approve', { application_id: id, verNum: await verOf(id), subTaskId });
  expect(r.status).toBe(200);
  return (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data;
}
const detailSla = async (id: string) => (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data.sla as Json;
/** The application's row in the admin's list of every application (newest first, every status). */
async function listRow(id: string): Promise<Json> {
  const r = await call('admin', 'POST', '/backstage/getApplications', { queryType: 'ALL_APPLICATIONS', _applicationStatus: ALL, pagination: { pageSize: 100 } });
  expect(r.status).toBe(200);
  return (r.body.data as Json[]).find((row) => row.application_id === id)!;
}
async function created(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Sla', lastName: 'Case' }], customFields: { loanAmount: 200000 } });
  expect(r.status).toBe(201);
  return r.body.data.application_id as string;
}
/** Moves the running clock's due time (the row's copy, which every answer reads) to `mins` from now. */
const dueIn = (id: string, mins: number) => s.app.db.query(`UPDATE applications SET sla_due_at = now() + make_interval(mins => $2) WHERE application_id = $1`, [id, mins]);

describe(`SLA states on ${dbKind()}`, () => {
  test('ACTIVE: on track, at risk in the last 20% of the limit, breached, the same in the detail and the list', async () => {
    const id = await created();
    // Data Entry, held by its maker: the assigned clock (16 h) runs.
    const fresh = await detailSla(id);
    expect(fresh).toMatchObject({ state: 'ON_TRACK', status: 'ACTIVE', limitMins: 960, pausedSince: null, tookMins: null });
    expect(new Date(fresh.dueAt).getTime() - Date.now()).toBeGreaterThan(959 * 60000);
    expect(fresh).not.toHaveProperty('msLeft'); // the time left is the reader's to compute: two reads answer the same
    expect((await listRow(id)).sla).toMatchObject({ state: 'ON_TRACK', limitMins: 960 });

    await dueIn(id, 150); // 150 of 960 minutes left: under 20%
    expect((await detailSla(id)).state).toBe('AT_RISK');
    expect((await listRow(id)).sla.state).toBe('AT_RISK');

    await dueIn(id, -5);
    expect((await detailSla(id)).state).toBe('BREACHED');
    expect(await listRow(id)).toMatchObject({ slaBreached: true, sla: { state: 'BREACHED' } });
  });

  test('INACTIVE: paused since it was put on hold, never breached; reactivating leaves the time on hold out of the SLA', async () => {
    const id = await created();
    await dueIn(id, -5); // overdue before the hold: the hold still reads paused, not breached
    const held = await act('inactivate', id, { reason: 'Customer travelling' });
    expect(held.application_status).toBe('INACTIVE');
    const since = (await sql(`SELECT held_since FROM applications WHERE application_id = $1`, [id]))[0].held_since as Date;
    expect(held.sla).toMatchObject({ state: 'PAUSED', pauseReason: 'ON_HOLD', pausedSince: new Date(since).toISOString() });
    expect(await listRow(id)).toMatchObject({ slaBreached: false, sla: { state: 'PAUSED', pauseReason: 'ON_HOLD' } });

    // Two hours on hold, then reactivated: those two hours are excluded, and the task's overall end moves by them.
    await s.app.db.query(`UPDATE applications SET held_since = held_since - interval '2 hours' WHERE application_id = $1`, [id]);
    const back = await act('activate', id, { reason: 'Customer is back' });
    expect(back.sla.state).not.toBe('PAUSED');
    expect(back.sla.excludedMins).toBe(120);
    const task = (await sql(`SELECT sla_held_secs, overall_start FROM tasks WHERE task_id = (SELECT cur_task_id FROM applications WHERE application_id = $1)`, [id]))[0];
    expect(Number(task.sla_held_secs)).toBeGreaterThanOrEqual(7200);
    const overall = back.currentTask.operationalLevelAgreement.overall;
    expect(new Date(overall.timeLimit.expectedEndTS).getTime() - new Date(task.overall_start as Date).getTime()).toBe((24 * 60 * 60 + Number(task.sla_held_secs)) * 1000);
  });

  test('REJECTED: closed, with the time the bank took; never "on track"', async () => {
    const id = await created();
    await s.app.db.query(`UPDATE applications SET created_at = now() - interval '3 hours' WHERE application_id = $1`, [id]);
    const rejected = await rejectedBy4Eyes(id, 'Income could not be verified');
    expect(rejected.application_status).toBe('REJECTED');
    expect(rejected.sla).toMatchObject({ state: 'CLOSED', status: 'REJECTED' });
    expect(rejected.sla.tookMins).toBeGreaterThanOrEqual(179);
    expect(rejected.sla.tookMins).toBeLessThanOrEqual(181);
    expect(await detailSla(id)).toMatchObject({ state: 'CLOSED', tookMins: rejected.sla.tookMins });
    expect(await listRow(id)).toMatchObject({ slaBreached: false, sla: { state: 'CLOSED', tookMins: rejected.sla.tookMins } });
  });

  test('time waiting on the applicant, added to a task when the wait ends, is not counted for the application (079 trigger)', async () => {
    const id = await created();
    // What resumeTaskSlaIfIdle writes when the last request for information is answered: 25 minutes of waiting.
    await s.app.db.query(`UPDATE tasks SET sla_paused_secs = sla_paused_secs + 1500 WHERE application_id = $1`, [id]);
    expect((await detailSla(id)).excludedMins).toBe(25);
    const rejected = await rejectedBy4Eyes(id, 'Withdrawn by the applicant');
    expect(rejected.sla).toMatchObject({ state: 'CLOSED', excludedMins: 25, tookMins: 0 });
  });

  test('the task inbox shows a task with its application\'s state', async () => {
    const id = await created();
    await dueIn(id, 100);
    const r = await call('cpa1', 'GET', '/v3/taskconfigs/inbox?kind=task&bucket=All&limit=100');
    expect(r.status).toBe(200);
    const item = (r.body.data as Json[]).find((i) => i.application_id === id);
    expect(item).toMatchObject({ kind: 'task', sla: { state: 'AT_RISK', status: 'ACTIVE' } });
  });
});
