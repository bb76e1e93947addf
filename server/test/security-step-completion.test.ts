import { staffApp } from './helpers/staff-app';
import type { Json } from './helpers/json';

/**
 * Step completion a bank can defend (§4 step completion types): completing with validations refuses an
 * application whose form is not filled, listing each missing mandatory field (documents, signature and consents
 * included) by its label with a link to its section; COMPLETE skips those checks only for a holder of
 * COMPLETE_WITHOUT_VALIDATIONS with a reason, which the audit and the worklog keep. Every refusal writes nothing.
 */
// cpa2 is given the override before logging in (so the session carries it); cpa1 keeps the demo roles.
const s = staffApp(['cpa1', 'cpa2'], {
  prepare: (app) => app.db.query(`INSERT INTO user_roles (user_id, role, position) VALUES ('cpa2', 'COMPLETE_WITHOUT_VALIDATIONS', 98)`).then(() => undefined),
});
const { call, rows } = s;

const state = async (id: string) => (await rows(`SELECT ver_num, status, stage, cur_task_id FROM applications WHERE application_id = $1`, [id]))[0];
const complete = async (user: string, id: string, extra: Json) =>
  call(user, 'POST', '/v3/application/action/complete_step/user', { application_id: id, verNum: (await state(id)).ver_num, ...extra });

/** An application abandoned after the applicant's name: no amount, no documents, no signature, no consent. */
async function abandoned(user: string): Promise<string> {
  const created = await call(user, 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Half', lastName: 'Done' }], customFields: { firstName: 'Half', lastName: 'Done' } });
  expect(created.status).toBe(201);
  return created.body.data.application_id as string;
}

test('the demo gives the override permission to admin only', async () => {
  const holders = await rows(`SELECT user_id FROM user_roles WHERE role = 'COMPLETE_WITHOUT_VALIDATIONS' AND user_id <> 'cpa2' ORDER BY user_id`, []);
  expect(holders).toEqual([{ user_id: 'admin' }]);
});

test('completing with validations lists every missing mandatory field by its label, with a link to its section, and changes nothing', async () => {
  const id = await abandoned('cpa1');
  const before = await state(id);
  const res = await complete('cpa1', id, { completionType: 'COMPLETE_WITH_VALIDATIONS' });
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ code: 1101, message: 'Validation Failed' });
  const items = res.body.data as Json[];
  const labels = items.map((i) => i.label);
  // Filled fields are not listed; the loan, the documents, the signature and the consents are.
  expect(labels).not.toContain('First name');
  expect(labels).toEqual(expect.arrayContaining(['Loan amount', 'Identity and address proof', 'Sign here', 'I confirm the information given is true']));
  // Consent is a record per purpose (issue 27), no longer a mandatory flow answer.
  expect(labels).not.toContain('I allow a credit bureau check');
  expect(items.find((i) => i.label === 'Loan amount')).toEqual({
    label: 'Loan amount',
    reason: 'Mandatory, not filled in (Loan requirement › Loan details)',
    code: 'MANDATORY_FIELD',
    key: 'loanAmount',
    link: `/backstage/application?application_id=${id}&section=PL_loan&field=loanAmount`,
  });
  expect(items.find((i) => i.label === 'Sign here')?.link).toContain('&section=PL_documents&');
  // No §4 code is shown to staff: every label is words.
  expect(labels.filter((l) => /^[A-Z]+_[A-Z_]+$/.test(String(l)))).toEqual([]); // words, never a code such as QUERIES_PENDING
  expect(await state(id)).toEqual(before);
});

test('COMPLETE without the permission is refused (403), even with a reason, and changes nothing', async () => {
  const id = await abandoned('cpa1');
  const before = await state(id);
  const res = await complete('cpa1', id, { completionType: 'COMPLETE', reason: 'Customer is known to the branch' });
  expect(res.status).toBe(403);
  expect(res.body.data).toEqual([{ label: 'completionType', reason: 'Completing a step without its mandatory checks needs the COMPLETE_WITHOUT_VALIDATIONS permission; complete it with the checks instead' }]);
  expect(await state(id)).toEqual(before);
  expect(await rows(`SELECT action FROM worklogs WHERE application_id = $1 AND action = 'complete_step/user'`, [id])).toEqual([]);
});

test('COMPLETE with the permission needs a reason; with one it moves the step on, audited and worklogged', async () => {
  const id = await abandoned('cpa2');
  const before = await state(id);
  for (const reason of [undefined, '   ']) {
    const res = await complete('cpa2', id, { completionType: 'COMPLETE', ...(reason === undefined ? {} : { reason }) });
    expect(res.status).toBe(400);
    expect(res.body.data).toEqual([{ label: 'reason', reason: 'Completing a step without its mandatory checks needs a reason' }]);
    expect(await state(id)).toEqual(before);
  }
  const done = await complete('cpa2', id, { completionType: 'COMPLETE', reason: 'Branch head confirmed the documents on paper' });
  expect(done.status).toBe(200);
  expect(done.body.data).toMatchObject({ appLifeCycle: { stage: 1 }, currentTask: { name: 'Assess credit', progress: 'Pending' } });
  const audit = await rows(`SELECT new_value, user_id FROM audits WHERE application_id = $1 AND action = 'complete_step/user' AND field_key = 'completion.override'`, [id]);
  expect(audit).toHaveLength(1);
  expect(audit[0].user_id).toBe('cpa2');
  expect(JSON.stringify(audit[0].new_value)).toContain('Branch head confirmed the documents on paper');
  expect(JSON.stringify(audit[0].new_value)).toContain('Data Entry');
  const worklog = await rows(`SELECT user_id, comment FROM worklogs WHERE application_id = $1 AND action = 'complete_step/user'`, [id]);
  expect(worklog).toEqual([{ user_id: 'cpa2', comment: 'Step Data Entry completed without the mandatory checks (override): Branch head confirmed the documents on paper' }]);
});

test('the override still stops at open queries, raised exceptions and pending approvals', async () => {
  const id = await abandoned('cpa2');
  await s.app.db.query(`UPDATE applications SET open_queries = 1 WHERE application_id = $1`, [id]);
  const res = await complete('cpa2', id, { completionType: 'COMPLETE', reason: 'Known customer' });
  expect(res.status).toBe(400);
  expect(res.body.data).toEqual([{ label: 'Open queries', reason: '1 query(ies) are unresolved', code: 'QUERIES_PENDING' }]);
  await s.app.db.query(`UPDATE applications SET open_queries = 0 WHERE application_id = $1`, [id]);
});
