import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/** The worklogs and notes tabs: GET worklogs/notes pages, addNote / updateNote / deleteNote with §6 and ownership. */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'dev1', 'viewer1', 'customer']) headers[u] = (await loginAs(t.app, u === 'customer' ? 'portal-customer' : u)).headers;
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
async function create(user = 'cpa1'): Promise<string> {
  const r = await call(user, 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Work', lastName: 'Tabs' }] });
  expect(r.status).toBe(201);
  return r.body.data.application_id;
}
const verNum = async (id: string) => (await t.app.db.query<{ ver_num: number }>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num;
const NOT_FOUND = { status: 404, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'application_id', reason: 'Application not found' }] } };
const BAD_CURSOR = { status: 400, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'cursor', reason: 'is not a cursor this server issued for this list' }] } };
const note = (user: string, path: string, payload: Json) => call(user, 'POST', `/v3/taskconfigs/${path}`, payload);

describe(`worklogs and notes on ${dbKind()}`, () => {
  test('worklogs: every action, who/when/what, newest first, in stable keyset pages; foreign application 404; cursor of another application refused', async () => {
    const id = await create();
    await call('cpa1', 'POST', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: await verNum(id), subject: 'Bank statement', assignedTo: 'bcm1' });
    await call('cpa1', 'POST', '/v3/taskconfigs/updateSnoozeTime', { application_id: id, verNum: await verNum(id), snoozeTime: new Date(Date.now() + 86400000).toISOString(), reason: 'Waiting for the bank' });
    await note('bcm1', 'addNote', { application_id: id, text: 'Called the branch' });
    const whole = await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/${id}?limit=100`);
    expect(whole.status).toBe(200);
    const entries = whole.body.data as Json[];
    expect(entries.slice(0, 3).map((e) => [e.action, e.userId, e.comment])).toEqual([
      ['addNote', 'bcm1', 'Note added: Called the branch'],
      ['updateSnoozeTime', 'cpa1', expect.stringContaining('Waiting for the bank')],
      ['createSubTask', 'cpa1', 'Query raised to bcm1: Bank statement'],
    ]);
    expect(entries[0]).toMatchObject({ userName: 'Bela Menon', at: expect.stringMatching(/Z$/) });
    const ids = entries.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const paged: Json[] = [];
    let cursor: string | null = null;
    do {
      const r: { status: number; body: Json } = await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/${id}?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      paged.push(...r.body.data);
      cursor = r.body.pageInfo.nextCursor;
    } while (cursor);
    expect(paged.map((e) => e.id)).toEqual(entries.map((e) => e.id));

    const page1 = await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/${id}?limit=1`);
    const other = await create();
    expect(await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/${other}?limit=1&cursor=${encodeURIComponent(page1.body.pageInfo.nextCursor)}`)).toEqual(BAD_CURSOR);
    expect(await call('dev1', 'GET', `/v3/taskconfigs/worklogs/${id}`)).toEqual(NOT_FOUND);
    expect(await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/APP-99999999`)).toEqual(NOT_FOUND);
    expect((await call('customer', 'GET', `/v3/taskconfigs/worklogs/${id}`)).status).toBe(403);
    expect((await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/${id}?limit=500`)).status).toBe(400);
  });

  test('notes: add, list with author and time, edit and delete one\'s own; another\'s note cannot be edited or deleted; each write audited and logged; verNum of the application unchanged', async () => {
    const id = await create();
    const v0 = await verNum(id);
    const added = await note('cpa1', 'addNote', { application_id: id, text: 'Income proof looks fine' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ message: 'Note added', data: { application_id: id, userId: 'cpa1', userName: 'Chitra Pillai', text: 'Income proof looks fine', editedAt: null, verNum: 1, mine: true } });
    const mineId = added.body.data.noteId;
    const theirs = (await note('bcm1', 'addNote', { application_id: id, text: 'Check the employer' })).body.data.noteId;
    expect(await verNum(id)).toBe(v0);

    const list = await call('cpa1', 'GET', `/v3/taskconfigs/notes/${id}`);
    expect(list.body.data.map((n: Json) => [n.noteId, n.userId, n.mine])).toEqual([[theirs, 'bcm1', false], [mineId, 'cpa1', true]]);

    const FORBIDDEN = (what: string) => ({ status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'noteId', reason: `Only bcm1 may ${what} this note` }] } });
    expect(await note('cpa1', 'updateNote', { application_id: id, noteId: theirs, verNum: 1, text: 'Changed' })).toEqual(FORBIDDEN('edit'));
    expect(await note('cpa1', 'deleteNote', { application_id: id, noteId: theirs })).toEqual(FORBIDDEN('delete'));

    const edited = await note('cpa1', 'updateNote', { application_id: id, noteId: mineId, verNum: 1, text: 'Income proof verified' });
    expect(edited.body.data).toMatchObject({ text: 'Income proof verified', verNum: 2, editedAt: expect.any(String) });
    const stale = await note('cpa1', 'updateNote', { application_id: id, noteId: mineId, verNum: 1, text: 'Again' });
    expect(stale.status).toBe(409);
    expect(stale.body.data[0].label).toBe('verNum');
    expect(await note('cpa1', 'deleteNote', { application_id: id, noteId: mineId })).toEqual({ status: 200, body: { data: { noteId: mineId }, message: 'Note deleted' } });
    expect((await call('cpa1', 'GET', `/v3/taskconfigs/notes/${id}`)).body.data.map((n: Json) => n.noteId)).toEqual([theirs]);

    const audits = (await t.app.db.query<Json>(`SELECT field_key, old_value, new_value, action FROM audits WHERE application_id = $1 AND field_key = $2 ORDER BY id`, [id, `note.${mineId}`])).rows;
    expect(audits.map((a) => [a.action, a.old_value, a.new_value])).toEqual([
      ['addNote', null, 'Income proof looks fine'], ['updateNote', 'Income proof looks fine', 'Income proof verified'], ['deleteNote', 'Income proof verified', null],
    ]);
    const logs = (await call('cpa1', 'GET', `/v3/taskconfigs/worklogs/${id}?limit=3`)).body.data.map((w: Json) => w.comment);
    expect(logs).toEqual(['Note deleted: Income proof verified', 'Note edited: Income proof verified', 'Note added: Check the employer']);
  });

  test('notes refusals: application-access-only user and foreign application, blank or too long text, a note of another application, the customer account', async () => {
    const id = await create();
    const other = await create();
    const n = (await note('cpa1', 'addNote', { application_id: other, text: 'Elsewhere' })).body.data.noteId;
    const before = (await t.app.db.query(`SELECT count(*)::int AS n FROM notes`)).rows;
    expect(await note('viewer1', 'addNote', { application_id: id, text: 'x' })).toEqual({
      status: 403, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' }] },
    });
    expect(await note('dev1', 'addNote', { application_id: id, text: 'x' })).toEqual(NOT_FOUND);
    expect(await call('dev1', 'GET', `/v3/taskconfigs/notes/${id}`)).toEqual(NOT_FOUND);
    expect(await note('cpa1', 'addNote', { application_id: id, text: '   ' })).toMatchObject({ status: 400, body: { code: 1101 } });
    expect(await note('cpa1', 'addNote', { application_id: id, text: 'x'.repeat(4001) })).toMatchObject({ status: 400, body: { code: 1101 } });
    const wrongApp = { status: 404, body: { code: 1101, message: 'Validation Failed', data: [{ label: 'noteId', reason: 'Note not found' }] } };
    expect(await note('cpa1', 'updateNote', { application_id: id, noteId: n, verNum: 1, text: 'Moved' })).toEqual(wrongApp);
    expect(await note('cpa1', 'deleteNote', { application_id: id, noteId: n })).toEqual(wrongApp);
    expect(await note('cpa1', 'deleteNote', { application_id: id, noteId: '999999' })).toEqual(wrongApp);
    expect((await note('customer', 'addNote', { application_id: id, text: 'x' })).status).toBe(403);
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM notes`)).rows).toEqual(before);
  });
});
