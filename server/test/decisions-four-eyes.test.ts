import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import type { Json } from './helpers/json';

/**
 * Four eyes on a decline and reversible decisions (issue 25). An officer's Reject is a recommendation with one of the
 * product's configured decline reasons (081_decline_config.sql) that waits in the approval chain; the application is
 * REJECTED only when someone else with the approver's role confirms, and stays ACTIVE with the officer when they do
 * not. A role the product lets decline alone (the branch head) rejects at once. cancelReject and activate put the
 * application back on the task and holder it had, with the time it stood rejected or on hold kept out of the SLA,
 * within the product's reversal window. Cancel, inactivate, delete, cancelReject and activate need a reason.
 */
const s = staffApp(['cpa1', 'cpa2', 'bcm1', 'bh1', 'admin'], { prepare: (app) => grantCompleteOverride(app.db, ['cpa1', 'bcm1']) });
const { call, rows, verNumOf: verOf } = s;

const act = async (user: string, action: string, id: string, extra: Json = {}) =>
  call(user, 'POST', `/v3/application/action/${action}`, { application_id: id, verNum: await verOf(id), ...extra });
const approval = async (user: string, action: 'approve' | 'reject' | 'send_back', id: string, subTaskId: string, extra: Json = {}) =>
  call(user, 'POST', `/v3/application/approvals/${action}`, { application_id: id, verNum: await verOf(id), subTaskId, ...extra });
const options = (user: string, id: string) => call(user, 'GET', `/v3/application/action/declineOptions?application_id=${id}`);
const view = async (id: string, user = 'cpa1') => (await call(user, 'GET', `/v3/application/${id}`)).body.data;

async function created(product = 'PL'): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: product, applicant: [{ type: 'primary', firstName: 'Four', lastName: 'Eyes' }], customFields: { loanAmount: 200000 } });
  expect(r.status).toBe(201);
  return r.body.data.application_id as string;
}
const DECLINE = { reasonCode: 'INCOME_NOT_VERIFIED', reason: 'Salary slips do not match the bank statement' };

/** cpa1 recommends declining; answers the recommendation's sub-task id. */
async function recommended(id: string): Promise<string> {
  const r = await act('cpa1', 'reject', id, DECLINE);
  expect(r.status).toBe(200);
  const pending = (await options('bh1', id)).body.data.pending;
  expect(pending).toMatchObject({ by: 'cpa1', reason: 'Income could not be verified' });
  return pending.subTaskId as string;
}
const refusal = (label: string) => ({ code: 1101, message: 'Validation Failed', data: [expect.objectContaining({ label })] });

