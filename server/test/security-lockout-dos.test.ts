import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { DEMO_PASSWORD, encryptPassword, loginAs, type LoggedIn } from './helpers/login';
import type { SandboxNotifier } from '../src/adapters/notify';

/**
 * Lockout that cannot be used to deny a colleague service (issue 24): wrong passwords from one address throttle that
 * address for that name and add nothing more to the name's count, so the colleague signs in from their own address;
 * only guesses from several addresses lock the name for everyone; an admin's unlock or a completed password reset
 * lifts the lock, with an identity_audits row.
 */
let t: TestApp;
let admin: LoggedIn;

const LOCKED = { code: 1101, message: 'Validation Failed', data: [{ reason: expect.stringMatching(/^Too many failed sign-ins\. Try again after \d\d:\d\d$/) }] };
const INVALID = { code: 401, message: 'Invalid username or password' };

async function login(username: string, password: string, remoteAddress: string) {
  const res = await t.app.inject({ method: 'POST', url: '/v3/auth/login', remoteAddress, payload: { username, password: await encryptPassword(t.app, password) } });
  return { status: res.statusCode, body: res.json() };
}
const audits = async (userName: string) =>
  (await t.app.db.query<{ action: string; by_user: string }>(`SELECT action, by_user FROM identity_audits WHERE user_name = $1 ORDER BY id`, [userName])).rows;
/** Guesses from `addresses` addresses, 5 each: the most any one address may make. */
async function lockFromMany(userName: string, addresses: number, first = 0) {
  for (let a = first; a < first + addresses; a++) for (let i = 0; i < 5; i++) await login(userName, 'wrong', `10.9.${a}.1`);
}

beforeAll(async () => {
  // The per-address request limit is not what this file is about.
  t = await createTestApp({ RATE_LIMITS: 'login=10000' });
  admin = await loginAs(t.app, 'admin');
});
afterAll(() => t.close());

describe(`sign-in lockout against denial of service on ${dbKind()}`, () => {
  test("an attacker's address is throttled; the colleague signs in from their own address", async () => {
    for (let i = 0; i < 4; i++) expect(await login('cpa1', 'wrong', '203.0.113.66')).toEqual({ status: 401, body: INVALID });
    expect(await login('cpa1', 'wrong', '203.0.113.66')).toEqual({ status: 429, body: LOCKED });
    // However long it keeps trying, the attacker's address is refused and the name's count does not grow.
    for (let i = 0; i < 30; i++) expect((await login('cpa1', 'wrong', '203.0.113.66')).status).toBe(429);
    expect((await login('cpa1', DEMO_PASSWORD, '203.0.113.66')).status).toBe(429);
    const { rows } = await t.app.db.query<{ attempts: number; locked_until: unknown }>(`SELECT attempts, locked_until FROM login_failures WHERE user_name = 'cpa1'`);
    expect(rows[0]).toEqual({ attempts: 5, locked_until: null });
    expect((await login('cpa1', DEMO_PASSWORD, '198.51.100.7')).status).toBe(200);
  });

  test('guesses from several addresses lock the name for everyone (LOGIN_LOCKOUT_ATTEMPTS, 20)', async () => {
    await lockFromMany('cpa2', 3);
    // 15 so far: the owner still signs in from their own address (and that success forgets the count).
    for (let i = 0; i < 4; i++) expect((await login('cpa2', 'wrong', '10.9.3.1')).status).toBe(401);
    expect((await login('cpa2', DEMO_PASSWORD, '198.51.100.7')).status).toBe(200);
    // Those addresses stay throttled for cpa2; from three others, 15 more and 4 from a fourth.
    expect((await login('cpa2', 'wrong', '10.9.0.1')).status).toBe(429);
    await lockFromMany('cpa2', 3, 10);
    for (let i = 0; i < 4; i++) expect((await login('cpa2', 'wrong', '10.9.13.1')).status).toBe(401);
    // The 20th wrong password locks the name, wherever the next attempt comes from.
    expect((await login('cpa2', 'wrong', '10.9.14.1')).status).toBe(429);
    const res = await login('cpa2', DEMO_PASSWORD, '198.51.100.7');
    expect(res).toEqual({ status: 429, body: LOCKED });
  });

  test('an admin lifts the lock, audited; others may not', async () => {
    await lockFromMany('bcm1', 4);
    expect((await login('bcm1', DEMO_PASSWORD, '198.51.100.8')).status).toBe(429);
    const cpa1 = await loginAs(t.app, 'cpa1');
    const refused = await t.app.inject({ method: 'POST', url: '/v3/users/unlock', headers: cpa1.headers, payload: { userName: 'bcm1' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 1101, message: 'Validation Failed', data: [{ label: 'permission', reason: 'Only an administrator may lift a sign-in lock' }] });
    expect((await login('bcm1', DEMO_PASSWORD, '198.51.100.8')).status).toBe(429);

    const unlocked = await t.app.inject({ method: 'POST', url: '/v3/users/unlock', headers: admin.headers, payload: { userName: 'bcm1' } });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ data: { userName: 'bcm1', wasLocked: true }, message: 'bcm1 may sign in again' });
    expect(await audits('bcm1')).toEqual([{ action: 'unlock', by_user: 'admin' }]);
    // Even the attacker's addresses start from nothing; the owner signs in.
    expect((await login('bcm1', DEMO_PASSWORD, '198.51.100.8')).status).toBe(200);
    const unknown = await t.app.inject({ method: 'POST', url: '/v3/users/unlock', headers: admin.headers, payload: { userName: 'nobody-at-all' } });
    expect(unknown.statusCode).toBe(404);
  });

  test('a completed password reset lifts the lock and ends the sessions; the token works once', async () => {
    const bh1 = await loginAs(t.app, 'bh1');
    const sent = await t.app.inject({ method: 'POST', url: '/v3/auth/forget-password', headers: bh1.headers, payload: { redirectURL: '/reset-password' } });
    expect(sent.statusCode).toBe(200);
    const token = new URL((t.app.notifier as SandboxNotifier).sent().at(-1)!.link!).searchParams.get('token')!;
    await lockFromMany('bh1', 4);
    expect((await login('bh1', DEMO_PASSWORD, '198.51.100.9')).status).toBe(429);

    const reset = (password: string, tok = token) =>
      encryptPassword(t.app, password).then((enc) => t.app.inject({ method: 'POST', url: '/v3/auth/reset-password', payload: { token: tok, password: enc } }));
    const short = await reset('short');
    expect(short.statusCode).toBe(400);
    expect(short.json().data[0].label).toBe('password');
    const bad = await reset('A-new-passphrase-1', 'x'.repeat(43));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data[0].label).toBe('token');
    expect((await login('bh1', DEMO_PASSWORD, '198.51.100.9')).status).toBe(429);

    const ok = await reset('A-new-passphrase-1');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your password has been changed' });
    expect(await audits('bh1')).toEqual([{ action: 'password_reset', by_user: 'bh1' }]);
    // The old session is over, the old password too; the new one signs in.
    expect((await t.app.inject({ method: 'GET', url: '/v3/users/roles', headers: bh1.headers })).statusCode).toBe(401);
    expect((await login('bh1', DEMO_PASSWORD, '198.51.100.9')).status).toBe(401);
    expect((await login('bh1', 'A-new-passphrase-1', '198.51.100.9')).status).toBe(200);
    expect((await reset('Another-passphrase-2')).statusCode).toBe(400);
  });
});
