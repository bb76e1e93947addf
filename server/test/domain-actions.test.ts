import type { FieldConfig } from '@lendline/shared/contract';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { flowConfig } from '../src/domain/config/config-service';

/**
 * §4 actions, saves and the rules around them, through the HTTP API as the demo users of
 * docs/identity.md. PL lifecycle: Data Entry (CPA of the branch) → Credit Review (CREDIT, read-only
 * form) → Approval (APPROVAL) → Disbursement (OPS).
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};
const USERS = ['admin', 'cpa1', 'cpa2', 'bcm1', 'bh1', 'dev1', 'viewer1', 'portal-customer'];

beforeAll(async () => {
  t = await createTestApp();
  await grantCompleteOverride(t.app.db, ['cpa1']);
  for (const u of USERS) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

import type { Json } from './helpers/json';
async function call(user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
}
const get = (user: string, id: string) => call(user, 'GET', `/v3/application/${id}`).then((r) => r.body.data);
const act = (user: string, action: string, body: Json) => call(user, 'POST', `/v3/application/action/${action}`, body);
const save = (user: string, body: Json) => call(user, 'POST', '/v3/application/user/save_or_update', body);
async function create(user: string, body: Json = {}) {
  const r = await call(user, 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Test', lastName: 'Applicant', mobile: '9876543210', email: 'test@example.in' }], customFields: { loanAmount: 250000 }, ...body });
  expect(r.status).toBe(201);
  return r.body.data as Json;
}
const rows = async (sql: string, params: unknown[] = []) => (await t.app.db.query<Json>(sql, params)).rows;
const auditKeys = async (id: string) => (await rows(`SELECT field_key, action FROM audits WHERE application_id = $1 ORDER BY id`, [id])).map((r) => `${r.action}:${r.field_key}`);

/** Values that satisfy every mandatory field of a flow (presence is what completion checks). */
/** Text answers that pass the fields' patterns: the staff save applies the portal's §5 rules (issue 24). */
const VALID_TEXT: Json = { customerId: 'AB12CD34', mobile: '9876543210', email: 'asha@example.in', panNumber: 'ABCDE1234F', accountNumber: '123456789012', ifsc: 'HDFC0001234' };

function mandatoryValues(fields: FieldConfig[]): Json {
  const out: Json = {};
  for (const f of fields) {
    const d = f.field_type_details;
    if (!d.mandatory) continue;
    const opts = (d.internal_list ?? []) as ({ value: string } | string)[];
    const first = opts.length ? (typeof opts[0] === 'string' ? opts[0] : opts[0].value) : 'x';
    out[f.key] = d.currency_field || d.amount_field ? 300000
      : ({ checkbox: true, toggle: true, slider: 24, counter: 2, date: '01/01/1990', dropdown: first, radio: first, tabs: first,
          fileUploadHub: { uploadedDocuments: [{ name: 'a.pdf', size: 10, type: 'application/pdf' }] }, signaturePad: { type: 'signaturePad', fileId: 'F1' },
          otp: { type: 'otp', isVerified: true }, multipleInputs: [{ name: 'x' }], financial_table: { records: [], overallTotal: 0 } } as Json)[d.type] ?? VALID_TEXT[f.key] ?? 'x';
  }
  return out;
}

