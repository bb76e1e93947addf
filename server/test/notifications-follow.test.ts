import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * What notifies whom: assignment and reassignment (ASSIGNED to the assignee), work arriving in a team's queue (TEAM),
 * and changes to a followed application (FOLLOWED to its followers, never to whoever made the change nor twice to
 * someone the change already told). Texts say who did what to which application, in en and hi, with a link.
 */
let t: TestApp;
const logins: Record<string, LoggedIn> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'dev1', 'portal-customer']) logins[u] = await loginAs(t.app, u);
});
afterAll(() => t.close());

async function call(user: string, method: 'GET' | 'POST', url: string, payload?: Json) {
  const res = await t.app.inject({ method, url, headers: logins[user].headers, payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const verNum = async (id: string) => (await t.app.db.query<Json>(`SELECT ver_num FROM applications WHERE application_id = $1`, [id])).rows[0].ver_num as number;
/** The notifications about `id` written after `after`, as the list gives them (to `user`, in `lang`). */
async function notes(user: string, id: string, lang = 'en') {
  const res = await call(user, 'GET', `/v3/notification/list?limit=100&lang=${lang}`);
  expect(res.status).toBe(200);
  return (res.body.data as Json[]).filter((n) => n.metadata.applicationId === id);
}
async function created(): Promise<string> {
  const res = await call('cpa1', 'POST', '/v3/application/save', { product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Fol', lastName: 'Low', mobile: '9876543210', email: 'f@example.in' }], customFields: { loanAmount: 150000 } });
  expect(res.status).toBe(201);
  return res.body.data.application_id;
}
const act = async (user: string, action: string, id: string, extra: Json = {}) =>
  call(user, 'POST', `/v3/application/action/${action}`, { application_id: id, verNum: await verNum(id), ...extra });

describe(`who is notified, on ${dbKind()}`, () => {
  test('release → TEAM to the queue; assign → ASSIGNED to the assignee; reassign → ASSIGNED to the new one, FOLLOWED to the old', async () => {
    const id = await created();
    expect((await act('cpa1', 'release', id)).status).toBe(200);
    const [team] = await notes('cpa2', id);
    expect(team).toMatchObject({ teamId: 'CPA-NORTH', username: 'cpa1', metadata: { type: 'TEAM', event: 'AssignedToTeam', link: `/backstage/application?application_id=${id}` } });
    expect(team.messages[0]).toMatch(new RegExp(`^cpa1 released ${id} \\(.+\\) back to your team's queue$`));

    expect((await act('bcm1', 'assign', id, { userName: 'cpa2' })).status).toBe(200);
    const assigned = (await notes('cpa2', id)).find((n) => n.metadata.type === 'ASSIGNED');
    expect(assigned).toMatchObject({ recipient: 'cpa2', username: 'bcm1', metadata: { event: 'AssignedToUser' } });
    expect(assigned!.messages[0]).toMatch(new RegExp(`^bcm1 assigned ${id} \\(.+\\) to you$`));
    expect(assigned!.texts.hi[0]).toMatch(new RegExp(`^bcm1 ने ${id} \\(.+\\) आपको सौंपा$`));
    expect((await notes('cpa2', id, 'hi')).find((n) => n.metadata.type === 'ASSIGNED')!.messages).toEqual(assigned!.texts.hi);

    expect((await act('bcm1', 'reassign', id, { userName: 'cpa1' })).status).toBe(200);
    const toCpa1 = (await notes('cpa1', id)).filter((n) => n.recipient === 'cpa1');
    expect(toCpa1.map((n) => [n.metadata.type, n.messages[0].replace(/\(.+\)/, '(step)')])).toEqual([['ASSIGNED', `bcm1 reassigned ${id} (step) to you`]]);
    const toCpa2 = (await notes('cpa2', id)).filter((n) => n.recipient === 'cpa2');
    expect(toCpa2[0]).toMatchObject({ metadata: { type: 'FOLLOWED' }, messages: [`bcm1 reassigned ${id} to cpa1`] });
  });

  test('follow, list followed, FOLLOWED on changes by others (not to the changer, not twice), unfollow', async () => {
    const id = await created();
    expect(await call('cpa2', 'POST', '/backstage/followApplication', { application_id: id })).toEqual({ status: 200, body: { data: { application_id: id, following: true } } });
    expect((await call('cpa2', 'POST', '/backstage/followApplication', { application_id: id })).status).toBe(200); // again: no-op
    expect((await call('bcm1', 'POST', '/backstage/followApplication', { application_id: id })).status).toBe(200);
    expect((await call('cpa2', 'POST', '/backstage/isApplicationFollowed', { application_id: id })).body.data.following).toBe(true);
    expect((await call('cpa1', 'POST', '/backstage/isApplicationFollowed', { application_id: id })).body.data.following).toBe(false);

    const followed = await call('cpa2', 'POST', '/backstage/getApplicationsFollowed', {});
    expect(followed.status).toBe(200);
    expect(followed.body.data.map((r: Json) => r.application_id)).toEqual([id]);

    // cpa1 releases it: the followers hear of it (FOLLOWED, with who and what), the team gets its TEAM notification.
    expect((await act('cpa1', 'release', id)).status).toBe(200);
    const f = (await notes('cpa2', id)).filter((n) => n.metadata.type === 'FOLLOWED');
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ recipient: 'cpa2', username: 'cpa1', messages: [`cpa1 released ${id}`], texts: { hi: [`cpa1 ने ${id} पर कतार में लौटाया`] } });

    // bcm1 assigns it to cpa2: cpa2 is told once (ASSIGNED, not also FOLLOWED); bcm1, who made the change, nothing.
    const before = (await notes('bcm1', id)).filter((n) => n.recipient === 'bcm1').length;
    expect((await act('bcm1', 'assign', id, { userName: 'cpa2' })).status).toBe(200);
    const latest = (await notes('cpa2', id)).filter((n) => n.recipient === 'cpa2');
    expect(latest.map((n) => n.metadata.type)).toEqual(['ASSIGNED', 'FOLLOWED']);
    expect((await notes('bcm1', id)).filter((n) => n.recipient === 'bcm1')).toHaveLength(before);

    // Case work notifies followers too: cpa2 raises a query to cpa1; bcm1 follows and hears of it.
    const raised = await call('cpa2', 'POST', '/v3/taskconfigs/createSubTask', { application_id: id, verNum: await verNum(id), subject: 'Salary slips?', assignedTo: 'cpa1' });
    expect(raised.status).toBe(200);
    const toBcm1 = (await notes('bcm1', id)).filter((n) => n.recipient === 'bcm1');
    expect(toBcm1.map((n) => n.messages[0])).toEqual([`cpa2 raised a query on ${id}`, `cpa1 released ${id}`]);

    expect(await call('cpa2', 'POST', '/backstage/unfollowApplication', { application_id: id })).toEqual({ status: 200, body: { data: { application_id: id, following: false } } });
    expect((await call('cpa2', 'POST', '/backstage/getApplicationsFollowed', {})).body.data).toEqual([]);
    // No longer following: cpa2 hears nothing of bcm1's next change (bcm1 still follows and made it: nothing either).
    expect((await act('cpa2', 'release', id)).status).toBe(200);
    const mine = async () => (await notes('cpa2', id)).filter((n) => n.recipient === 'cpa2').length;
    const cpa2Before = await mine();
    expect((await act('bcm1', 'assign', id, { userName: 'cpa1' })).status).toBe(200);
    expect(await mine()).toBe(cpa2Before);
    expect((await notes('cpa1', id)).filter((n) => n.recipient === 'cpa1').map((n) => n.metadata.type)).toContain('ASSIGNED');
  });

  test('following needs a staff user who may open the application; bad input is a §8 1101', async () => {
    const id = await created();
    expect((await call('dev1', 'POST', '/backstage/followApplication', { application_id: id })).status).toBe(404); // another branch: neutral
    expect((await call('portal-customer', 'POST', '/backstage/followApplication', { application_id: id })).status).toBe(403);
    const bad = await call('cpa2', 'POST', '/backstage/followApplication', { application_id: 'x'.repeat(500) });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 1101, data: [expect.objectContaining({ label: expect.stringContaining('application_id') })] });
    expect((await call('cpa2', 'POST', '/backstage/followApplication', {})).status).toBe(400);
    expect((await t.app.db.query(`SELECT 1 FROM application_followers WHERE application_id = $1`, [id])).rows).toEqual([]);
  });
});
