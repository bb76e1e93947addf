import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import type { Json } from './helpers/json';

/**
 * §4 other task actions Drop, Reappraise and Rebook (issue 25), offered where the product's lifecycle lists them on
 * the task (seed/config/lifecycles.ts): Drop cancels as a drop-out with a reason, Rebook reopens it at the same step,
 * Reappraise sends a loan at Disbursement back to its credit step. Each needs the task's holder and a reason.
 */
const s = staffApp(['cpa1', 'cpa2', 'bcm1', 'bh1', 'admin'], { prepare: (app) => grantCompleteOverride(app.db, ['cpa1', 'bcm1']) });
const { call, rows, verNumOf: verOf } = s;

const act = async (user: string, action: string, id: string, extra: Json = {}) =>
  call(user, 'POST', `/v3/application/action/${action}`, { application_id: id, verNum: await verOf(id), ...extra });
const refusal = (label: string) => ({ code: 1101, message: 'Validation Failed', data: [expect.objectContaining({ label })] });

async function created(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Other', lastName: 'Actions' }], customFields: { loanAmount: 200000 } });
  expect(r.status).toBe(201);
  return r.body.data.application_id as string;
}

describe(`other task actions on ${dbKind()}`, () => {
  test('Drop: the holder, with a reason, cancels it as a drop-out; Rebook reopens it at the same step', async () => {
    const id = await created();
    const task = (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data.currentTask;
    expect(task.actions.map((a: Json) => a.type)).toEqual(expect.arrayContaining(['Drop', 'Rebook']));
    expect(await act('cpa1', 'drop', id)).toEqual({ status: 400, body: refusal('reason') });
    expect(await act('cpa2', 'drop', id, { reason: 'Not mine' })).toEqual({ status: 400, body: refusal('drop') }); // not the holder
    const dropped = await act('cpa1', 'drop', id, { reason: 'Applicant took a loan elsewhere' });
    expect(dropped.status).toBe(200);
    expect(dropped.body.data).toMatchObject({ application_status: 'CANCELLED', currentTask: { progress: 'Cancelled' }, sla: { state: 'CLOSED' } });
    expect((await rows(`SELECT doc -> 'dropped' AS d FROM applications WHERE application_id = $1`, [id]))[0].d).toMatchObject({ reason: 'Applicant took a loan elsewhere', by: 'cpa1', stage: 0 });
    const log = await rows(`SELECT comment FROM worklogs WHERE application_id = $1 ORDER BY at DESC LIMIT 1`, [id]);
    expect(log[0].comment).toBe('Dropped at Data Entry (the applicant dropped out): Applicant took a loan elsewhere');

    const rebooked = await call('bcm1', 'POST', '/backstage/rebook', { application_id: id, verNum: await verOf(id), reason: 'Applicant came back' });
    expect(rebooked.status).toBe(200);
    expect((await call('cpa1', 'GET', `/v3/application/${id}`)).body.data).toMatchObject({ application_status: 'ACTIVE', currentTask: { taskId: task.taskId, progress: 'Pending' } });
  });

  test('Reappraise is offered where the step lists it: from Disbursement back to Credit Review; refused at Data Entry', async () => {
    const id = await created();
    expect(await act('cpa1', 'reappraise', id, { reason: 'x' })).toEqual({ status: 400, body: refusal('reappraise') });
    expect((await act('cpa1', 'complete_step/user', id, { completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    expect((await act('bcm1', 'assign', id)).status).toBe(200);
    expect((await act('bcm1', 'complete_step/user', id, { completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    const level = ((await call('bh1', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`)).body.data.chain as Json[])[0];
    expect((await call('bh1', 'POST', '/v3/application/approvals/approve', { application_id: id, verNum: await verOf(id), subTaskId: level.subTaskId })).status).toBe(200);
    expect((await act('admin', 'assign', id)).status).toBe(200);
    const at = (await call('admin', 'GET', `/v3/application/${id}`)).body.data;
    expect(at).toMatchObject({ appLifeCycle: { stage: 3 }, currentTask: { assignedTo: 'admin' } });
    expect(at.currentTask.actions).toEqual(expect.arrayContaining([{ type: 'Reappraise', value: '1' }]));

    expect(await act('admin', 'reappraise', id)).toEqual({ status: 400, body: refusal('reason') });
    const back = await act('admin', 'reappraise', id, { reason: 'Bureau score changed since the appraisal' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ application_status: 'ACTIVE', appLifeCycle: { stage: 1 }, currentTask: { progress: 'Pending', assignedTeam: ['CREDIT'] } });
    const log = await rows(`SELECT comment FROM worklogs WHERE application_id = $1 ORDER BY at DESC LIMIT 1`, [id]);
    expect(log[0].comment).toBe('Reappraisal: back from Disbursement to Credit Review: Bureau score changed since the appraisal');
  });
});
