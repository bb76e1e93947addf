import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import type { Json } from './helpers/json';

/**
 * §2's Close tab (issue 25): POST /v3/taskconfigs/close closes the sub-task in question with a reason, under the rules
 * that already govern it. A query (sub-status QUERIES) is closed by its raiser, holder or an admin, the reason on its
 * thread, in the worklog and the audit; a pending approval (sub-status APPROVAL) by its decider's decision, the reason as
 * the comment, never by its maker. The reason and, for an approval, the decision are required.
 */
const s = staffApp(['cpa1', 'cpa2', 'bcm1', 'bh1']);
const { call, rows, verNumOf } = s;

const close = async (user: string, id: string, extra: Json) => call(user, 'POST', '/v3/taskconfigs/close', { application_id: id, verNum: await verNumOf(id), ...extra });
const refusal = (label: string, reason: string) => ({ code: 1101, message: 'Validation Failed', data: [{ label, reason }] });

async function create(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Close', lastName: 'Case' }], customFields: { loanAmount: 300000 } });
  expect(r.status).toBe(201);
  return r.body.data.application_id as string;
}

describe(`the Close tab (${dbKind()})`, () => {
  test('closes an open query with a reason: on its thread, in the worklog and the audit; the sub-status leaves QUERIES', async () => {
    const id = await create();
    const raised = await call('cpa1', 'POST', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: await verNumOf(id), subject: 'Salary slip for March?', assignedTo: 'bcm1' });
    expect(raised.status).toBe(200);
    const subTaskId = raised.body.data.subTaskId as string;
    expect((await call('cpa1', 'GET', `/v3/application/${id}`)).body.data.subStatus).toBe('QUERIES');

    // Without a reason: refused by the schema; someone neither raiser nor holder: refused by the query rules.
    expect((await close('cpa1', id, { subTaskId, reason: ' ' })).status).toBe(400);
    const other = await close('cpa2', id, { subTaskId, reason: 'Not mine' });
    expect(other.status).toBe(403);
    expect((await rows(`SELECT status FROM sub_tasks WHERE id = $1::bigint`, [subTaskId]))[0].status).toBe('OPEN');

    const before = await verNumOf(id);
    const r = await close('bcm1', id, { subTaskId, reason: 'The slip was found in the documents' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ data: { subTaskId, kind: 'QUERY', outcome: 'CLOSED' }, message: 'Query closed', application: { verNum: before + 1 } });
    const sub = (await rows(`SELECT status, body FROM sub_tasks WHERE id = $1::bigint`, [subTaskId]))[0];
    expect(sub.status).toBe('CLOSED');
    expect(sub.body.comments).toContainEqual(expect.objectContaining({ by: 'bcm1', text: 'Closed: The slip was found in the documents' }));
    expect(await rows(`SELECT user_id, comment FROM worklogs WHERE application_id = $1 AND action = 'closeSubTask'`, [id])).toEqual([
      { user_id: 'bcm1', comment: `Query ${subTaskId} closed: Closed: The slip was found in the documents` },
    ]);
    expect((await rows(`SELECT user_id FROM audits WHERE application_id = $1 AND action = 'closeSubTask' AND field_key = '_action'`, [id]))).toEqual([{ user_id: 'bcm1' }]);
    expect((await call('cpa1', 'GET', `/v3/application/${id}`)).body.data.subStatus).not.toBe('QUERIES');
    // Closed once: a second close says so.
    expect((await close('bcm1', id, { subTaskId, reason: 'again' })).body).toEqual(refusal('subTaskId', `Query ${subTaskId} is already closed`));
    // A query is closed without a decision.
    expect((await close('cpa1', id, { subTaskId, reason: 'x', decision: 'APPROVE' })).body).toEqual(refusal('decision', 'A query is closed without a decision'));
  });

  test('closes a pending approval by its decider with a reason; the maker (no approver) may not; the decision is required', async () => {
    const id = await create();
    const raised = await call('cpa1', 'POST', '/v3/application/action/complete_step/user', {
      application_id: id, verNum: await verNumOf(id), completionType: 'RAISE_EXCEPTIONS', exceptions: [{ key: 'foir', reason: 'FOIR 62% above the 55% policy' }],
    });
    expect(raised.status).toBe(200);
    expect(raised.body.data.subStatus).toBe('APPROVAL');
    const subTaskId = (await rows(`SELECT id::text AS id FROM sub_tasks WHERE application_id = $1 AND kind = 'EXCEPTION' AND status = 'OPEN'`, [id]))[0].id as string;

    expect((await close('bh1', id, { subTaskId, reason: 'Policy exception granted' })).body).toEqual(refusal('decision', 'Closing an approval needs the decision: APPROVE or REJECT'));
    const own = await close('cpa1', id, { subTaskId, reason: 'Mine', decision: 'APPROVE' });
    expect(own.status).toBe(403);
    expect((await rows(`SELECT status FROM sub_tasks WHERE id = $1::bigint`, [subTaskId]))[0].status).toBe('OPEN');

    const r = await close('bh1', id, { subTaskId, reason: 'Policy exception granted for a salaried applicant', decision: 'APPROVE' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ data: { subTaskId, kind: 'EXCEPTION', outcome: 'APPROVED' }, message: 'Approval closed: approved' });
    const sub = (await rows(`SELECT status, body FROM sub_tasks WHERE id = $1::bigint`, [subTaskId]))[0];
    expect(sub).toMatchObject({ status: 'CLOSED', body: { decision: 'APPROVED', decidedBy: 'bh1', comment: 'Policy exception granted for a salaried applicant' } });
    expect((await rows(`SELECT user_id, new_value FROM audits WHERE application_id = $1 AND field_key = $2`, [id, `approval.${subTaskId}.decision`]))).toEqual([{ user_id: 'bh1', new_value: 'APPROVED' }]);
    expect((await call('cpa1', 'GET', `/v3/application/${id}`)).body.data.openExceptions).toBe(0);
  });

  test('a sub-task of another application, or none, is the same 404', async () => {
    const a = await create();
    const b = await create();
    const raised = await call('cpa1', 'POST', '/v3/taskconfigs/createSubTask', { application_id: b, verNum: await verNumOf(b), subject: 'Elsewhere?', assignedTo: 'bcm1' });
    const foreign = await close('cpa1', a, { subTaskId: raised.body.data.subTaskId, reason: 'x' });
    const none = await close('cpa1', a, { subTaskId: '999999999', reason: 'x' });
    expect(foreign).toEqual({ status: 404, body: none.body });
    expect(none.status).toBe(404);
  });
});
