import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { encryptPassword, loginAs } from './helpers/login';

const t = testAppWith();

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload: payload as never, headers });

describe(`login on ${dbKind()}`, () => {
  test('GET /v3/auth/public-key answers a PEM without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v3/auth/public-key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  test('an RSA-encrypted password logs in and answers the contract shape', async () => {
    const before = Date.now();
    const res = await post('/v3/auth/login', { username: 'cpa1', password: await encryptPassword(t.app, 'Demo@12345') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'expiry_time', 'refresh_token', 'sessionid', 'user']);
    expect(body.expires_in).toBe(900);
    expect(body.expiry_time).toBeGreaterThanOrEqual(before + 900_000);
    expect(body.expiry_time).toBeLessThanOrEqual(Date.now() + 900_000);
    expect(body.access_token.length).toBeGreaterThanOrEqual(32);
    expect(body.user).toMatchObject({
      userId: 'cpa1',
      userName: 'cpa1',
      displayName: 'Chitra Pillai',
      roles: ['CPA', 'NOTIFICATION', 'APPLICATIONS_ACTIONS', 'MANAGE_DOCUMENT', 'TASK_REVIEW_DATE', 'TEAM_APPLICATIONS_ASSIGN_SELF'],
      teams: [
        { id: 'BR-NORTH', name: 'North Branch', type: '_HIERARCHY' },
        { id: 'CPA-NORTH', name: 'CPA North', type: '_DEPT' },
      ],
      attributes: { branchList: ['NORTH'] },
    });
    expect(body.user).not.toHaveProperty('email');
  });

  test('each login opens a new session', async () => {
    const a = await loginAs(t.app, 'bcm1');
    const b = await loginAs(t.app, 'bcm1');
    expect(a.session.sessionid).not.toBe(b.session.sessionid);
    expect(a.session.access_token).not.toBe(b.session.access_token);
  });

  test('the whole demo organisation can log in', async () => {
    for (const u of ['admin', 'cpa1', 'cpa2', 'bcm1', 'bh1', 'dev1', 'viewer1']) {
      const { session } = await loginAs(t.app, u);
      expect(session.user.userName).toBe(u);
    }
    expect((await loginAs(t.app, 'dev1')).session.user.roles).toContain('DEVELOPER');
    expect((await loginAs(t.app, 'viewer1')).session.user.roles).not.toContain('APPLICATIONS_ACTIONS');
    expect((await loginAs(t.app, 'admin')).session.user.attributes).toMatchObject({ branchList: ['NORTH', 'SOUTH'] });
  });

  test('a wrong password or an unknown user answers 401 with one message', async () => {
    for (const [username, password] of [['cpa1', 'wrong'], ['nobody', 'Demo@12345'], ['portal-customer', '']]) {
      const res = await post('/v3/auth/login', { username, password: await encryptPassword(t.app, password || 'x') });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 401, message: 'Invalid username or password' });
    }
  });

  test('a plaintext password is refused with 1101 while encryption is on', async () => {
    const res = await post('/v3/auth/login', { username: 'cpa1', password: 'Demo@12345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1101, message: 'Validation Failed', data: [{ label: 'password' }] });
  });

  test('POST /tokenApi/getToken opens a customer session for portal-customer', async () => {
    const res = await post('/tokenApi/getToken', undefined, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ expires_in: 900, user: { userName: 'portal-customer', roles: ['CUSTOMER'], teams: [] } });
  });
});

describe('password encryption off', () => {
  const plain = testAppWith({ PASSWORD_ENCRYPTION: 'off', SESSION_TTL_SECONDS: '120' });

  test('accepts the plaintext password and uses the configured session time', async () => {
    const res = await plain.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username: 'bh1', password: 'Demo@12345' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().expires_in).toBe(120);
    const cfg = await plain.app.inject({ method: 'GET', url: '/setup/configs/Admin/Session' });
    expect(cfg.json()).toEqual({ data: { validSessionTime: 120, warningBeforeSeconds: 300, warningMinExpiresIn: 900, questionTimeoutMs: 20000, activityRefreshSeconds: 60 } });
  });
});