describe(`four eyes on a decline on ${dbKind()}`, () => {
  test("the Reject dialog offers the product's configured reasons; the branch head's Reject is final, the officer's is not", async () => {
    const id = await created();
    const officer = await options('cpa1', id);
    expect(officer.status).toBe(200);
    expect(officer.body.data).toMatchObject({ direct: false, reversalWindowHours: 720, pending: null });
    expect(officer.body.data.reasons).toEqual(expect.arrayContaining([{ code: 'INCOME_NOT_VERIFIED', label: 'Income could not be verified' }]));
    expect((await options('bh1', id)).body.data.direct).toBe(true);
  });

  test('a reject needs a configured reason and a comment; nothing is written without them', async () => {
    const id = await created();
    const ver = await verOf(id);
    expect(await act('cpa1', 'reject', id, { reason: 'No code' })).toEqual({ status: 400, body: refusal('reasonCode') });
    expect(await act('cpa1', 'reject', id, { reasonCode: 'NOT_A_REASON', reason: 'x' })).toEqual({ status: 400, body: refusal('reasonCode') });
    expect(await act('cpa1', 'reject', id, { reasonCode: 'INCOME_NOT_VERIFIED', reason: '   ' })).toEqual({ status: 400, body: refusal('reason') });
    expect(await verOf(id)).toBe(ver);
    expect((await view(id)).application_status).toBe('ACTIVE');
  });

  test("an officer's reject waits for a second person: ACTIVE in APPROVAL, refused to the officer, REJECTED when the branch head confirms", async () => {
    const id = await created();
    const subTaskId = await recommended(id);
    const pending = await view(id);
    expect(pending).toMatchObject({ application_status: 'ACTIVE', subStatus: 'APPROVAL', openApprovals: 1, currentTask: { progress: 'In Progress', assignedTo: 'cpa1' } });
    expect(pending.sla.state).not.toBe('CLOSED');
    // In the approver's "my approvals", shown as a decline recommendation.
    const mine = await call('bh1', 'POST', '/backstage/getApplications', { queryType: 'MY_APPROVALS', pagination: { pageSize: 100 } });
    expect((mine.body.data as Json[]).map((a) => a.application_id)).toContain(id);
    const chain = (await call('bh1', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`)).body.data.chain as Json[];
    expect(chain.find((e) => e.subTaskId === subTaskId)).toMatchObject({
      state: 'PENDING', maker: 'cpa1', role: 'BH', recommendation: { kind: 'DECLINE', reasonCode: 'INCOME_NOT_VERIFIED', reason: 'Income could not be verified', note: DECLINE.reason },
    });
    // A second recommendation while one waits is refused.
    expect((await act('cpa1', 'reject', id, DECLINE)).status).toBe(400);

    // Nobody without the approver's role confirms (the officer included; maker-checker is the next test).
    const ver = await verOf(id);
    expect(await approval('cpa1', 'approve', id, subTaskId)).toEqual({ status: 403, body: refusal('subTaskId') });
    expect((await approval('cpa2', 'approve', id, subTaskId)).status).toBe(403);
    expect(await verOf(id)).toBe(ver);

    const confirmed = await approval('bh1', 'approve', id, subTaskId, { comment: 'Agreed' });
    expect(confirmed.status).toBe(200);
    const rejected = await view(id);
    expect(rejected).toMatchObject({ application_status: 'REJECTED', currentTask: { progress: 'Rejected' }, sla: { state: 'CLOSED', status: 'REJECTED' } });
    const [row] = await rows(`SELECT doc -> 'rejection' AS r FROM applications WHERE application_id = $1`, [id]);
    expect(row.r).toMatchObject({ reasonCode: 'INCOME_NOT_VERIFIED', reason: 'Income could not be verified', comment: DECLINE.reason, by: 'bh1', recommendedBy: 'cpa1' });
    // Audited and in the worklog, both steps.
    const audits = await rows(`SELECT action, field_key FROM audits WHERE application_id = $1 ORDER BY at`, [id]);
    expect(audits).toEqual(expect.arrayContaining([
      expect.objectContaining({ action: 'reject', field_key: 'decline.recommended' }),
      expect.objectContaining({ action: 'approve', field_key: 'application_status' }),
    ]));
    const logs = (await rows(`SELECT comment FROM worklogs WHERE application_id = $1 ORDER BY at`, [id])).map((l) => l.comment as string);
    expect(logs).toEqual(expect.arrayContaining([expect.stringMatching(/^Decline recommended \(Income could not be verified\)/), expect.stringMatching(/confirmed by bh1/)]));
  });

  test('maker-checker: an officer who holds the confirming role still may not confirm their own decline (403)', async () => {
    // Business loans: a peer officer (role CPA) confirms declines, so cpa1 holds the confirming role too.
    await s.app.db.query(`UPDATE approval_matrices SET body = jsonb_set(body, '{decline,level}', '{"role": "CPA", "team": "CPA-NORTH", "name": "Peer officer"}') WHERE product_code = 'BL'`);
    try {
      const id = await created('BL');
      expect((await act('cpa1', 'reject', id, DECLINE)).status).toBe(200);
      const { subTaskId } = (await options('cpa1', id)).body.data.pending;
      const ver = await verOf(id);
      expect(await approval('cpa1', 'approve', id, subTaskId)).toEqual({ status: 403, body: refusal('maker-checker') });
      expect(await verOf(id)).toBe(ver);
      expect((await view(id)).application_status).toBe('ACTIVE');
      expect((await approval('cpa2', 'approve', id, subTaskId)).status).toBe(200);
      expect((await view(id)).application_status).toBe('REJECTED');
    } finally {
      await s.app.db.query(`UPDATE approval_matrices SET body = body #- '{decline,level}' WHERE product_code = 'BL'`);
    }
  });

  test('declining the confirmation leaves the application ACTIVE with the officer, who is told', async () => {
    const id = await created();
    const subTaskId = await recommended(id);
    const refused = await approval('bh1', 'reject', id, subTaskId, { reason: 'Bank statement covers the gap; verify again' });
    expect(refused.status).toBe(200);
    expect(await view(id)).toMatchObject({ application_status: 'ACTIVE', openApprovals: 0, currentTask: { progress: 'In Progress', assignedTo: 'cpa1' } });
    const told = await rows(`SELECT messages::text AS message FROM notifications WHERE application_id = $1 AND username = 'cpa1' ORDER BY id DESC LIMIT 1`, [id]);
    expect(told[0].message).toMatch(/bh1 did not confirm your decline .*verify again/);
    // The officer can still work it, and recommend again.
    expect((await act('cpa1', 'reject', id, DECLINE)).status).toBe(200);
  });

  test("a role the product's configuration lets decline alone rejects at once", async () => {
    // Business loans: CPA declines alone (the demo gives it to the branch head only).
    await s.app.db.query(`UPDATE approval_matrices SET body = jsonb_set(body, '{decline,directRoles}', '["BH", "CPA"]') WHERE product_code = 'BL'`);
    try {
      const id = await created('BL');
      expect((await options('cpa1', id)).body.data.direct).toBe(true);
      const r = await act('cpa1', 'reject', id, { reasonCode: 'POLICY_NOT_MET', reason: 'Business vintage under two years' });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ application_status: 'REJECTED', openApprovals: 0, sla: { state: 'CLOSED' } });
    } finally {
      await s.app.db.query(`UPDATE approval_matrices SET body = jsonb_set(body, '{decline,directRoles}', '["BH"]') WHERE product_code = 'BL'`);
    }
  });
});

