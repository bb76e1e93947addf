import { createTestApp, type TestApp } from './helpers/test-app';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * §4 approval actions through the §7 calls on the product's approval matrix (040_approval_matrix.sql): a large
 * personal loan goes branch head → credit committee and on to disbursement, a small one needs the branch head only;
 * send_back gives the credit step back to its maker; forward hands a level to another approver; RAISE_EXCEPTIONS
 * raises exceptions the branch head decides, and pending approvals block completion. After every transition the
 * sub-status, the open counts and the "my approvals" lists are checked; every §8 refusal leaves nothing written.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  // A second branch head for forwarding: admin gets the BH role (before logging in, so the session has it).
  await t.app.db.query(`INSERT INTO user_roles (user_id, role, position) VALUES ('admin', 'BH', 99)`);
  await grantCompleteOverride(t.app.db, ['cpa1', 'bcm1', 'bh1']);
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'bh1', 'cc1', 'dev1', 'viewer1', 'admin']) headers[u] = (await loginAs(t.app, u)).headers;
}, 180_000); // eight scrypt logins and a fresh database: slow on a shared machine
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const act = (user: string, action: string, body: Json) => call(user, 'POST', `/v3/application/action/${action}`, body);
const approval = (user: string, action: 'approve' | 'reject' | 'forward' | 'send_back', body: Json) => call(user, 'POST', `/v3/application/approvals/${action}`, body);
const chainOf = (user: string, id: string) => call(user, 'GET', `/v3/application/approvals/getApprovals?application_id=${id}`);
const rows = async (sql: string, params: unknown[]) => (await t.app.db.query<Json>(sql, params)).rows;
const verOf = async (id: string) => (await rows(`SELECT ver_num FROM applications WHERE application_id = $1`, [id]))[0].ver_num as number;
const view = async (id: string, user = 'cpa1') => (await call(user, 'GET', `/v3/application/${id}`)).body.data;

/** The application ids in a user's "my approvals" list, and its count. */
async function myApprovals(user: string) {
  const r = await call(user, 'POST', '/backstage/getApplications', { queryType: 'MY_APPROVALS', pagination: { pageSize: 100 } });
  expect(r.status).toBe(200);
  return { ids: (r.body.data as Json[]).map((a) => a.application_id as string), count: r.body.count as number };
}

/** A personal loan taken through data entry (cpa1) and credit review (`maker`) to the approval step. */
async function toApproval(amount: number, maker = 'bcm1'): Promise<string> {
  const created = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Approval', lastName: 'Case' }], customFields: { loanAmount: amount } });
  expect(created.status).toBe(201);
  const id = created.body.data.application_id as string;
  expect((await act('cpa1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
  expect((await act(maker, 'assign', { application_id: id, verNum: await verOf(id) })).status).toBe(200);
  const done = await act(maker, 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON });
  expect(done.status).toBe(200);
  expect(done.body.data).toMatchObject({ appLifeCycle: { stage: 2 }, subStatus: 'APPROVAL', openApprovals: 1 });
  return id;
}
const openLevel = async (id: string, user = 'bh1') => ((await chainOf(user, id)).body.data.chain as Json[]).find((e) => e.state === 'PENDING')!;

const NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] };
const APPROVAL_NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'subTaskId', reason: 'Approval not found' }] };

async function trail(id: string) {
  return {
    app: await rows(`SELECT ver_num, status, stage, cur_task_id, open_approvals, open_exceptions, approval_holders FROM applications WHERE application_id = $1`, [id]),
    subTasks: await rows(`SELECT id, status, assigned_to, body FROM sub_tasks WHERE application_id = $1 ORDER BY id`, [id]),
    audits: await rows(`SELECT count(*)::int AS n FROM audits WHERE application_id = $1`, [id]),
    worklogs: await rows(`SELECT count(*)::int AS n FROM worklogs WHERE application_id = $1`, [id]),
    notifications: await rows(`SELECT count(*)::int AS n FROM notifications WHERE application_id = $1`, [id]),
  };
}

