import { buildApp } from '../src/app';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { DEMO_PASSWORD, encryptPassword } from './helpers/login';
import { loadEnv } from '../src/config/env';
import { purgeLoginFailures, retryClock } from '../src/identity/login-lockout';

// LOGIN_ADDRESS_ATTEMPTS wrong passwords for one user name from one address throttle that address for the name for
// LOGIN_LOCKOUT_SECONDS (every request here comes from one address; the account-wide lock after LOGIN_LOCKOUT_ATTEMPTS
// from several addresses is in security-lockout-dos), in the database (every process sees it), with a §8 answer that
// says when to try again; unknown names are treated the same.

let t: TestApp;
const LOCKOUT = { addressAttempts: 5, attempts: 20, windowSeconds: 900, lockSeconds: 900 };

beforeAll(async () => {
  // The per-address request limit is not what this file is about.
  t = await createTestApp({ RATE_LIMITS: 'login=10000' });
});
afterAll(() => t.close());

interface LoginAnswer {
  status: number;
  body: { code?: number; message?: string; access_token?: string; data?: { reason: string }[] };
  retryAfter: string | string[] | number | undefined;
}

async function login(username: string, password: string, app = t.app): Promise<LoginAnswer> {
  const res = await app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username, password: await encryptPassword(app, password) } });
  return { status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] };
}
const INVALID = { status: 401, body: { code: 401, message: 'Invalid username or password' }, retryAfter: undefined };
const LOCKED = { code: 1101, message: 'Validation Failed', data: [{ reason: expect.stringMatching(/^Too many failed sign-ins\. Try again after \d\d:\d\d$/) }] };
const row = async (name: string) => (await t.app.db.query<{ attempts: number; locked_until: Date | string | null }>(`SELECT attempts, locked_until FROM login_failures WHERE user_name = $1`, [name])).rows[0];
const addressRow = async (name: string) => (await t.app.db.query<{ attempts: number; locked_until: Date | string | null }>(`SELECT attempts, locked_until FROM login_address_failures WHERE user_name = $1`, [name])).rows[0];
const unlock = async (name: string) => {
  for (const table of ['login_failures', 'login_address_failures']) await t.app.db.query(`UPDATE ${table} SET locked_until = now() - interval '1 second' WHERE user_name = $1 AND locked_until IS NOT NULL`, [name]);
};

