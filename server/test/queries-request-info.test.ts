import { createTestApp, type TestApp } from './helpers/test-app';
import { grantCompleteOverride, OVERRIDE_REASON } from './helpers/complete-override';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { renderWorklog } from '../src/domain/tasks/worklog-text';

/**
 * Requests for information to the applicant and the §7 "queries" calls: staff ask for fields and documents, the
 * applicant answers through the link (one request, one application, once, before it expires), the values land with a
 * field audit naming the applicant, the query resolves, the officer is notified, and the task's SLA clock is paused
 * meanwhile. Link misuse always gets the one neutral refusal; nothing is written by a refused call.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  await grantCompleteOverride(t.app.db, ['cpa1']);
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'bh1', 'dev1', 'viewer1', 'admin']) headers[u] = (await loginAs(t.app, u)).headers;
  headers.customer = (await loginAs(t.app, 'portal-customer')).headers;
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
async function create(): Promise<string> {
  const r = await call('cpa1', 'POST', '/v3/application/save', {
    product_code: 'PL',
    applicant: [{ type: 'primary', firstName: 'Asha', lastName: 'Rao', email: 'asha.rao@example.com', mobile: '9876543210' }],
    customFields: { loanAmount: 250000, employerName: 'Old Corp' },
  });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
async function row(id: string) {
  const { rows } = await t.app.db.query<Json>(`SELECT ver_num, open_queries, query_holders, sla_due_at, custom_fields FROM applications WHERE application_id = $1`, [id]);
  return rows[0];
}
const view = async (id: string) => (await call('cpa1', 'GET', `/v3/application/${id}`)).body.data;
const ask = (id: string, verNum: number, extra: Json = {}) =>
  call('cpa1', 'POST', '/v3/application/queries/requestInfo', { application_id: id, verNum, fields: ['employerName', 'yearsInCurrentJob'], documents: ['incomeDocuments'], message: 'Please confirm your employer and send your income proof.', ...extra });
const secretOf = (link: string) => new URL(link).searchParams.get('rfi')!;
const fetchFields = (user: string, secret: string, id: string) => call(user, 'GET', `/v3/queries/fetchFieldsForReqInfo/${secret}?application_id=${encodeURIComponent(id)}`);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64');
const answer = (secret: string, id: string, extra: Json = {}) =>
  call('customer', 'POST', '/v3/queries/updateAndResolveQuery', {
    application_id: id,
    requestForInfoId: secret,
    values: { employerName: 'Acme Textiles', yearsInCurrentJob: 4 },
    files: [{ fieldKey: 'incomeDocuments', fileName: 'salary.pdf', type: 'application/pdf', content: PDF }],
    ...extra,
  });
const LINK_REFUSED = { code: 1101, message: 'Validation Failed', data: [{ label: 'requestForInfoId', reason: 'The link is either expired or invalid or your application has already been submitted for further processing.' }] };
const NOT_FOUND = { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] };

describe(`requests for information on ${dbKind()}`, () => {
  test('ask → applicant reads only the asked fields → answers: values, audit, query, counts, SLA pause and notice follow', async () => {
    const id = await create();
    const before = await view(id);
    expect(before.currentTask.slaPause).toEqual({ pausedAt: null, pausedMins: 0 });
    const dueBefore = before.currentTask.dueAt;
    expect(before.currentTask).toMatchObject({ progress: 'In Progress', assignedTo: 'cpa1', dueAt: expect.any(String) });
    const v0 = (await row(id)).ver_num;

    const fields = await call('cpa1', 'POST', '/v3/queries/getFields', { application_id: id });
    expect(fields.status).toBe(200);
    const keys = fields.body.data.fields.map((f: Json) => f.key);
    expect(keys).toEqual(expect.arrayContaining(['employerName', 'yearsInCurrentJob', 'loanPurpose']));
    expect(keys).not.toEqual(expect.arrayContaining(['mobileOtp']));
    expect(keys).not.toContain('netBankingPassword');
    expect(fields.body.data.documents.map((f: Json) => f.key)).toEqual(expect.arrayContaining(['kycDocuments', 'incomeDocuments']));
    expect(fields.body.data.values.employerName).toBe('Old Corp');

    const asked = await ask(id, v0);
    expect(asked.status).toBe(200);
    expect(asked.body.data.query).toMatchObject({ type: 'QUERY', status: 'OPEN', assignedTo: 'cpa1', raisedBy: 'cpa1', fields: ['employerName', 'yearsInCurrentJob'], documents: ['incomeDocuments'] });
    expect(asked.body.data).toMatchObject({ sentTo: 'asha.rao@example.com', channel: 'EMAIL' });
    expect(asked.body.application).toEqual({ application_id: id, verNum: v0 + 1, openQueries: 1, openApprovals: 0, subStatus: 'QUERIES' });
    const link: string = asked.body.data.sandboxLink;
    expect(link).toMatch(/\/dynamic-resume\/request-info\?application_id=.+&rfi=[A-Za-z0-9_-]{43}$/);
    const sent = (t.app.notifier as unknown as { sent(): Json[] }).sent().at(-1);
    expect(sent).toMatchObject({ channel: 'EMAIL', to: 'asha.rao@example.com', link });
    const { rows: stored } = await t.app.db.query<Json>(`SELECT token_hash FROM info_requests WHERE application_id = $1`, [id]);
    expect(JSON.stringify(stored)).not.toContain(secretOf(link)); // only the hash is kept
    // The worklog names what was asked by the flow's configured labels, in each language (issue 30); keys stay in params.
    const { rows: [logged] } = await t.app.db.query<Json>(`SELECT comment, text FROM worklogs WHERE application_id = $1 AND action = 'requestInfo'`, [id]);
    expect(logged.text).toMatchObject({ key: 'infoRequestedLog', params: { items: 'employerName,yearsInCurrentJob,incomeDocuments' } });
    expect(logged.comment).toMatch(/^Information requested from the applicant \(.+, .+, .+\); SLA paused while waiting$/);
    expect(logged.comment).not.toMatch(/employerName|yearsInCurrentJob|incomeDocuments/);
    const hindi = renderWorklog(logged.text, 'hi');
    expect(hindi).toMatch(/^आवेदक से जानकारी माँगी गई \(.+\); प्रतीक्षा के दौरान एसएलए रुका$/);
    expect((hindi.match(/[\p{L}\p{N}_-]+/gu) ?? []).filter((w) => /[a-z]{2,}/.test(w) && !/\d/.test(w))).toEqual([]);

    // While waiting: the SLA clock of the task is paused; no due time on the row (lists) or the task.
    const waiting = await view(id);
    expect(waiting.subStatus).toBe('QUERIES');
    expect(waiting.currentTask.slaPause.pausedAt).toEqual(expect.any(String));
    expect(waiting.currentTask.dueAt).toBeNull();
    expect((await row(id)).sla_due_at).toBeNull();
    expect(waiting.currentTask.operationalLevelAgreement.assigned.status).toBe('PAUSED');
    const listed = await call('cpa1', 'GET', `/v3/queries/${id}`);
    expect(listed.body).toMatchObject({ open: 1, closed: 0 });
    expect(listed.body.data[0].requestInfo).toMatchObject({ sentTo: 'asha.rao@example.com', sends: 1, state: 'WAITING', answeredAt: null });
    expect(JSON.stringify(listed.body)).not.toContain(secretOf(link));
    expect((await call('cpa1', 'POST', '/queries/getQueriesUnresolvedCountByUserId', {})).body.data).toMatchObject({ userId: 'cpa1', count: 1, assignedToUser: 1 });
    // completing the step now is QUERIES_PENDING
    const blocked = await call('cpa1', 'POST', '/v3/application/action/complete_step/user', { application_id: id, verNum: v0 + 1, completionType: 'COMPLETE', reason: OVERRIDE_REASON });
    expect(blocked.status).toBe(400);
    expect(blocked.body.data).toContainEqual({ label: 'Open queries', reason: '1 query(ies) are unresolved', code: 'QUERIES_PENDING' });

    // The applicant's page: only what was asked, required, pre-filled.
    const secret = secretOf(link);
    const page = await fetchFields('customer', secret, id);
    expect(page.status).toBe(200);
    expect(page.body.data.message).toBe('Please confirm your employer and send your income proof.');
    expect(page.body.data.fields.map((f: Json) => f.key)).toEqual(['employerName', 'yearsInCurrentJob']);
    expect(page.body.data.fields.every((f: Json) => f.field_type_details.mandatory === true)).toBe(true);
    expect(page.body.data.documents.map((f: Json) => f.key)).toEqual(['incomeDocuments']);
    expect(page.body.data.values).toEqual({ employerName: 'Old Corp' });
    expect(JSON.stringify(page.body)).not.toContain('loanAmount');

    // A bad answer is refused by the form engine and changes nothing; the link still works.
    const bad = await answer(secret, id, { values: { employerName: '', yearsInCurrentJob: 99 } });
    expect(bad.status).toBe(400);
    expect(bad.body.data).toEqual([{ label: 'Employer name', reason: 'This field is required' }, { label: 'Years in current job', reason: 'Value is out of range' }]);
    const noDoc = await answer(secret, id, { files: [] });
    expect(noDoc.body.data).toEqual([{ label: 'Income proof (last 3 months)', reason: 'This field is required' }]);
    const extra = await answer(secret, id, { values: { employerName: 'Acme', yearsInCurrentJob: 4, loanAmount: 1 } });
    expect(extra.body.data).toEqual([{ label: 'loanAmount', reason: 'was not asked for' }]);
    expect((await row(id)).ver_num).toBe(v0 + 1);
    // staff do not answer in the applicant's name
    expect((await call('cpa1', 'POST', '/v3/queries/updateAndResolveQuery', { application_id: id, requestForInfoId: secret, values: {} })).status).toBe(403);

    const done = await answer(secret, id);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ application_id: id, resolved: true, updated: ['employerName', 'yearsInCurrentJob', 'incomeDocuments'] });
    const after = await row(id);
    expect(after).toMatchObject({ ver_num: v0 + 2, open_queries: 0, query_holders: [] });
    expect(after.custom_fields).toMatchObject({ employerName: 'Acme Textiles', yearsInCurrentJob: 4, incomeDocuments: { uploadedDocuments: [expect.objectContaining({ name: 'salary.pdf', type: 'application/pdf' })] } });
    const v = await view(id);
    expect(v.subStatus).toBeNull();
    expect(v.currentTask.slaPause.pausedAt).toBeNull();
    expect(new Date(v.currentTask.dueAt).getTime()).toBeGreaterThanOrEqual(new Date(dueBefore).getTime());
    const audit = await call('cpa1', 'GET', `/v3/audits/getAudits?application_id=${id}&fieldKey=customFields.employerName`);
    expect(JSON.stringify(audit.body)).toContain('Asha Rao (applicant)');
    expect(JSON.stringify(audit.body)).toContain('Acme Textiles');
    const { rows: notes } = await t.app.db.query<Json>(`SELECT username, event, messages FROM notifications WHERE application_id = $1 ORDER BY id DESC LIMIT 1`, [id]);
    expect(notes[0]).toMatchObject({ username: 'cpa1', event: 'AssignedQueriesToUser', messages: [`Asha Rao (applicant) answered your request for information on ${id}`] });
    const closed = await call('cpa1', 'GET', `/v3/queries/${id}`);
    expect(closed.body).toMatchObject({ open: 0, closed: 1 });
    expect(closed.body.data[0]).toMatchObject({ status: 'CLOSED', closedBy: 'Asha Rao (applicant)', requestInfo: { state: 'ANSWERED', answeredBy: 'Asha Rao (applicant)' } });
    expect((await call('cpa1', 'POST', '/queries/getQueriesUnresolvedCountByUserId', {})).body.data.count).toBe(0);

    // Reused: the same link no longer opens anything.
    expect(await fetchFields('customer', secret, id)).toEqual({ status: 404, body: LINK_REFUSED });
    expect(await answer(secret, id)).toEqual({ status: 404, body: LINK_REFUSED });
  });

  test('link misuse — other application, expired, replaced by a resend, withdrawn, unknown — is the one neutral 404', async () => {
    const id = await create();
    const other = await create();
    const v = (await row(id)).ver_num;
    const first = await ask(id, v, { fields: ['employerName'], documents: [] });
    const secret = secretOf(first.body.data.sandboxLink);
    // another application's id with this link
    expect(await fetchFields('customer', secret, other)).toEqual({ status: 404, body: LINK_REFUSED });
    expect(await answer(secret, other, { values: { employerName: 'X' }, files: [] })).toEqual({ status: 404, body: LINK_REFUSED });
    // an unknown secret
    expect(await fetchFields('customer', 'A'.repeat(43), id)).toEqual({ status: 404, body: LINK_REFUSED });
    // resend: a new secret, the old link stops working
    const again = await call('cpa1', 'POST', '/v3/queries/sendRequestForInfoNotifications', { application_id: id, verNum: v + 1, subTaskId: first.body.data.query.subTaskId });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ sends: 2, sentTo: 'asha.rao@example.com' });
    const secret2 = secretOf(again.body.data.sandboxLink);
    expect(secret2).not.toBe(secret);
    expect(await fetchFields('customer', secret, id)).toEqual({ status: 404, body: LINK_REFUSED });
    expect((await fetchFields('customer', secret2, id)).status).toBe(200);
    // a colleague may not resend cpa1's request
    expect((await call('cpa2', 'POST', '/v3/queries/sendRequestForInfoNotifications', { application_id: id, verNum: v + 2, subTaskId: first.body.data.query.subTaskId })).status).toBe(403);
    // expired
    await t.app.db.query(`UPDATE info_requests SET expires_at = now() - interval '1 minute' WHERE application_id = $1`, [id]);
    expect(await fetchFields('customer', secret2, id)).toEqual({ status: 404, body: LINK_REFUSED });
    expect(await answer(secret2, id, { values: { employerName: 'Late Ltd' }, files: [] })).toEqual({ status: 404, body: LINK_REFUSED });
    expect((await row(id)).custom_fields.employerName).toBe('Old Corp');
    expect((await call('cpa1', 'GET', `/v3/queries/${id}`)).body.data[0].requestInfo.state).toBe('EXPIRED');
    // withdrawn: closing the query closes the link and runs the clock again
    await t.app.db.query(`UPDATE info_requests SET expires_at = now() + interval '1 hour' WHERE application_id = $1`, [id]);
    expect((await view(id)).currentTask.slaPause.pausedAt).toEqual(expect.any(String));
    const closed = await call('cpa1', 'POST', '/v3/taskconfigs/closeSubTask', { application_id: id, verNum: v + 2, subTaskId: first.body.data.query.subTaskId, comment: 'Got it by phone' });
    expect(closed.status).toBe(200);
    expect(closed.body.application).toMatchObject({ openQueries: 0, subStatus: null });
    expect((await view(id)).currentTask.slaPause.pausedAt).toBeNull();
    expect(await fetchFields('customer', secret2, id)).toEqual({ status: 404, body: LINK_REFUSED });
    // a request is not reopened or re-pointed; it is asked again
    const reopen = await call('cpa1', 'POST', '/v3/taskconfigs/reopenSubTask', { application_id: id, verNum: v + 3, subTaskId: first.body.data.query.subTaskId });
    expect(reopen.status).toBe(400);
    expect(reopen.body.data[0].reason).toMatch(/ask again with a new request/);
    // the schema refuses anything that is not a secret
    expect((await fetchFields('customer', 'short', id)).status).toBe(400);
  });

  test('requestInfo refusals: nothing picked, a field that may not be asked, not ACTIVE, stale verNum, permission, foreign application', async () => {
    const id = await create();
    const v = (await row(id)).ver_num;
    const reason = async (extra: Json) => (await ask(id, v, extra)).body.data;
    expect(await reason({ fields: [], documents: [] })).toEqual([{ label: 'fields', reason: 'Pick at least one field or document to ask the applicant for' }]);
    expect(await reason({ fields: ['mobileOtp'] })).toEqual([{ label: 'fields', reason: 'mobileOtp is not a field the applicant can be asked for' }]);
    expect(await reason({ fields: [], documents: ['employerName'] })).toEqual([{ label: 'documents', reason: 'employerName is not a document the applicant can be asked for' }]);
    expect((await ask(id, v - 1)).status).toBe(409);
    expect((await call('viewer1', 'POST', '/v3/application/queries/requestInfo', { application_id: id, verNum: v, fields: ['employerName'], message: 'x' })).status).toBe(403);
    expect(await call('dev1', 'POST', '/v3/queries/getFields', { application_id: id })).toEqual({ status: 404, body: NOT_FOUND });
    expect(await call('cpa1', 'GET', '/v3/queries/APP-NOPE')).toEqual({ status: 404, body: NOT_FOUND });
    expect((await call('customer', 'GET', `/v3/queries/${id}`)).status).toBe(403);
    expect((await row(id)).ver_num).toBe(v);
    expect((await call('cpa1', 'GET', `/v3/queries/${id}`)).body).toEqual({ data: [], open: 0, closed: 0 });
  });

  test('/queries calls: raise, comment, close, reopen through createOrUpdateQuery / updateQuery; counts and sub-status after each', async () => {
    const id = await create();
    let v = (await row(id)).ver_num;
    const count = async (u: string) => (await call(u, 'POST', '/queries/getQueriesUnresolvedCountByUserId', {})).body.data.count;
    const bcm0 = await count('bcm1');
    const raised = await call('cpa1', 'POST', '/queries/createOrUpdateQuery', { application_id: id, verNum: v, subject: 'Bank statement?', assignedTo: 'cpa2', fields: ['employerName'] });
    expect(raised.status).toBe(200);
    expect(raised.body.application).toMatchObject({ openQueries: 1, subStatus: 'QUERIES' });
    expect(await count('cpa2')).toBe(1);
    const sub = raised.body.data.subTaskId;
    const moved = await call('cpa1', 'POST', '/queries/createOrUpdateQuery', { application_id: id, verNum: ++v, subTaskId: sub, subject: 'Bank statement (6 months)?', assignedTo: 'cpa1' });
    expect(moved.body.data).toMatchObject({ assignedTo: 'cpa1', subject: 'Bank statement (6 months)?' });
    expect(await count('cpa2')).toBe(0);
    expect(await count('cpa1')).toBe(1);
    const commented = await call('cpa1', 'POST', '/queries/updateQuery', { application_id: id, verNum: ++v, subTaskId: sub, comment: 'Chasing' });
    expect(commented.body.data.comments).toEqual([expect.objectContaining({ by: 'cpa1', text: 'Chasing' })]);
    const closed = await call('cpa1', 'POST', '/queries/updateQuery', { application_id: id, verNum: ++v, subTaskId: sub, status: 'CLOSED', comment: 'Received' });
    expect(closed.body.application).toMatchObject({ openQueries: 0, subStatus: null });
    expect(await count('cpa1')).toBe(0);
    const reopened = await call('cpa1', 'POST', '/queries/updateQuery', { application_id: id, verNum: ++v, subTaskId: sub, status: 'OPEN' });
    expect(reopened.body.application).toMatchObject({ openQueries: 1, subStatus: 'QUERIES' });
    expect((await call('cpa1', 'POST', '/queries/updateQuery', { application_id: id, verNum: ++v, subTaskId: sub })).body.data).toEqual([{ label: 'status', reason: 'Give a status (OPEN or CLOSED) or a comment' }]);
    expect(await count('bcm1')).toBe(bcm0);
    // counting someone else's needs ADMIN
    expect((await call('cpa2', 'POST', '/queries/getQueriesUnresolvedCountByUserId', { userId: 'cpa1' })).status).toBe(403);
    expect((await call('admin', 'POST', '/queries/getQueriesUnresolvedCountByUserId', { userId: 'cpa1' })).body.data.count).toBe(1);
    expect((await call('customer', 'POST', '/queries/getQueriesUnresolvedCountByUserId', {})).status).toBe(403);
    // requestUserInfo: a query to a colleague whose subject is the message's first line
    const asked = await call('cpa1', 'POST', '/v3/application/queries/requestUserInfo', { application_id: id, verNum: v, assignedTo: 'cpa2', fields: ['employerName'], message: 'Employer check\nCall HR please' });
    expect(asked.status).toBe(200);
    expect(asked.body.data).toMatchObject({ subject: 'Employer check', description: 'Employer check\nCall HR please', assignedTo: 'cpa2', fields: ['employerName'] });
    expect(asked.body.application.openQueries).toBe(2);
  });

  test('concurrent close and reopen of one query from one version: exactly one applies (verNum), the other is 409', async () => {
    const id = await create();
    let v = (await row(id)).ver_num;
    const sub = (await call('cpa1', 'POST', '/queries/createOrUpdateQuery', { application_id: id, verNum: v, subject: 'Form 16?', assignedTo: 'cpa2' })).body.data.subTaskId;
    v += 1;
    const closed = await call('cpa2', 'POST', '/queries/updateQuery', { application_id: id, verNum: v, subTaskId: sub, status: 'CLOSED' });
    expect(closed.status).toBe(200);
    v += 1;
    const [a, b] = await Promise.all([
      call('cpa1', 'POST', '/queries/updateQuery', { application_id: id, verNum: v, subTaskId: sub, status: 'OPEN', comment: 'Not the right year' }),
      call('cpa2', 'POST', '/queries/updateQuery', { application_id: id, verNum: v, subTaskId: sub, comment: 'Sent the 2025 one' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const after = await row(id);
    expect(after.ver_num).toBe(v + 1);
    const q = (await call('cpa1', 'GET', `/v3/queries/${id}`)).body.data[0];
    if (a.status === 200) expect(q).toMatchObject({ status: 'OPEN', comments: [expect.objectContaining({ text: 'Not the right year' })] });
    else expect(q).toMatchObject({ status: 'CLOSED', comments: [expect.objectContaining({ text: 'Sent the 2025 one' })] });
    expect(after.open_queries).toBe(a.status === 200 ? 1 : 0);
  });
});
