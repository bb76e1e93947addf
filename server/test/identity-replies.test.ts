import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import { findUser, listUsers, publicUser } from '../src/domain/users/users';
import { findGroup, groupsOfUser, membersOf } from '../src/identity/groups';

// Fastify serializes every reply from its response schema and drops the fields the schema does not name. Each
// identity reply is compared whole with what the identity module produces (through JSON), so a schema that is too
// narrow (a lost user field breaks the shell's session or the assignment picker) fails here, and one that lets a
// stored field through that no schema names (an extra attribute) fails too.

let t: TestApp;
let bcm: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  bcm = await loginAs(t.app, 'bcm1');
});
afterAll(() => t.close());

const json = (v: unknown) => JSON.parse(JSON.stringify(v));
const userAsStored = async (id: string) => json(publicUser((await findUser(t.app.db, id))!));
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bcm.headers });
const post = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: bcm.headers, payload });
const TOKEN_FIELDS = { access_token: expect.any(String), refresh_token: expect.any(String), sessionid: expect.any(String), expiry_time: expect.any(Number), expires_in: expect.any(Number) };

describe(`identity replies are whole on ${dbKind()}`, () => {
  test('login, refresh and getToken answer the tokens and the full §3 user', async () => {
    expect(bcm.session).toEqual({ ...TOKEN_FIELDS, user: await userAsStored('bcm1') });
    expect(bcm.session.user).toMatchObject({ firstName: 'Bela', attributes: { branchList: ['NORTH'] }, selectedTeams: expect.any(Array) });

    const refreshed = await t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token: bcm.session.refresh_token } });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json()).toEqual({ ...TOKEN_FIELDS, sessionid: bcm.session.sessionid, user: await userAsStored('bcm1'), error: null });
    bcm = { headers: { access_token: refreshed.json().access_token, sessionId: bcm.session.sessionid }, session: refreshed.json() };

    const customer = await t.app.inject({ method: 'POST', url: '/tokenApi/getToken' });
    expect(customer.json()).toEqual({ ...TOKEN_FIELDS, user: await userAsStored('portal-customer') });
    expect(customer.json().user.roles).toEqual(['CUSTOMER']);
  });

  test('a refused refresh keeps error "Invalid user" (the shell ends the session on it)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v3/auth/refresh-token', payload: { refresh_token: 'not-a-token' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Invalid user', code: 401, message: 'Invalid user' });
  });

  test('users: one, the list, and after update_selected_teams', async () => {
    expect((await get('/v3/users/bh1')).json()).toEqual({ data: await userAsStored('bh1') });
    const all = (await listUsers(t.app.db, {})).map(publicUser);
    expect((await get('/v3/users')).json()).toEqual({ data: json(all), count: all.length });
    const updated = await post('/v3/users/update_selected_teams', { teams: ['CPA-NORTH'] });
    expect(updated.json()).toEqual({ data: await userAsStored('bcm1') });
    expect(updated.json().data.selectedTeams).toEqual(['CPA-NORTH']);
  });

  test('groups, members and group detail', async () => {
    const groups = json(await groupsOfUser(t.app.db, 'bcm1'));
    expect(groups.some((g: { type: unknown }) => g.type === null)).toBe(true); // activity groups have no team type
    expect((await get('/v3/users/groupsByUserId')).json()).toEqual({ data: groups });
    expect((await post('/v3/users/getGroup')).json()).toEqual({ data: groups });
    const members = json(await membersOf(t.app.db, 'CPA-NORTH'));
    expect((await post('/v3/users/getGroupMembers', { groupid: 'CPA-NORTH' })).json()).toEqual({ data: members, count: 3 });
    const approval = (await findGroup(t.app.db, { name: 'APPROVAL' }))!;
    expect((await post('/v3/users/getGroupDetailByGroupName', { team: 'APPROVAL' })).json()).toEqual({
      data: json({ ...approval, members: await membersOf(t.app.db, 'APPROVAL') }),
    });
  });

  test('an attribute the §3 user does not name stays on the server', async () => {
    await t.app.db.query(`UPDATE users SET attributes = attributes || '{"internalNote": "not for clients"}'::jsonb, email = 'v@x.test' WHERE user_id = 'viewer1'`);
    const res = await get('/v3/users/viewer1');
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('internalNote');
    expect(res.body).not.toContain('v@x.test');
    expect(Object.keys(res.json().data.attributes).sort()).toEqual(['areaIDs', 'branchList', 'regionIDs', 'zoneIDs']);
  });

  test('captcha and forget-password replies', async () => {
    const challenge = await t.app.inject({ method: 'GET', url: '/v3/captcha/challenge' });
    expect(challenge.json()).toEqual({ data: { captchaId: expect.any(String), svg: expect.stringContaining('<svg'), expiresIn: t.env.identity.captchaTtlSeconds } });
    const reset = await post('/v3/auth/forget-password', { redirectURL: '/reset' });
    expect(reset.json()).toEqual({
      message: 'A password reset link has been sent',
      data: { resetId: expect.any(String), channel: 'EMAIL', to: 'b***@lendline.example', expiresAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    });
  });

  test('every identity route is in the OpenAPI document under the identity tag, with a summary and a description', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/api/json' })).json() as { paths: Record<string, Record<string, { tags?: string[]; summary?: string; description?: string }>> };
    const identity = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).filter(([, op]) => op.tags?.includes('identity')).map(([m, op]) => ({ at: `${m} ${path}`, op })));
    expect(identity.map((r) => r.at).sort()).toEqual(
      [
        'get /v3/auth/public-key', 'post /v3/auth/login', 'post /v3/auth/draft-keys', 'post /v3/auth/refresh-token', 'post /v3/auth/end-session', 'post /v3/auth/logout',
        'post /user/logout', 'post /v3/auth/forget-password', 'post /tokenApi/getToken', 'get /v3/users', 'get /v3/users/roles',
        'post /v3/users/roles', 'get /v3/users/groupsByUserId', 'get /v3/users/{userid}', 'post /v3/users/update_selected_teams',
        'post /v3/users/getGroup', 'post /v3/users/getGroupMembers', 'post /v3/users/getGroupDetailByGroupName',
        'get /v3/captcha/challenge', 'post /v3/captcha/validateCaptcha',
        // Issue 24: completing a password reset, and an admin's unlock.
        'post /v3/auth/reset-password', 'post /v3/users/unlock',
      ].sort(),
    );
    for (const { at, op } of identity) {
      expect([at, !!op.summary, (op.description ?? '').length > 20]).toEqual([at, true, true]);
    }
  });
});