describe(`approvals on ${dbKind()}`, () => {
  test('a large loan: branch head, then credit committee, then disbursement — chain, counts, sub-status and lists follow', async () => {
    const id = await toApproval(2500000);
    const read = await chainOf('bh1', id);
    expect(read.status).toBe(200);
    const d = read.body.data;
    expect(d).toMatchObject({ application_id: id, subStatus: 'APPROVAL', openApprovals: 1, openExceptions: 0, exceptions: [] });
    expect(d.chain).toMatchObject([
      { level: 1, levels: 2, levelName: 'Branch head', role: 'BH', team: 'APPROVAL', state: 'PENDING', assignedTo: null, assignedTeam: 'APPROVAL', maker: 'bcm1', decidedBy: null, round: 1,
        actions: { decide: true, forward: true, forwardTo: [{ userName: 'admin', displayName: 'Asha Admin' }] } },
      { level: 2, levels: 2, levelName: 'Credit committee', role: 'CREDIT_COMMITTEE', team: 'CREDIT-COMMITTEE', state: 'WAITING', subTaskId: null },
    ]);
    // The maker reads the chain but may not decide or forward it (no BH role).
    expect((await chainOf('bcm1', id)).body.data.chain[0].actions).toEqual({ decide: false, forward: false, forwardTo: [] });
    expect((await myApprovals('bh1')).ids).toContain(id);
    expect((await myApprovals('cc1')).ids).not.toContain(id);
    expect((await view(id)).subStatus).toBe('APPROVAL');

    const ver = await verOf(id);
    const first = await approval('bh1', 'approve', { application_id: id, verNum: ver, subTaskId: d.chain[0].subTaskId, comment: 'Income verified' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('Approved');
    expect(first.body.application).toEqual({ application_id: id, verNum: ver + 1, openQueries: 0, openApprovals: 1, subStatus: 'APPROVAL' });
    expect(first.body.data.approval).toMatchObject({ state: 'APPROVED', decidedBy: 'bh1', comment: 'Income verified', decidedAt: expect.any(String) });
    expect(first.body.data.next).toMatchObject({ level: 2, state: 'PENDING', assignedTeam: 'CREDIT-COMMITTEE', maker: 'bcm1' });
    // At once: the level moved from the branch head's list to the committee's.
    expect((await myApprovals('bh1')).ids).not.toContain(id);
    expect((await myApprovals('cc1')).ids).toContain(id);
    const afterFirst = (await chainOf('cc1', id)).body.data.chain;
    expect(afterFirst.map((e: Json) => [e.level, e.state, e.decidedBy])).toEqual([[1, 'APPROVED', 'bh1'], [2, 'PENDING', null]]);
    // The branch head cannot decide the committee's level.
    const wrongLevel = await approval('bh1', 'approve', { application_id: id, verNum: ver + 1, subTaskId: afterFirst[1].subTaskId });
    expect(wrongLevel.status).toBe(403);
    expect(wrongLevel.body.data[0].reason).toMatch(/not an approver here: Credit committee .* needs the CREDIT_COMMITTEE role/);

    const second = await approval('cc1', 'approve', { application_id: id, verNum: ver + 1, subTaskId: afterFirst[1].subTaskId });
    expect(second.status).toBe(200);
    expect(second.body.application).toEqual({ application_id: id, verNum: ver + 2, openQueries: 0, openApprovals: 0, subStatus: null });
    const after = await view(id);
    expect(after.appLifeCycle.stage).toBe(3);
    expect(after.currentTask).toMatchObject({ stepInfo: { stepName: 'Disbursement' }, progress: 'Pending', assignedTeam: ['OPS'] });
    expect(after.tasks.find((x: Json) => x.stepInfo.stepName === 'Approval').progress).toBe('Completed');
    expect((await myApprovals('cc1')).ids).not.toContain(id);

    // Audit, worklog and notifications of both decisions.
    expect(await rows(`SELECT action, user_id FROM audits WHERE application_id = $1 AND field_key = '_action' AND action = 'approve' ORDER BY id`, [id])).toEqual([
      { action: 'approve', user_id: 'bh1' }, { action: 'approve', user_id: 'cc1' },
    ]);
    const keyed = await rows(`SELECT text FROM worklogs WHERE application_id = $1 AND action = 'approve' ORDER BY id`, [id]);
    expect(keyed.map((r) => [r.text.key, r.text.parts.what])).toEqual([
      ['approvalNextLevelLog', expect.objectContaining({ key: 'approvalWhatLevel', params: { n: 1, level: 'Branch head' } })],
      ['approvalCompleteOnToLog', expect.objectContaining({ key: 'approvalWhatLevel', params: { n: 2, level: 'Credit committee' } })],
    ]);
    const logs = (await rows(`SELECT user_id, comment FROM worklogs WHERE application_id = $1 AND action = 'approve' ORDER BY id`, [id]));
    expect(logs).toEqual([
      { user_id: 'bh1', comment: 'Level 1 (Branch head) approved by bh1: Income verified; waits for Credit committee (level 2 of 2)' },
      { user_id: 'cc1', comment: 'Level 2 (Credit committee) approved by cc1; approval complete, on to Disbursement' },
    ]);
    const notes = await rows(`SELECT username, team_id, event FROM notifications WHERE application_id = $1 AND sender IN ('bh1', 'cc1') ORDER BY id`, [id]);
    expect(notes).toEqual([
      { username: null, team_id: 'CREDIT-COMMITTEE', event: 'AssignedToApprovalTeam' },
      { username: 'bcm1', team_id: null, event: 'AssignedToApprovalUser' },
      { username: 'bcm1', team_id: null, event: 'AssignedToApprovalUser' },
      { username: null, team_id: 'OPS', event: 'AssignedToTeam' },
    ]);
  });

  test('a loan up to 10 lakh needs the branch head only', async () => {
    const id = await toApproval(500000);
    const l1 = await openLevel(id);
    expect(l1).toMatchObject({ level: 1, levels: 1 });
    expect((await chainOf('bh1', id)).body.data.chain).toHaveLength(1);
    const r = await approval('bh1', 'approve', { application_id: id, verNum: await verOf(id), subTaskId: l1.subTaskId });
    expect(r.status).toBe(200);
    expect(r.body.data.next).toBeNull();
    expect(r.body.application).toMatchObject({ openApprovals: 0, subStatus: null });
    expect((await view(id)).appLifeCycle.stage).toBe(3);
  });

  test('send_back returns it to the maker with the reason; resubmitting starts round 2', async () => {
    const id = await toApproval(2500000);
    const l1 = await openLevel(id);
    const ver = await verOf(id);
    const r = await approval('bh1', 'send_back', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, reason: 'Bank statement for June missing' });
    expect(r.status).toBe(200);
    expect(r.body.application).toEqual({ application_id: id, verNum: ver + 1, openQueries: 0, openApprovals: 0, subStatus: null });
    const v = await view(id, 'bcm1');
    expect(v.appLifeCycle.stage).toBe(1);
    expect(v.currentTask).toMatchObject({ stepInfo: { stepName: 'Credit Review' }, progress: 'In Progress', assignedTo: 'bcm1' });
    expect(v.assignedToCurrentUser).toBe(true);
    expect((await chainOf('bcm1', id)).body.data.chain).toMatchObject([{ level: 1, state: 'SENT_BACK', decidedBy: 'bh1', comment: 'Bank statement for June missing' }]);
    expect((await myApprovals('bh1')).ids).not.toContain(id);
    expect(await rows(`SELECT username, messages FROM notifications WHERE application_id = $1 AND sender = 'bh1'`, [id])).toEqual([
      { username: 'bcm1', messages: [`bh1 sent ${id} back to you (Credit Review): Bank statement for June missing`] },
    ]);
    expect(await rows(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'send_back'`, [id])).toEqual([{ comment: 'Sent back to bcm1 (Credit Review) by bh1: Bank statement for June missing' }]);
    // Stored as a key and parameters (read in the reader's language), the step named in Hindi as written.
    expect(await rows(`SELECT text FROM worklogs WHERE application_id = $1 AND action = 'send_back'`, [id])).toEqual([{
      text: { key: 'sentBackToMakerLog', params: { maker: 'bcm1', step: 'Credit Review', actor: 'bh1', reason: 'Bank statement for June missing' }, names: { hi: { step: expect.any(String) } } },
    }]);

    // The maker resubmits: a new round of the chain.
    expect((await act('bcm1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    const chain = (await chainOf('bh1', id)).body.data.chain;
    expect(chain.map((e: Json) => [e.round, e.level, e.state])).toEqual([[1, 1, 'SENT_BACK'], [2, 1, 'PENDING'], [2, 2, 'WAITING']]);
  });

  test('reject at a level rejects the application with the reason', async () => {
    const id = await toApproval(2500000);
    const l1 = await openLevel(id);
    const r = await approval('bh1', 'reject', { application_id: id, verNum: await verOf(id), subTaskId: l1.subTaskId, reason: 'Over-leveraged' });
    expect(r.status).toBe(200);
    // Nothing waits any more; the current task is still the (rejected) approval step, so §2's sub-status stays
    // APPROVAL and the tab shows the decision.
    expect(r.body.application).toMatchObject({ openApprovals: 0, subStatus: 'APPROVAL' });
    const v = await view(id);
    expect(v.application_status).toBe('REJECTED');
    expect(v.currentTask.progress).toBe('Rejected');
    expect((await myApprovals('bh1')).ids).not.toContain(id);
    expect((await chainOf('cpa1', id)).body.data.chain).toMatchObject([{ state: 'REJECTED', comment: 'Over-leveraged', decidedBy: 'bh1' }]);
  });

  test('forward to another branch head: only they may decide it then', async () => {
    const id = await toApproval(2500000);
    const l1 = await openLevel(id);
    const ver = await verOf(id);
    // Refusals first: not an approver, oneself, the maker, nobody.
    for (const [userName, reason] of [
      ['cpa1', /cpa1 made this/], ['bh1', /yourself/], ['bcm1', /bcm1 made this/], ['cpa2', /not an approver here: Branch head needs the BH role/], ['ghost', /no active staff user/],
    ] as const) {
      const r = await approval('bh1', 'forward', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, userName });
      expect({ userName, status: r.status }).toEqual({ userName, status: 400 });
      expect(r.body.data[0].reason).toMatch(reason);
    }
    const notHolder = await approval('cpa2', 'forward', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, userName: 'admin' });
    expect(notHolder.status).toBe(403);
    expect(await verOf(id)).toBe(ver);

    const moved = await approval('bh1', 'forward', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, userName: 'admin', comment: 'On leave tomorrow' });
    expect(moved.status).toBe(200);
    expect(moved.body.data.approval).toMatchObject({ state: 'PENDING', assignedTo: 'admin', forwards: [{ from: 'team:APPROVAL', to: 'admin', by: 'bh1', comment: 'On leave tomorrow' }] });
    expect((await myApprovals('admin')).ids).toContain(id);
    expect((await myApprovals('bh1')).ids).not.toContain(id);
    expect(await rows(`SELECT username, event FROM notifications WHERE application_id = $1 AND sender = 'bh1'`, [id])).toEqual([{ username: 'admin', event: 'AssignedToApprovalUser' }]);
    const bhNow = await approval('bh1', 'approve', { application_id: id, verNum: ver + 1, subTaskId: l1.subTaskId });
    expect(bhNow.status).toBe(403);
    expect(bhNow.body.data[0].reason).toBe('This approval was forwarded to admin; only they may decide it');
    expect((await approval('admin', 'approve', { application_id: id, verNum: ver + 1, subTaskId: l1.subTaskId })).status).toBe(200);
  });

  test('maker-checker: the branch head who did the credit review may not approve or send back their own', async () => {
    const id = await toApproval(500000, 'bh1');
    const l1 = await openLevel(id);
    expect(l1.maker).toBe('bh1');
    expect(l1.actions.decide).toBe(true); // offered, so the refusal is the server's and says why
    const ver = await verOf(id);
    const before = await trail(id);
    const own = await approval('bh1', 'approve', { application_id: id, verNum: ver, subTaskId: l1.subTaskId });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'maker-checker', reason: 'You made this (submitted it for approval), so you may not decide its approval' }] });
    const back = await approval('bh1', 'send_back', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, reason: 'Mine' });
    expect(back.status).toBe(500);
    expect(back.body).toEqual({ code: 1167, message: 'Error while sending back', data: [{ label: 'maker-checker', reason: 'You made this (submitted it for approval), so you may not decide its approval' }] });
    expect(await trail(id)).toEqual(before);
    // It can be forwarded to another approver, who decides it.
    expect((await approval('bh1', 'forward', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, userName: 'admin' })).status).toBe(200);
    expect((await approval('admin', 'approve', { application_id: id, verNum: ver + 1, subTaskId: l1.subTaskId })).status).toBe(200);
  });

  test('§8 refusals: bad input, not an approver, stale verNum, decided already, foreign application — nothing written', async () => {
    const id = await toApproval(2500000);
    const l1 = await openLevel(id);
    const ver = await verOf(id);
    const before = await trail(id);
    const base = { application_id: id, verNum: ver, subTaskId: l1.subTaskId };

    for (const [action, body] of [
      ['approve', { application_id: id, verNum: ver }],
      ['approve', { ...base, subTaskId: 'abc' }],
      ['approve', { ...base, verNum: -1 }],
      ['reject', base],
      ['reject', { ...base, reason: '   ' }],
      ['send_back', { ...base, reason: '' }],
      ['forward', base],
    ] as const) {
      const r = await approval('bh1', action, body as Json);
      expect({ action, status: r.status, code: r.body.code }).toEqual({ action, status: 400, code: 1101 });
    }
    const notApprover = await approval('cpa2', 'approve', base);
    expect(notApprover.status).toBe(403);
    expect(notApprover.body.data).toEqual([{ label: 'subTaskId', reason: 'You are not an approver here: Branch head (role BH), level 1 of 2 needs the BH role' }]);
    const notApproverBack = await approval('cpa2', 'send_back', { ...base, reason: 'x' });
    expect(notApproverBack.status).toBe(500);
    expect(notApproverBack.body.code).toBe(1167);
    const accessOnly = await approval('viewer1', 'approve', base);
    expect(accessOnly.status).toBe(403);
    const stale = await approval('bh1', 'approve', { ...base, verNum: ver - 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.data[0].label).toBe('verNum');
    const missing = await approval('bh1', 'approve', { ...base, subTaskId: '999999999' });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual(APPROVAL_NOT_FOUND);
    // An approval of another application named with this one: the same 404.
    const other = await toApproval(500000);
    const otherL1 = await openLevel(other);
    expect((await approval('bh1', 'approve', { ...base, subTaskId: otherL1.subTaskId })).body).toEqual(APPROVAL_NOT_FOUND);
    // dev1 (south branch) may not open this north application: the neutral 404, for reads and writes.
    for (const r of [await chainOf('dev1', id), await approval('dev1', 'approve', base)]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(NOT_FOUND);
    }
    expect(await trail(id)).toEqual(before);

    expect((await approval('bh1', 'approve', base)).status).toBe(200);
    const again = await approval('bh1', 'approve', { ...base, verNum: ver + 1 });
    expect(again.status).toBe(400);
    expect(again.body.data[0].reason).toBe('This approval was decided already (APPROVED by bh1)');
  });

  test('concurrent approvals of one level: one wins, the other is told it is stale', async () => {
    const id = await toApproval(2500000);
    const l1 = await openLevel(id);
    const ver = await verOf(id);
    const [a, b] = await Promise.all([
      approval('bh1', 'approve', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, comment: 'first' }),
      approval('admin', 'approve', { application_id: id, verNum: ver, subTaskId: l1.subTaskId, comment: 'second' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const chain = (await chainOf('bh1', id)).body.data.chain;
    expect(chain.map((e: Json) => e.state)).toEqual(['APPROVED', 'PENDING']);
    expect(await rows(`SELECT count(*)::int AS n FROM sub_tasks WHERE application_id = $1 AND kind = 'APPROVAL'`, [id])).toEqual([{ n: 2 }]);
    expect((await rows(`SELECT open_approvals FROM applications WHERE application_id = $1`, [id]))[0].open_approvals).toBe(1);
  });

  test('a §4 action that ends the approval step undecided (revert_stage) withdraws its chain: counts, lists and blockers follow', async () => {
    const id = await toApproval(2500000);
    expect((await act('bh1', 'assign', { application_id: id, verNum: await verOf(id) })).status).toBe(200);
    const reverted = await act('bh1', 'revert_stage', { application_id: id, verNum: await verOf(id), reason: 'Wrong product' });
    expect(reverted.status).toBe(200);
    expect(reverted.body.data).toMatchObject({ appLifeCycle: { stage: 1 }, openApprovals: 0, subStatus: null });
    expect((await myApprovals('bh1')).ids).not.toContain(id);
    expect((await chainOf('bh1', id)).body.data.chain).toMatchObject([{ level: 1, state: 'WITHDRAWN', comment: 'Withdrawn: step Cancelled by bh1', actions: null }]);
    // Nothing left open blocks the credit step: it completes and a new round starts.
    expect((await act('bcm1', 'assign', { application_id: id, verNum: await verOf(id) })).status).toBe(200);
    expect((await act('bcm1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    expect((await chainOf('bh1', id)).body.data.chain.map((e: Json) => [e.round, e.state])).toEqual([[1, 'WITHDRAWN'], [2, 'PENDING'], [2, 'WAITING']]);
  });

  test('RAISE_EXCEPTIONS: exceptions wait for the branch head and block completion; pending approvals block the approval step', async () => {
    const created = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Ex', lastName: 'Ception' }], customFields: { loanAmount: 300000 } });
    const id = created.body.data.application_id as string;
    const raised = await act('cpa1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'RAISE_EXCEPTIONS', exceptions: [{ key: 'foir', reason: 'FOIR 62% above the 55% policy' }] });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ subStatus: 'APPROVAL', openExceptions: 1, appLifeCycle: { stage: 0 } });
    expect((await myApprovals('bh1')).ids).toContain(id);
    const read = (await chainOf('bh1', id)).body.data;
    expect(read.chain).toEqual([]);
    expect(read.exceptions).toMatchObject([{ type: 'EXCEPTION', state: 'PENDING', role: 'BH', assignedTeam: 'APPROVAL', maker: 'cpa1', exceptions: [{ key: 'foir', reason: 'FOIR 62% above the 55% policy' }] }]);
    expect(await rows(`SELECT team_id, event FROM notifications WHERE application_id = $1 AND sender = 'cpa1' AND event = 'AssignedToApprovalTeam'`, [id])).toEqual([{ team_id: 'APPROVAL', event: 'AssignedToApprovalTeam' }]);

    const blocked = await act('cpa1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(blocked.status).toBe(400);
    expect(blocked.body.data).toEqual([{ label: 'Exceptions waiting for approval', reason: '1 raised exception(s) still wait for approval', code: 'EXCEPTIONS_RAISED_PENDING_FOR_APPROVAL' }]);

    const ok = await approval('bh1', 'approve', { application_id: id, verNum: await verOf(id), subTaskId: read.exceptions[0].subTaskId, comment: 'Strong guarantor' });
    expect(ok.status).toBe(200);
    expect(ok.body.application).toMatchObject({ openApprovals: 0, subStatus: null });
    expect((await myApprovals('bh1')).ids).not.toContain(id);
    expect((await act('cpa1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);

    // At the approval step, completing the step while the chain is open: APPROVALS_PENDING.
    expect((await act('bcm1', 'assign', { application_id: id, verNum: await verOf(id) })).status).toBe(200);
    expect((await act('bcm1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON })).status).toBe(200);
    expect((await act('bh1', 'assign', { application_id: id, verNum: await verOf(id) })).status).toBe(200);
    const pending = await act('bh1', 'complete_step/user', { application_id: id, verNum: await verOf(id), completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(pending.status).toBe(400);
    expect(pending.body.data).toEqual([{ label: 'Approvals pending', reason: '1 approval(s) are pending', code: 'APPROVALS_PENDING' }]);
  });
});
