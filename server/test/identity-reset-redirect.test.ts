import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs, type LoggedIn } from './helpers/login';
import type { SandboxNotifier } from '../src/adapters/notify';

/**
 * forget-password's redirectURL used to be any http(s) URL, and the e-mail carried the reset token to it. Now only a
 * page of the product's own origin (PUBLIC_URL) is taken; and one account gets at most 5 reset e-mails an hour.
 */
let t: TestApp;
let cpa1: LoggedIn;

const outbox = () => (t.app.notifier as SandboxNotifier).sent();
const resets = async (userId: string) =>
  (await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1', [userId])).rows[0].n;
const forget = (who: LoggedIn, redirectURL: string) =>
  t.app.inject({ method: 'POST', url: '/v3/auth/forget-password', headers: who.headers, payload: { redirectURL } });

beforeAll(async () => {
  // Per-address request limits off: what is tested here holds whatever address the requests come from.
  t = await createTestApp({ PUBLIC_URL: 'https://loans.test', RATE_LIMIT: 'off' });
  cpa1 = await loginAs(t.app, 'cpa1');
});
afterAll(() => t.close());

describe(`forget-password redirectURL on ${dbKind()}`, () => {
  test('another host, scheme, port or user-info is refused with 400/1101: nothing stored, nothing sent', async () => {
    const before = outbox().length;
    for (const url of [
      'https://evil.example/reset-password',
      '//evil.example/reset-password',
      '/\\evil.example/reset-password',
      'https://loans.test.evil.example/reset',
      'https://loans.test@evil.example/reset',
      'https://user:pw@loans.test/reset',
      'http://loans.test/reset',
      'https://loans.test:8443/reset',
      'javascript:alert(1)',
      'reset-password',
    ]) {
      const res = await forget(cpa1, url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 400 });
      expect(res.json()).toMatchObject({ code: 1101, data: [{ label: 'redirectURL' }] });
    }
    expect(outbox().length).toBe(before);
    expect(await resets('cpa1')).toBe(0);
  });

  test('a path or an URL of the product\'s origin: the e-mail carries a link to that page only', async () => {
    const res = await forget(cpa1, '/reset-password?lang=hi');
    expect(res.statusCode).toBe(200);
    const mail = outbox().at(-1)!;
    expect(mail.to).toBe('cpa1@lendline.example');
    const link = new URL(mail.link!);
    expect(link.origin + link.pathname).toBe('https://loans.test/reset-password');
    expect(link.searchParams.get('lang')).toBe('hi');
    expect(mail.body).toContain(`https://loans.test/reset-password?lang=hi&token=${link.searchParams.get('token')}`);
    expect(mail.body).not.toMatch(/evil/);
    expect((await forget(cpa1, 'https://loans.test/reset-password')).statusCode).toBe(200);
  });

  test('at most 5 reset e-mails an hour per account: the 6th answers 429 and sends nothing; other accounts are not affected', async () => {
    const cpa2 = await loginAs(t.app, 'cpa2');
    for (let i = 0; i < 5; i++) expect((await forget(cpa2, '/reset-password')).statusCode).toBe(200);
    const before = outbox().length;
    const refused = await forget(cpa2, '/reset-password');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: 1101, message: 'Validation Failed',
      data: [{ reason: expect.stringMatching(/^Too many password reset links were sent to this account; try again in \d+ minutes?$/) }],
    });
    expect(outbox().length).toBe(before);
    expect(await resets('cpa2')).toBe(5);
    expect((await forget(await loginAs(t.app, 'bcm1'), '/reset-password')).statusCode).toBe(200);
  });
});