describe(`applications and actions on ${dbKind()}`, () => {
  test('create, read with the §4 flags, and the lifecycle', async () => {
    const a = await create('cpa1');
    expect(a.application_id).toMatch(/^APP-\d{8}$/);
    expect(a.application_status).toBe('ACTIVE');
    expect(a.verNum).toBe(1);
    expect(a.appLifeCycle.stage).toBe(0);
    expect(a.appLifeCycle.steps.map((s: Json) => s.stepName)).toEqual(['Data Entry', 'Credit Review', 'Approval', 'Disbursement']);
    expect(a.appLifeCycle.steps[0].assignmentInfo[0]).toMatchObject({ assignedTo: 'cpa1', assignedTeam: ['CPA-NORTH'], progress: 'In Progress' });
    // cpa1 is in CPA-NORTH: the task is theirs, In Progress, queued clock stopped at once, assigned clock running.
    expect(a.assignedToCurrentUser).toBe(true);
    expect(a.editableBackstageForm).toBe(true);
    const sla = a.currentTask.operationalLevelAgreement;
    expect(sla.overall).toMatchObject({ status: 'RUNNING', timeLimit: { enabled: true, valueInMins: 1440 } });
    expect(sla.assigned).toMatchObject({ status: 'RUNNING', timeLimit: { enabled: true, valueInMins: 960 } });
    expect(sla.queued.endTS).not.toBeNull();
    // §4 due time: assigned limit while in progress.
    expect(a.currentTask.dueAt).toBe(sla.assigned.timeLimit.expectedEndTS);
    expect(a.progress.length).toBe(7);
    // Another CPA of the same team sees it but it is not assigned to them.
    const other = await get('cpa2', a.application_id);
    expect(other.assignedToCurrentUser).toBe(false);
    expect(other.canSave).toBe(false);
    expect(await auditKeys(a.application_id)).toEqual(['create:_action']);
  });

  test('save: the assignee saves with field audits; anyone else, a stale verNum or a wrong type changes nothing', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    const ok = await save('cpa1', { application_id: id, verNum: 1, customFields: { loanAmount: 400000, loanPurpose: 'Travel' } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.verNum).toBe(2);
    expect(ok.body.data.customFields).toMatchObject({ loanAmount: 400000, loanPurpose: 'Travel' });
    const audits = (await call('cpa1', 'GET', `/v3/audits/getAudits?application_id=${id}&fieldKey=customFields.loanAmount`)).body.data;
    expect(audits).toEqual([expect.objectContaining({ fieldKey: 'customFields.loanAmount', oldValue: 250000, newValue: 400000, userId: 'cpa1', action: 'save' })]);

    const before = await rows(`SELECT ver_num, custom_fields FROM applications WHERE application_id = $1`, [id]);
    const notMine = await save('cpa2', { application_id: id, verNum: 2, customFields: { loanAmount: 1 } });
    expect(notMine.status).toBe(400);
    expect(notMine.body).toMatchObject({ code: 1101, message: 'Validation Failed' });
    expect(notMine.body.data[0].reason).toMatch(/not assigned to you/);
    const stale = await save('cpa1', { application_id: id, verNum: 1, customFields: { loanAmount: 2 } });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 1101, data: [{ label: 'verNum' }] });
    expect(stale.body.data[0].reason).toMatch(/you sent verNum 1, the current verNum is 2/);
    const wrongType = await save('cpa1', { application_id: id, verNum: 2, customFields: { loanAmount: 'lots', declaration: 'yes' } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.data.map((d: Json) => d.label).sort()).toEqual(['customFields.declaration', 'customFields.loanAmount']);
    const schemaType = await save('cpa1', { application_id: id, verNum: 'two', customFields: {} });
    expect(schemaType.status).toBe(400);
    expect(schemaType.body.code).toBe(1101);
    expect(await rows(`SELECT ver_num, custom_fields FROM applications WHERE application_id = $1`, [id])).toEqual(before);
  });

  test('assign, reassign and release follow the §6 permissions and move the SLA clocks', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    // release by the holder: back to the team queue, assigned clock stops, a queued period starts.
    const released = await act('cpa1', 'release', { application_id: id, verNum: 1 });
    expect(released.status).toBe(200);
    const r = released.body.data.currentTask;
    expect(r).toMatchObject({ progress: 'Pending', assignedTo: null });
    expect(r.operationalLevelAgreement.assigned.endTS).not.toBeNull();
    expect(r.operationalLevelAgreement.queued).toMatchObject({ status: 'RUNNING', endTS: null });
    expect(r.dueAt).toBe(r.operationalLevelAgreement.queued.timeLimit.expectedEndTS);
    expect((await rows(`SELECT team_id, type, event FROM notifications WHERE application_id = $1`, [id]))).toEqual([{ team_id: 'CPA-NORTH', type: 'TEAM', event: 'AssignedToTeam' }]);

    // cpa1 has TEAM_APPLICATIONS_ASSIGN_SELF only: may take it, may not hand it to someone else.
    const toOther = await act('cpa1', 'assign', { application_id: id, verNum: 2, userName: 'cpa2' });
    expect(toOther.status).toBe(403);
    expect(toOther.body.code).toBe(1101);
    // dev1 is in CPA-SOUTH: not their branch or team, so to them the application does not exist.
    expect((await act('dev1', 'assign', { application_id: id, verNum: 2 })).status).toBe(404);
    const self = await act('cpa2', 'assign', { application_id: id, verNum: 2 });
    expect(self.status).toBe(200);
    expect(self.body.data.currentTask).toMatchObject({ progress: 'In Progress', assignedTo: 'cpa2' });
    expect(self.body.data.assignedToCurrentUser).toBe(true);
    // assign on an assigned task is refused: that is a reassign.
    const again = await act('bcm1', 'assign', { application_id: id, verNum: 3, userName: 'cpa1' });
    expect(again.status).toBe(400);
    expect(again.body.data[0].reason).toMatch(/use reassign/);
    // reassign needs *_REASSIGN: cpa2 lacks it, bcm1 (team lead of CPA-NORTH) has it.
    expect((await act('cpa2', 'reassign', { application_id: id, verNum: 3, userName: 'cpa1' })).status).toBe(403);
    const moved = await act('bcm1', 'reassign', { application_id: id, verNum: 3, userName: 'cpa1' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.currentTask.assignedTo).toBe('cpa1');
    const notes = await rows(`SELECT username, type, event FROM notifications WHERE application_id = $1 AND username IS NOT NULL ORDER BY id`, [id]);
    expect(notes).toEqual([
      { username: 'cpa2', type: 'ASSIGNED', event: 'AssignedToUser' },
      { username: 'cpa1', type: 'ASSIGNED', event: 'AssignedToUser' },
      { username: 'cpa2', type: 'FOLLOWED', event: 'AssignedToUser' },
    ]);
    expect(await auditKeys(id)).toEqual([
      'create:_action', 'release:_action', 'release:task.progress', 'release:task.assigned_to',
      'assign:_action', 'assign:task.progress', 'assign:task.assigned_to', 'reassign:_action', 'reassign:task.assigned_to',
    ]);
    // bh1 holds ALL_APPLICATIONS_REASSIGN: may reassign outside their teams.
    expect((await act('bh1', 'reassign', { application_id: id, verNum: 4, userName: 'cpa2' })).status).toBe(200);
  });

  test('complete_step/user: the three task validation errors, mandatory fields, then the next step', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    let ver = 1;
    const complete = (type: string, extra: Json = {}) => act('cpa1', 'complete_step/user', { application_id: id, verNum: ver, completionType: type, ...extra });

    expect((await act('cpa1', 'complete_step/user', { application_id: id, verNum: ver })).body.data[0].label).toBe('completionType');
    // Raised exceptions wait for approval.
    const raised = await complete('RAISE_EXCEPTIONS', { exceptions: [{ key: 'monthlyIncome', reason: 'FOIR above policy' }] });
    expect(raised.status).toBe(200);
    ver++;
    expect(raised.body.data.openExceptions).toBe(1);
    expect((await rows(`SELECT kind, assigned_team FROM sub_tasks WHERE application_id = $1`, [id]))).toEqual([{ kind: 'EXCEPTION', assigned_team: 'APPROVAL' }]);
    await t.app.db.query(`UPDATE applications SET open_approvals = 1, open_queries = 2 WHERE application_id = $1`, [id]);
    const blocked = await complete('COMPLETE', { reason: OVERRIDE_REASON });
    expect(blocked.status).toBe(400);
    expect(blocked.body.data.map((d: Json) => d.code)).toEqual(['EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL', 'APPROVALS_PENDING', 'QUERIES_PENDING']);
    // Staff read them in words in the §8 modal, never as the §4 codes.
    expect(blocked.body.data.map((d: Json) => d.label)).toEqual(['Exceptions waiting for approval', 'Approvals pending', 'Open queries']);
    await t.app.db.query(`UPDATE applications SET open_approvals = 0, open_queries = 0, open_exceptions = 0 WHERE application_id = $1`, [id]);

    // With validations: every applicable mandatory field of the flow must be filled.
    const invalid = await complete('COMPLETE_WITH_VALIDATIONS');
    expect(invalid.status).toBe(400);
    expect(invalid.body.data.length).toBeGreaterThan(10);
    expect(invalid.body.data.every((d: Json) => d.code === 'MANDATORY_FIELD' && String(d.reason).startsWith('Mandatory, not filled in ('))).toBe(true);
    // existing-customer login is skipped for new customers; co-applicant only for joint.
    expect(invalid.body.data.map((d: Json) => d.label)).not.toContain('Customer ID');
    const flow = (await flowConfig(t.app.db, 'PL_FLOW'))!;
    const fields = flow.sections.flatMap((s) => s.subSections.flatMap((ss) => (ss.components ?? []).flatMap((c) => c.fields)));
    expect((await save('cpa1', { application_id: id, verNum: ver, customFields: mandatoryValues(fields) })).status).toBe(200);
    ver++;
    const v = await call('cpa1', 'POST', '/validations/updateMandatoryValidations', { application_id: id });
    expect(v.body.data).toMatchObject({ valid: true, missing: [], status: 'DONE', runs: 1 });

    const done = await complete('COMPLETE_WITH_VALIDATIONS');
    expect(done.status).toBe(200);
    ver++;
    const app = done.body.data;
    expect(app.appLifeCycle.stage).toBe(1);
    expect(app.currentTask).toMatchObject({ name: 'Assess credit', progress: 'Pending', assignedTo: null, assignedTeam: ['CREDIT'] });
    expect(app.assignedToCurrentUser).toBe(false);
    const first = app.tasks.find((x: Json) => x.stepInfo.stepNumber === 0);
    expect(first.progress).toBe('Completed');
    for (const part of ['overall', 'assigned'] as const) expect(first.operationalLevelAgreement[part].endTS).not.toBeNull();
    expect(first.dueAt).toBeNull();
    expect((await rows(`SELECT team_id FROM notifications WHERE application_id = $1 AND team_id = 'CREDIT'`, [id])).length).toBe(1);

    // Credit Review: bcm1 (CREDIT) takes it; the form is read-only at this step, so saves are refused.
    expect((await act('bcm1', 'assign', { application_id: id, verNum: ver })).status).toBe(200);
    ver++;
    const mine = await get('bcm1', id);
    expect(mine).toMatchObject({ assignedToCurrentUser: true, editableBackstageForm: false, canSave: false });
    const ro = await save('bcm1', { application_id: id, verNum: ver, customFields: { loanAmount: 1 } });
    expect(ro.status).toBe(400);
    expect(ro.body.data[0].reason).toMatch(/read-only at the Credit Review step/);
    // revert_stage sends it back to Data Entry with a fresh task for the branch's CPA team.
    const back = await act('bcm1', 'revert_stage', { application_id: id, verNum: ver, reason: 'Income proof unclear' });
    expect(back.status).toBe(200);
    expect(back.body.data.appLifeCycle.stage).toBe(0);
    expect(back.body.data.currentTask).toMatchObject({ progress: 'Pending', assignedTeam: ['CPA-NORTH'], stepInfo: { stepNumber: 0 } });
    expect(back.body.data.tasks.map((x: Json) => x.progress)).toEqual(['Completed', 'Cancelled', 'Pending']);
  });

  test('reject and cancelReject, inactivate and activate, callbacks, cancel and delete', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    const DECLINE = { reasonCode: 'POLICY_NOT_MET', reason: 'Negative bureau record' };
    expect((await act('cpa1', 'reject', { application_id: id, verNum: 1, reasonCode: 'POLICY_NOT_MET' })).body.data[0].label).toBe('reason');
    expect((await act('cpa2', 'reject', { application_id: id, verNum: 1, ...DECLINE })).status).toBe(400);
    // Four eyes (issue 25): the officer's reject is a recommendation; the branch head's confirmation rejects.
    const recommended = await act('cpa1', 'reject', { application_id: id, verNum: 1, ...DECLINE });
    expect(recommended.body.data).toMatchObject({ application_status: 'ACTIVE', subStatus: 'APPROVAL', currentTask: { progress: 'In Progress', assignedTo: 'cpa1' } });
    const subTaskId = (await rows(`SELECT id::text FROM sub_tasks WHERE application_id = $1 AND status = 'OPEN'`, [id]))[0].id;
    expect((await call('bh1', 'POST', '/v3/application/approvals/approve', { application_id: id, verNum: 2, subTaskId })).status).toBe(200);
    const rejected = (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data;
    expect(rejected).toMatchObject({ application_status: 'REJECTED', currentTask: { progress: 'Rejected' } });
    expect(rejected.currentTask.operationalLevelAgreement.overall.endTS).not.toBeNull();
    expect((await rows(`SELECT closed_at IS NOT NULL AS closed, sla_due_at FROM applications WHERE application_id = $1`, [id]))[0]).toEqual({ closed: true, sla_due_at: null });
    expect((await act('cpa2', 'cancelReject', { application_id: id, verNum: 3, reason: 'x' })).status).toBe(403);
    expect((await act('cpa1', 'cancelReject', { application_id: id, verNum: 3 })).body.data[0].label).toBe('reason');
    // Withdrawn by the recommending officer: back on the same task, with them.
    const undone = await act('cpa1', 'cancelReject', { application_id: id, verNum: 3, reason: 'Bureau record corrected' });
    expect(undone.body.data).toMatchObject({ application_status: 'ACTIVE', currentTask: { progress: 'In Progress', assignedTo: 'cpa1', assignedTeam: ['CPA-NORTH'] } });

    const held = await act('cpa1', 'inactivate', { application_id: id, verNum: 4, reason: 'Customer travelling' });
    expect(held.body.data).toMatchObject({ application_status: 'INACTIVE', currentTask: { progress: 'Pending', assignedTo: null } });
    expect(held.body.data.currentTask.operationalLevelAgreement.assigned.endTS).not.toBeNull();
    expect((await act('cpa1', 'inactivate', { application_id: id, verNum: 5, reason: 'Again' })).body.data[0].reason).toMatch(/is INACTIVE; inactivate needs ACTIVE/);
    // Reactivated by a team member: the task goes back to whoever held it (cpa1), its assigned clock running again.
    const back = await act('cpa2', 'activate', { application_id: id, verNum: 5, reason: 'Customer is back' });
    expect(back.body.data).toMatchObject({ application_status: 'ACTIVE', currentTask: { progress: 'In Progress', assignedTo: 'cpa1' } });
    expect(back.body.data.currentTask.operationalLevelAgreement.assigned).toMatchObject({ status: 'RUNNING', endTS: null });

    const when = new Date(Date.now() + 2 * 3600000).toISOString();
    const cb = await act('cpa1', 'request_for_callback', { application_id: id, verNum: 6, callbackAt: when, reason: 'Wants to talk to spouse' });
    expect(cb.body.data.callback).toMatchObject({ status: 'REQUESTED', requestedBy: 'cpa1', callbackAt: when });
    expect(cb.body.data.currentTask.activeOn).toBe(when);
    expect((await act('cpa1', 'request_for_callback', { application_id: id, verNum: 7 })).status).toBe(400);
    const cbDone = await act('cpa1', 'complete_callback', { application_id: id, verNum: 7 });
    expect(cbDone.body.data.callback.status).toBe('COMPLETED');
    expect(cbDone.body.data.currentTask.activeOn).toBeUndefined();
    expect((await act('cpa1', 'complete_callback', { application_id: id, verNum: 8 })).status).toBe(400);

    expect((await act('cpa1', 'cancel', { application_id: id, verNum: 8 })).body.data[0].label).toBe('reason');
    const cancelled = await act('cpa1', 'cancel', { application_id: id, verNum: 8, reason: 'Applicant asked to stop' });
    expect(cancelled.body.data).toMatchObject({ application_status: 'CANCELLED', currentTask: { progress: 'Cancelled' } });
    const late = await act('cpa1', 'assign', { application_id: id, verNum: 9 });
    expect(late.status).toBe(400);
    expect(late.body.data[0].reason).toMatch(/is CANCELLED/);

    const d = await create('cpa1');
    expect((await act('cpa2', 'delete', { application_id: d.application_id, verNum: 1, reason: 'Duplicate' })).status).toBe(403);
    expect((await act('cpa1', 'delete', { application_id: d.application_id, verNum: 1 })).body.data[0].label).toBe('reason');
    const deleted = await act('cpa1', 'delete', { application_id: d.application_id, verNum: 1, reason: 'Duplicate' });
    expect(deleted.body.data.application_status).toBe('DELETED');
  });

  test('application access only, customers and bad input answer §8 shapes and change nothing', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    const snapshot = async () => rows(`SELECT a.ver_num, a.status, t.progress, t.assigned_to, (SELECT count(*)::int FROM audits WHERE application_id = a.application_id) AS audits
      FROM applications a JOIN tasks t ON t.task_id = a.cur_task_id WHERE a.application_id = $1`, [id]);
    const before = await snapshot();
    const viewer = await act('viewer1', 'release', { application_id: id, verNum: 1 });
    expect(viewer.status).toBe(403);
    expect(viewer.body.data[0].reason).toMatch(/application access only/);
    expect((await act('portal-customer', 'release', { application_id: id, verNum: 1 })).status).toBe(403);
    const unknownAction = await act('cpa1', 'teleport', { application_id: id, verNum: 1 });
    expect(unknownAction.status).toBe(400);
    expect(unknownAction.body).toMatchObject({ code: 1101, message: 'Validation Failed', data: [{ label: 'action' }] });
    const unknownApp = await act('cpa1', 'release', { application_id: 'APP-99999999', verNum: 1 });
    expect(unknownApp.status).toBe(404);
    expect(unknownApp.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] });
    const wrongTypes = await act('cpa1', 'release', { application_id: id, verNum: 'one', toStage: -1 });
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body.code).toBe(1101);
    expect((await act('cpa1', 'complete_step/user', { application_id: id, verNum: 1, completionType: 'FINISH' })).status).toBe(400);
    const stale = await act('cpa1', 'release', { application_id: id, verNum: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body.data[0].reason).toMatch(new RegExp(`${id} was changed by someone else`));
    expect((await t.app.inject({ method: 'POST', url: '/v3/application/action/release', payload: { application_id: id, verNum: 1 } })).statusCode).toBe(401);
    expect(await snapshot()).toEqual(before);
    expect((await call('cpa1', 'GET', '/v3/application/APP-99999999')).status).toBe(404);
    // Who may open it: its branch and the team holding its task, ALL_APPLICATIONS_* holders; not other branches
    // (to them it answers as if it did not exist) or customers without its appRefId.
    const missing = await call('dev1', 'GET', '/v3/application/APP-99999999');
    expect((await call('dev1', 'GET', `/v3/application/${id}`)).body).toEqual(missing.body);
    expect((await call('dev1', 'GET', `/v3/application/${id}`)).status).toBe(404);
    expect((await call('dev1', 'GET', `/v3/audits/getAudits?application_id=${id}`)).status).toBe(404);
    expect((await call('portal-customer', 'GET', `/v3/application/${id}`)).status).toBe(403); // not one it started
    expect((await call('bh1', 'GET', `/v3/application/${id}`)).status).toBe(200);
    expect((await call('viewer1', 'GET', `/v3/application/${id}`)).status).toBe(404);
  });

  test('two concurrent writers: one wins, the other gets the verNum conflict, nothing is half-written', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    const results = await Promise.all([
      save('cpa1', { application_id: id, verNum: 1, customFields: { loanAmount: 111111 } }),
      act('cpa1', 'release', { application_id: id, verNum: 1 }),
      save('cpa1', { application_id: id, verNum: 1, customFields: { loanAmount: 222222 } }),
    ]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const [row] = await rows(`SELECT a.ver_num, a.custom_fields->>'loanAmount' AS amount, t.progress FROM applications a JOIN tasks t ON t.task_id = a.cur_task_id WHERE a.application_id = $1`, [id]);
    expect(row.ver_num).toBe(2);
    const winner = results.findIndex((r) => r.status === 200);
    if (winner === 1) expect(row).toMatchObject({ amount: '250000', progress: 'Pending' });
    else expect(row).toMatchObject({ amount: winner === 0 ? '111111' : '222222', progress: 'In Progress' });
    // Exactly one write left its audit trail.
    expect((await rows(`SELECT count(*)::int AS n FROM audits WHERE application_id = $1 AND action <> 'create' AND field_key = '_action'`, [id]))[0].n).toBe(1);
  });

  test('SLA breaches are visible in the task, the application and the list row', async () => {
    const a = await create('cpa1');
    const id = a.application_id;
    // The assigned period started 20 hours ago: past its 16-hour limit.
    const past = new Date(Date.now() - 20 * 3600000).toISOString();
    await t.app.db.query(`UPDATE tasks SET overall_start = $2, queued_start = $2, queued_end = $2, assigned_start = $2 WHERE task_id = $1`, [a.currentTask.taskId, past]);
    await t.app.db.query(`UPDATE applications SET sla_due_at = $2::timestamptz + interval '16 hours' WHERE application_id = $1`, [id, past]);
    const view = await get('cpa1', id);
    expect(view.currentTask.operationalLevelAgreement.assigned.status).toBe('BREACHED');
    expect(view.currentTask.operationalLevelAgreement.overall.status).toBe('RUNNING');
    expect(view.currentTask.slaBreached).toBe(true);
    const list = await call('cpa1', 'POST', '/backstage/getApplications', { queryType: 'MY_APPLICATIONS', filter: [{ field: 'application_id', operator: 'EQUAL', value: id }], counts: false });
    expect(list.body.data[0]).toMatchObject({ application_id: id, slaBreached: true });
  });

  test('copy, task configs and the validations queue', async () => {
    const a = await create('cpa1', { customFields: { loanAmount: 777000, loanPurpose: 'Medical' } });
    const copy = await call('cpa2', 'GET', `/v3/application/copy/${a.application_id}`);
    expect(copy.status).toBe(200);
    expect(copy.body.data.application_id).not.toBe(a.application_id);
    expect(copy.body.data).toMatchObject({ customFields: { loanAmount: 777000, loanPurpose: 'Medical' }, initiatedBy: { id: 'cpa2' }, verNum: 1 });
    expect(await auditKeys(copy.body.data.application_id)).toEqual(['copy:_action']);
    const tasks = await call('cpa1', 'GET', `/v3/taskconfigs/getConfigs?application_id=${a.application_id}&stepNumber=0`);
    expect(tasks.body.data).toHaveLength(1);
    expect(tasks.body.data[0]).toMatchObject({ flowInfo: { product_code: 'PL', verNum: 243 }, stepInfo: { stepName: 'Data Entry', stepNumber: 0 } });
    expect((await call('cpa1', 'GET', `/v3/taskconfigs/getConfigs?application_id=${a.application_id}&stepNumber=3`)).body.data).toEqual([]);
    const q1 = await call('cpa1', 'POST', '/validations/addMandatoryValidations', { application_id: a.application_id });
    expect(q1.body.data).toMatchObject({ status: 'QUEUED', requested: 1 });
    // Runs for one application are serialised by the queue row's lock: both finish, one after the other.
    const [r1, r2] = await Promise.all([1, 2].map(() => call('cpa1', 'POST', '/validations/updateMandatoryValidations', { application_id: a.application_id })));
    expect([r1.body.data.runs, r2.body.data.runs].sort()).toEqual([1, 2]);
    expect(r1.body.data.valid).toBe(false);
    // Only those who may open the application run its validations.
    for (const [user, status] of [['dev1', 404], ['portal-customer', 403]] as const) {
      expect((await call(user, 'POST', '/validations/addMandatoryValidations', { application_id: a.application_id })).status).toBe(status);
      expect((await call(user, 'POST', '/validations/updateMandatoryValidations', { application_id: a.application_id })).status).toBe(status);
    }
  });
});
