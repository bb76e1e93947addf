import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

// Issue 30: notification and worklog texts come from the language files, and a configured name inside one (the step)
// is in the reader's language: a Hindi reader reads the step's Hindi name and "closed the query" in Hindi too.

let t: TestApp;
const logins: Record<string, LoggedIn> = {};
beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'bcm1']) logins[u] = await loginAs(t.app, u);
});
afterAll(() => t.close());

async function call(user: string, url: string, payload?: Json) {
  const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const verNum = async (id: string) => (await t.app.db.query<Json>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num as number;
const about = async (user: string, id: string) => ((await call(user, '/v3/notification/list?limit=100&lang=hi')).body.data as Json[]).filter((n) => n.metadata.applicationId === id);

describe(`notification and worklog texts in Hindi, on ${dbKind()}`, () => {
  test('an assignment names the step in Hindi; a closed query is told in Hindi; the worklog reads in Hindi; English stays as it was', async () => {
    const saved = await call('cpa1', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Hin', lastName: 'Di' }], customFields: { loanAmount: 150000 } });
    expect(saved.status).toBe(201);
    const id: string = saved.body.data.application_id;
    expect((await call('cpa1', '/v3/application/action/release', { application_id: id, verNum: await verNum(id) })).status).toBe(200);
    expect((await call('bcm1', '/v3/application/action/assign', { application_id: id, verNum: await verNum(id), userName: 'cpa1' })).status).toBe(200);
    const assigned = (await about('cpa1', id)).find((n) => n.metadata.type === 'ASSIGNED')!;
    expect(assigned.texts.en[0]).toBe(`bcm1 assigned ${id} (Data Entry) to you`);
    expect(assigned.messages[0]).toBe(`bcm1 ने ${id} (डेटा प्रविष्टि) आपको सौंपा`);

    const raised = await call('cpa1', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: await verNum(id), subject: 'Salary slips', assignedTo: 'bcm1' });
    expect(raised.status).toBe(200);
    const raisedNote = (await about('bcm1', id)).find((n) => n.texts.en[0].includes('raised a query'))!;
    expect(raisedNote.messages[0]).toBe(`cpa1 ने ${id} पर प्रश्न उठाया: Salary slips`);
    const subTaskId = (raised.body.data ?? raised.body).subTaskId as string;
    expect((await call('bcm1', '/v3/taskconfigs/closeSubTask', { application_id: id, verNum: await verNum(id), subTaskId })).status).toBe(200);
    const closed = (await about('cpa1', id)).find((n) => n.texts.en[0].includes('closed the query'))!;
    expect(closed.texts.en[0]).toBe(`bcm1 closed the query on ${id}: Salary slips`);
    expect(closed.messages[0]).toBe(`bcm1 ने ${id} का प्रश्न बंद किया: Salary slips`);

    // The worklog: each entry in English as before (comment) and in every language (texts).
    const worklogs = (await call('cpa1', `/v3/taskconfigs/worklogs/${id}?limit=20`)).body;
    const entries = (worklogs.data ?? worklogs) as Json[];
    const assignedEntry = entries.find((w) => w.comment === 'Assigned to cpa1')!;
    expect(assignedEntry.texts).toEqual({ en: 'Assigned to cpa1', hi: 'cpa1 को सौंपा' });
    const closedEntry = entries.find((w) => /^Query \d+ closed$/.test(w.comment))!;
    expect(closedEntry.texts.hi).toMatch(/^प्रश्न \d+ बंद किया गया$/);
    expect(entries.find((w) => w.comment.startsWith('Query raised to bcm1'))!.texts.hi).toBe('bcm1 को प्रश्न भेजा गया: Salary slips');
  });
});