describe(`reversible decisions on ${dbKind()}`, () => {
  test('cancelReject puts it back on the same task, stage and holder; the time it stood rejected is out of the SLA', async () => {
    const id = await created();
    const before = await view(id);
    const dueBefore = (await rows(`SELECT sla_due_at FROM applications WHERE application_id = $1`, [id]))[0].sla_due_at as Date;
    const subTaskId = await recommended(id);
    expect((await approval('bh1', 'approve', id, subTaskId)).status).toBe(200);
    // Rejected three hours ago.
    await s.app.db.query(`UPDATE applications SET closed_at = closed_at - interval '3 hours' WHERE application_id = $1`, [id]);

    expect(await act('bcm1', 'cancelReject', id)).toEqual({ status: 400, body: refusal('reason') });
    expect((await act('cpa2', 'cancelReject', id, { reason: 'Not mine' })).status).toBe(403);
    const back = await act('bcm1', 'cancelReject', id, { reason: 'Applicant sent the missing salary slips' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({
      application_status: 'ACTIVE',
      appLifeCycle: { stage: before.appLifeCycle.stage },
      currentTask: { taskId: before.currentTask.taskId, progress: 'In Progress', assignedTo: 'cpa1' },
    });
    expect(back.body.data.sla.state).not.toBe('CLOSED');
    expect(back.body.data.sla.excludedMins).toBeGreaterThanOrEqual(180);
    // The assigned clock's due time moved later by the time rejected (three hours and the seconds of the test).
    const dueAfter = (await rows(`SELECT sla_due_at FROM applications WHERE application_id = $1`, [id]))[0].sla_due_at as Date;
    const moved = (new Date(dueAfter).getTime() - new Date(dueBefore).getTime()) / 60000;
    expect(moved).toBeGreaterThanOrEqual(180);
    expect(moved).toBeLessThan(185);
    const logs = (await rows(`SELECT comment FROM worklogs WHERE application_id = $1 ORDER BY at DESC LIMIT 1`, [id])).map((l) => l.comment);
    expect(logs[0]).toBe('Rejection withdrawn: Applicant sent the missing salary slips');
  });

  test('a loan rejected by its approver comes back at the approval step with a fresh round for the same maker', async () => {
    const id = await created();
    expect((await act('cpa1', 'complete_step/user', id, { completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    expect((await act('bcm1', 'assign', id)).status).toBe(200);
    expect((await act('bcm1', 'complete_step/user', id, { completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    const level = ((await call('bh1', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`)).body.data.chain as Json[])[0];
    expect((await approval('bh1', 'reject', id, level.subTaskId, { reason: 'Over-leveraged' })).status).toBe(200);
    const before = await view(id);
    expect(before).toMatchObject({ application_status: 'REJECTED', appLifeCycle: { stage: 2 } });

    const back = await act('bh1', 'cancelReject', id, { reason: 'Co-applicant income now documented' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ application_status: 'ACTIVE', appLifeCycle: { stage: 2 }, subStatus: 'APPROVAL', openApprovals: 1, currentTask: { taskId: before.currentTask.taskId } });
    const chain = (await call('bh1', 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`)).body.data.chain as Json[];
    expect(chain.at(-1)).toMatchObject({ state: 'PENDING', round: 2, maker: 'bcm1' });
  });

  test('cancelReject is refused once the reversal window has passed', async () => {
    const id = await created();
    const subTaskId = await recommended(id);
    expect((await approval('bh1', 'approve', id, subTaskId)).status).toBe(200);
    await s.app.db.query(`UPDATE applications SET closed_at = closed_at - interval '31 days' WHERE application_id = $1`, [id]);
    const late = await act('bcm1', 'cancelReject', id, { reason: 'Too late' });
    expect(late).toEqual({ status: 400, body: refusal('cancelReject') });
    expect(late.body.data[0].reason).toMatch(/within 720 hours/);
    expect((await view(id)).application_status).toBe('REJECTED');
  });

  test('activate gives the task back to whoever held it, with the time on hold excluded; within the window only', async () => {
    const id = await created();
    expect(await act('cpa1', 'inactivate', id)).toEqual({ status: 400, body: refusal('reason') });
    const held = await act('cpa1', 'inactivate', id, { reason: 'Customer travelling' });
    expect(held.body.data).toMatchObject({ application_status: 'INACTIVE', currentTask: { progress: 'Pending', assignedTo: null }, sla: { state: 'PAUSED' } });
    await s.app.db.query(`UPDATE applications SET held_since = held_since - interval '2 hours' WHERE application_id = $1`, [id]);
    expect(await act('cpa2', 'activate', id)).toEqual({ status: 400, body: refusal('reason') });
    const back = await act('cpa2', 'activate', id, { reason: 'Customer is back' });
    expect(back.status).toBe(200);
    expect(back.body.data).toMatchObject({ application_status: 'ACTIVE', currentTask: { taskId: held.body.data.currentTask.taskId, progress: 'In Progress', assignedTo: 'cpa1' } });
    expect(back.body.data.sla.excludedMins).toBe(120);

    expect((await act('cpa1', 'inactivate', id, { reason: 'Waiting for the employer' })).status).toBe(200);
    await s.app.db.query(`UPDATE applications SET held_since = held_since - interval '31 days' WHERE application_id = $1`, [id]);
    expect(await act('cpa2', 'activate', id, { reason: 'Late' })).toEqual({ status: 400, body: refusal('activate') });
  });

  test('cancel and delete need a reason and are audited with it', async () => {
    const id = await created();
    expect(await act('cpa1', 'cancel', id)).toEqual({ status: 400, body: refusal('reason') });
    expect((await act('cpa1', 'cancel', id, { reason: 'Applicant asked to stop' })).body.data.application_status).toBe('CANCELLED');
    const other = await created();
    expect(await act('cpa1', 'delete', other, { reason: '' })).toEqual({ status: 400, body: refusal('reason') });
    expect((await act('cpa1', 'delete', other, { reason: 'Duplicate of another application' })).body.data.application_status).toBe('DELETED');
    const audits = await rows(`SELECT action, new_value FROM audits WHERE application_id IN ($1, $2) AND field_key = '_action'`, [id, other]);
    expect(audits.map((a) => [a.action, JSON.stringify(a.new_value)])).toEqual(expect.arrayContaining([
      ['cancel', expect.stringContaining('Applicant asked to stop')],
      ['delete', expect.stringContaining('Duplicate of another application')],
    ]));
  });
});