describe(`login lockout on ${dbKind()}`, () => {
  test('the fifth wrong password from one address locks the user there for 15 minutes; even the right one is refused there until then', async () => {
    for (let i = 0; i < 4; i++) expect(await login('cpa1', 'wrong')).toEqual(INVALID);
    const locked = await login('cpa1', 'wrong');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual(LOCKED);
    expect(Number(locked.retryAfter)).toBeGreaterThan(895);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(900);
    // The time it names is the lock's end, rounded up to the minute.
    const until = new Date((await addressRow('cpa1')).locked_until!);
    expect(until.getTime() - Date.now()).toBeGreaterThan(890_000);
    expect(locked.body.data?.[0].reason).toBe(`Too many failed sign-ins. Try again after ${retryClock(until)}`);
    const right = await login('cpa1', DEMO_PASSWORD);
    expect(right.status).toBe(429);
    expect(right.body).toEqual(LOCKED);
    expect(right.body.access_token).toBeUndefined();
    // Another user is not affected.
    expect((await login('cpa2', DEMO_PASSWORD)).status).toBe(200);
  });

  test('when the lock is over the right password works, and the count starts again', async () => {
    await unlock('cpa1');
    expect((await login('cpa1', DEMO_PASSWORD)).status).toBe(200);
    expect(await row('cpa1')).toBeUndefined();
    expect(await login('cpa1', 'wrong')).toEqual(INVALID);
  });

  test('a successful sign-in resets the count', async () => {
    for (let i = 0; i < 4; i++) expect(await login('bcm1', 'wrong')).toEqual(INVALID);
    expect((await login('bcm1', DEMO_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect(await login('bcm1', 'wrong')).toEqual(INVALID);
    expect((await login('bcm1', 'wrong')).status).toBe(429);
  });

  test('wrong passwords older than the window do not count', async () => {
    for (let i = 0; i < 4; i++) expect(await login('bh1', 'wrong')).toEqual(INVALID);
    for (const table of ['login_failures', 'login_address_failures']) await t.app.db.query(`UPDATE ${table} SET window_started_at = now() - interval '16 minutes' WHERE user_name = 'bh1'`);
    for (let i = 0; i < 4; i++) expect(await login('bh1', 'wrong')).toEqual(INVALID);
    expect((await row('bh1')).attempts).toBe(4);
    expect((await addressRow('bh1')).attempts).toBe(4);
    expect((await login('bh1', DEMO_PASSWORD)).status).toBe(200);
  });

  test('an unknown user name gets exactly the answers a real one gets', async () => {
    const real: LoginAnswer[] = [];
    const unknown: LoginAnswer[] = [];
    for (let i = 0; i < 6; i++) {
      real.push(await login('dev1', 'wrong'));
      unknown.push(await login('nobody-at-all', 'wrong'));
    }
    const shape = (r: LoginAnswer) => ({ status: r.status, body: r.body, retryAfter: r.retryAfter === undefined ? undefined : 'set' });
    expect(unknown.map(shape)).toEqual(real.map(shape));
    expect(unknown.map((r) => r.status)).toEqual([401, 401, 401, 401, 429, 429]);
    // The built-in customer account has no password: it is counted like anyone else.
    for (let i = 0; i < 4; i++) expect(await login('portal-customer', 'x')).toEqual(INVALID);
    expect((await login('portal-customer', 'x')).status).toBe(429);
  });

  test('a burst of parallel guesses gets no more password checks than the limit', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => login('viewer1', 'wrong')));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(LOCKOUT.addressAttempts);
    expect(statuses.filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
    expect((await login('viewer1', DEMO_PASSWORD)).status).toBe(429);
  });

  test('the lock is in the database: another server instance on it refuses too', async () => {
    for (let i = 0; i < 5; i++) await login('admin', 'wrong');
    const other = await buildApp({ env: loadEnv({ DATA_DIR: t.env.dataDir, RELEASES_DIR: t.env.releasesDir, SHELL_DIR: t.env.shellDir, LOG_LEVEL: 'silent' }), db: t.app.db, logger: false });
    await other.ready();
    try {
      const refused = await login('admin', DEMO_PASSWORD, other);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual(LOCKED);
    } finally {
      await other.close();
    }
    await unlock('admin');
    expect((await login('admin', DEMO_PASSWORD)).status).toBe(200);
  });

  test('a password that is not a ciphertext is bad input, not a guess', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username: 'cpa2', password: 'plain text' } });
      expect(res.statusCode).toBe(400);
    }
    expect(await row('cpa2')).toBeUndefined();
  });

  test('clean-up deletes spent counts and keeps live ones', async () => {
    await t.app.db.query(`DELETE FROM login_failures`);
    await t.app.db.query(`DELETE FROM login_address_failures`);
    await t.app.db.query(
      `INSERT INTO login_failures (user_name, attempts, window_started_at, locked_until) VALUES
         ('spent', 2, now() - interval '1 hour', NULL),
         ('lock-over', 5, now() - interval '1 hour', now() - interval '1 minute'),
         ('in-window', 2, now() - interval '1 minute', NULL),
         ('still-locked', 5, now() - interval '20 minutes', now() + interval '5 minutes')`,
    );
    expect(await purgeLoginFailures(t.app.db, LOCKOUT)).toBe(2);
    const left = (await t.app.db.query<{ user_name: string }>(`SELECT user_name FROM login_failures ORDER BY user_name`)).rows.map((r) => r.user_name);
    expect(left).toEqual(['in-window', 'still-locked']);
  });
});

describe('lockout settings', () => {
  test('LOGIN_LOCKOUT_* are read and checked', () => {
    expect(loadEnv({}).identity.loginLockout).toEqual(LOCKOUT);
    expect(loadEnv({ LOGIN_LOCKOUT_ATTEMPTS: '3', LOGIN_LOCKOUT_WINDOW_SECONDS: '60', LOGIN_LOCKOUT_SECONDS: '120' }).identity.loginLockout).toEqual({ addressAttempts: 5, attempts: 3, windowSeconds: 60, lockSeconds: 120 });
    expect(loadEnv({ LOGIN_ADDRESS_ATTEMPTS: '3' }).identity.loginLockout.addressAttempts).toBe(3);
    expect(() => loadEnv({ LOGIN_ADDRESS_ATTEMPTS: '0' })).toThrow(/LOGIN_ADDRESS_ATTEMPTS/);
    expect(() => loadEnv({ LOGIN_LOCKOUT_ATTEMPTS: '0' })).toThrow(/LOGIN_LOCKOUT_ATTEMPTS/);
  });

  test('the time to try again is the next whole minute', () => {
    expect(retryClock(new Date(2025, 0, 1, 14, 35, 40))).toBe('14:36');
    expect(retryClock(new Date(2025, 0, 1, 14, 35, 0))).toBe('14:35');
    expect(retryClock(new Date(2025, 0, 1, 23, 59, 1))).toBe('00:00');
    expect(retryClock(new Date(2025, 0, 1, 9, 5, 0))).toBe('09:05');
  });
});
