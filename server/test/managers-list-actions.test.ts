import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import type { SandboxNotifier } from '../src/adapters/notify';

/** Issue 18: mail from a list through the notification adapter, audited; rebook where the lifecycle allows it. */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};
const outbox = () => (t.app.notifier as SandboxNotifier).sent();

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'viewer1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function post(user: string, path: string, payload: Json) {
  const res = await t.app.inject({ method: 'POST', url: `/backstage/${path}`, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
async function one(where: string) {
  return (await t.app.db.query<Json>(`SELECT application_id, ver_num, email, applicant_name, cur_task_id FROM applications WHERE ${where} ORDER BY id LIMIT 1`)).rows[0];
}
const trail = async (id: string, action: string) => ({
  audits: (await t.app.db.query<Json>(`SELECT field_key, new_value, user_id FROM audits WHERE application_id = $1 AND action = $2 ORDER BY id`, [id, action])).rows,
  worklogs: (await t.app.db.query<Json>(`SELECT comment, user_id FROM worklogs WHERE application_id = $1 AND action = $2`, [id, action])).rows,
});

describe(`mail and rebook from a list on ${dbKind()}`, () => {
  test('sendMailCommon fills the template, sends it through the adapter, and audits it', async () => {
    const app = await one(`branch = 'BR-NORTH' AND status = 'ACTIVE'`);
    const before = outbox().length;
    const r = await post('cpa1', 'sendMailCommon', { application_id: app.application_id, verNum: app.ver_num, template_id: 'DOCUMENTS_PENDING_EMAIL', params: { documents: 'PAN <card>' } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ to: app.email, subject: `Documents pending for ${app.application_id}`, template_id: 'DOCUMENTS_PENDING_EMAIL' });
    expect(r.body.application.verNum).toBe(app.ver_num + 1);
    const sent = outbox().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'EMAIL', to: app.email, body: '<p>Please upload PAN &#60;card&#62;.</p>', messageId: r.body.data.messageId });
    const log = await trail(app.application_id, 'sendMailCommon');
    expect(log.audits.find((a) => a.field_key === '_mail')).toMatchObject({ user_id: 'cpa1', new_value: { template_id: 'DOCUMENTS_PENDING_EMAIL', to: app.email } });
    expect(log.worklogs).toEqual([{ comment: `Mail "Documents pending" sent to ${app.email}`, user_id: 'cpa1' }]);
  });

  test('refusals send nothing and write nothing', async () => {
    const app = await one(`branch = 'BR-NORTH' AND status = 'ACTIVE'`);
    const south = await one(`branch = 'BR-SOUTH' AND assigned_team <> 'CPA-NORTH' AND status = 'ACTIVE'`);
    const before = outbox().length;
    const sms = await post('cpa1', 'sendMailCommon', { application_id: app.application_id, verNum: app.ver_num, template_id: 'APPLICATION_RECEIVED_SMS' });
    expect(sms.status).toBe(400);
    expect(sms.body.data[0].reason).toContain('mail needs an EMAIL or HTML template');
    expect((await post('cpa1', 'sendMailCommon', { application_id: app.application_id, verNum: app.ver_num - 1, template_id: 'REJECTION_EMAIL' })).status).toBe(409);
    expect((await post('cpa1', 'sendMailCommon', { application_id: app.application_id, verNum: app.ver_num, template_id: 'NO_SUCH' })).status).toBe(404);
    expect((await post('viewer1', 'sendMailCommon', { application_id: app.application_id, verNum: app.ver_num, template_id: 'REJECTION_EMAIL' })).status).toBe(403);
    const hidden = await post('cpa1', 'sendMailCommon', { application_id: south.application_id, verNum: south.ver_num, template_id: 'REJECTION_EMAIL' });
    expect(hidden.status).toBe(404);
    expect(hidden.body.data).toEqual([{ label: 'application_id', reason: 'Application not found' }]);
    expect(outbox().length).toBe(before);
    expect((await trail(app.application_id, 'sendMailCommon')).worklogs).toHaveLength(1); // only the first test's mail
  });

  test('rebook: a cancelled application returns to its step only where the lifecycle offers Rebook', async () => {
    const app = await one(`branch = 'BR-NORTH' AND status = 'CANCELLED'`);
    // The demo lifecycle lists Rebook on its steps (issue 25): a task without it stands for a lifecycle that does not.
    await t.app.db.query(`UPDATE tasks SET actions = COALESCE((SELECT jsonb_agg(a) FROM jsonb_array_elements(actions) a WHERE a->>'type' <> 'Rebook'), '[]'::jsonb) WHERE task_id = $1`, [app.cur_task_id]);
    const refusedNow = await post('cpa1', 'rebook', { application_id: app.application_id, verNum: app.ver_num });
    expect(refusedNow.status).toBe(400);
    expect(refusedNow.body.data[0].reason).toMatch(/does not allow Rebook/);
    await t.app.db.query(`UPDATE tasks SET actions = actions || '[{"type": "Rebook", "value": "rebook"}]'::jsonb WHERE task_id = $1`, [app.cur_task_id]);
    const r = await post('cpa1', 'rebook', { application_id: app.application_id, verNum: app.ver_num, reason: 'Customer came back' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'ACTIVE', taskId: app.cur_task_id });
    const [row] = (await t.app.db.query<Json>(`SELECT a.status, a.closed_at, a.task_progress, t.progress, t.overall_end FROM applications a JOIN tasks t ON t.task_id = a.cur_task_id WHERE a.application_id = $1`, [app.application_id])).rows;
    expect(row).toEqual({ status: 'ACTIVE', closed_at: null, task_progress: 'Pending', progress: 'Pending', overall_end: null });
    const log = await trail(app.application_id, 'rebook');
    expect(log.audits.find((a) => a.field_key === 'application_status')).toMatchObject({ new_value: 'ACTIVE', user_id: 'cpa1' });
    expect(log.worklogs[0].comment).toMatch(/^Rebooked at .+: Customer came back$/);
    const again = await post('cpa1', 'rebook', { application_id: app.application_id, verNum: r.body.application.verNum });
    expect(again.status).toBe(400);
    expect(again.body.data[0].reason).toContain('is ACTIVE; rebook needs CANCELLED');
  });
});
