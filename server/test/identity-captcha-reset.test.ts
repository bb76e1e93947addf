import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { encryptPassword, loginAs } from './helpers/login';
import type { SandboxNotifier } from '../src/adapters/notify';

let t: TestApp;
beforeAll(async () => {
  // The product's own origin: reset links may only lead there.
  t = await createTestApp({ PUBLIC_URL: 'https://loans.test' });
});
afterAll(() => t.close());

async function challenge() {
  const res = await t.app.inject({ method: 'GET', url: '/v3/captcha/challenge' });
  expect(res.statusCode).toBe(200);
  const { data } = res.json();
  // The test reads the answer the way only the server can: from its own table.
  const { rows } = await t.app.db.query<{ answer: string }>('SELECT answer FROM captcha_challenges WHERE captcha_id = $1', [data.captchaId]);
  return { ...data, answer: rows[0].answer } as { captchaId: string; svg: string; expiresIn: number; answer: string };
}

const validate = (payload: object) => t.app.inject({ method: 'POST', url: '/v3/captcha/validateCaptcha', payload });

describe(`captcha on ${dbKind()}`, () => {
  test('a challenge is an SVG picture, not text in the reply', async () => {
    const c = await challenge();
    expect(c.svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(c.expiresIn).toBe(300);
    expect(JSON.stringify({ ...c, answer: undefined })).not.toContain(`"${c.answer}"`);
  });

  test('the right answer validates once', async () => {
    const c = await challenge();
    const ok = await validate({ application_id: 'APP-100001', captchaResponse: `${c.captchaId}:${c.answer}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, data: { application_id: 'APP-100001', verified: true } });
    const again = await validate({ application_id: 'APP-100001', captchaResponse: `${c.captchaId}:${c.answer}` });
    expect(again.statusCode).toBe(400);
    expect(again.json().data[0].reason).toMatch(/already used/);
  });

  test('a wrong answer is refused with 1101 and burns the challenge', async () => {
    const c = await challenge();
    const wrong = await validate({ captchaId: c.captchaId, captchaResponse: String(Number(c.answer) + 1) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 1101, data: [{ label: 'captchaResponse', reason: 'does not match the challenge' }] });
    expect((await validate({ captchaId: c.captchaId, captchaResponse: c.answer })).statusCode).toBe(400);
  });

  test('an expired challenge is refused', async () => {
    const c = await challenge();
    await t.app.db.query(`UPDATE captcha_challenges SET expires_at = now() - interval '1 second' WHERE captcha_id = $1`, [c.captchaId]);
    const res = await validate({ captchaResponse: `${c.captchaId}:${c.answer}` });
    expect(res.json().data[0].reason).toMatch(/expired/);
  });
});

describe(`captcha at login on ${dbKind()}`, () => {
  const login = async (captcha: object) =>
    t.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username: 'cpa1', password: await encryptPassword(t.app, 'Demo@12345'), ...captcha } });

  test('a right answer sent with the login is accepted', async () => {
    const c = await challenge();
    expect((await login({ captchaId: c.captchaId, captchaResponse: c.answer })).statusCode).toBe(200);
  });

  test('a wrong or reused answer refuses the login with 1101 on captchaResponse', async () => {
    const c = await challenge();
    const wrong = await login({ captchaId: c.captchaId, captchaResponse: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().data[0].label).toBe('captchaResponse');
    expect((await login({ captchaId: c.captchaId, captchaResponse: c.answer })).statusCode).toBe(400);
  });
});

describe(`forget-password on ${dbKind()}`, () => {
  test('records a reset and sends the link through the notification adapter', async () => {
    const { headers } = await loginAs(t.app, 'cpa2');
    const res = await t.app.inject({ method: 'POST', url: '/v3/auth/forget-password', headers, payload: { redirectURL: 'https://loans.test/reset-password?lang=en' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'A password reset link has been sent', data: { channel: 'EMAIL', to: 'c***@lendline.example' } });
    const sent = (t.app.notifier as SandboxNotifier).sent().at(-1)!;
    expect(sent).toMatchObject({ channel: 'EMAIL', to: 'cpa2@lendline.example', subject: 'Reset your password' });
    const link = new URL(sent.link!);
    expect(link.origin + link.pathname).toBe('https://loans.test/reset-password');
    expect(link.searchParams.get('lang')).toBe('en');
    const token = link.searchParams.get('token')!;
    expect(sent.body).toContain(sent.link);
    const { rows } = await t.app.db.query<{ user_id: string; token_hash: string; redirect_url: string }>('SELECT user_id, token_hash, redirect_url FROM password_resets');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: 'cpa2', redirect_url: 'https://loans.test/reset-password?lang=en' });
    expect(rows[0].token_hash).not.toBe(token); // only the hash is stored
  });

  test('needs a staff session', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v3/auth/forget-password', payload: { redirectURL: 'https://x.test' } })).statusCode).toBe(401);
    const { headers } = await loginAs(t.app, 'portal-customer');
    expect((await t.app.inject({ method: 'POST', url: '/v3/auth/forget-password', headers, payload: { redirectURL: 'https://x.test' } })).statusCode).toBe(403);
  });
});
