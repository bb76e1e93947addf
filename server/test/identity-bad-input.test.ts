import { randomBytes } from 'node:crypto';
import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import { encryptPassword } from './helpers/login';

const s = staffApp(['cpa1']);

async function expect1101(url: string, payload: unknown, headers: Record<string, string> = {}, method: 'POST' | 'GET' = 'POST') {
  const res = await s.app.inject({ method, url, payload: payload as never, headers: { 'content-type': 'application/json', ...headers } });
  expect([url, String(JSON.stringify(payload)).slice(0, 60), res.statusCode]).toEqual([url, String(JSON.stringify(payload)).slice(0, 60), 400]);
  const body = res.json();
  expect(body).toMatchObject({ code: 1101, message: 'Validation Failed' });
  expect(Array.isArray(body.data) && body.data.length > 0).toBe(true);
  return body;
}

describe(`bad inputs on ${dbKind()} answer 1101, never 500`, () => {
  test('login: missing or wrong-typed fields', async () => {
    const pw = await encryptPassword(s.app, 'Demo@12345');
    expect((await expect1101('/v3/auth/login', { password: pw })).data[0].label).toBe('body.username');
    expect((await expect1101('/v3/auth/login', { username: 'cpa1' })).data[0].label).toBe('body.password');
    expect((await expect1101('/v3/auth/login', { username: 123, password: pw })).data[0].label).toBe('body.username');
    await expect1101('/v3/auth/login', { username: 'cpa1', password: true });
    await expect1101('/v3/auth/login', { username: ['cpa1'], password: pw });
    await expect1101('/v3/auth/login', { username: '', password: pw });
    await expect1101('/v3/auth/login', []);
    await expect1101('/v3/auth/login', 'just a string');
  });

  test('login: bad ciphertext and plaintext passwords', async () => {
    for (const password of ['Demo@12345', randomBytes(256).toString('base64'), 'not base64 at all!', randomBytes(16).toString('base64')]) {
      expect((await expect1101('/v3/auth/login', { username: 'cpa1', password })).data[0].label).toBe('password');
    }
  });

  test('oversized and malformed bodies', async () => {
    const long = await s.app.inject({ method: 'POST', url: '/v3/auth/login', payload: { username: 'cpa1', password: 'x'.repeat(40_000) } });
    expect([long.statusCode, long.json().code]).toEqual([413, 1101]); // over the login route's body limit
    const big = await s.app.inject({ method: 'POST', url: '/v3/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":"' + 'a'.repeat(20 * 1024) + '"}' });
    expect(big.statusCode).toBe(413); // over the login route's own body limit
    expect(big.json().code).toBe(1101);
    const broken = await s.app.inject({ method: 'POST', url: '/v3/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"username":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe(1101);
    const empty = await s.app.inject({ method: 'POST', url: '/v3/auth/login', headers: { 'content-type': 'application/json' }, payload: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe(1101);
    // the global limit (BODY_LIMIT_BYTES) also answers 413/1101, on an authenticated route
    const huge = await s.app.inject({ method: 'POST', url: '/v3/users/roles', headers: { ...s.logins.cpa1.headers, 'content-type': 'application/json' }, payload: JSON.stringify({ userName: 'a'.repeat(13 * 1024 * 1024) }) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe(1101);
  });

  test('refresh-token and end-session', async () => {
    await expect1101('/v3/auth/refresh-token', {});
    await expect1101('/v3/auth/refresh-token', { refresh_token: 5 });
    await expect1101('/v3/auth/refresh-token', { refresh_token: 'x'.repeat(600) });
    await expect1101('/v3/auth/end-session', {}, s.logins.cpa1.headers);
    await expect1101('/v3/auth/end-session', { refresh_token: null }, s.logins.cpa1.headers);
  });

  test('users and groups', async () => {
    await expect1101('/v3/users/update_selected_teams', { teams: 'BR-NORTH' }, s.logins.cpa1.headers);
    await expect1101('/v3/users/update_selected_teams', { teams: [1, 2] }, s.logins.cpa1.headers);
    expect((await expect1101('/v3/users/update_selected_teams', { teams: ['BR-NORTH', 'BR-SOUTH'] }, s.logins.cpa1.headers)).data).toEqual([{ label: 'teams.1', reason: 'BR-SOUTH is not one of your teams' }]);
    await expect1101('/v3/users/getGroupMembers', {}, s.logins.cpa1.headers);
    await expect1101('/v3/users/getGroupMembers', { groupid: { $ne: 1 } }, s.logins.cpa1.headers);
    await expect1101('/v3/users/roles', { userName: 7 }, s.logins.cpa1.headers);
    await expect1101('/v3/users/getGroupDetailByGroupName', { team: false }, s.logins.cpa1.headers);
    await expect1101('/v3/users?team=' + 'x'.repeat(200), undefined, s.logins.cpa1.headers, 'GET');
  });

  test('forget-password, captcha and setup configs', async () => {
    await expect1101('/v3/auth/forget-password', {}, s.logins.cpa1.headers);
    await expect1101('/v3/auth/forget-password', { redirectURL: 'javascript:alert(1)' }, s.logins.cpa1.headers);
    await expect1101('/v3/auth/forget-password', { redirectURL: 'not a url' }, s.logins.cpa1.headers);
    await expect1101('/v3/captcha/validateCaptcha', {});
    await expect1101('/v3/captcha/validateCaptcha', { application_id: 'APP-1', captchaResponse: 12 });
    await expect1101('/v3/captcha/validateCaptcha', { application_id: 'APP-1', captchaResponse: 'no-separator' });
    await expect1101('/setup/configs/GLOBAL/Theme?isenabled=maybe', undefined, {}, 'GET');
    await expect1101('/setup/configs/GLOBAL/Theme?configId=abc', undefined, {}, 'GET');
    await expect1101('/setup/configs/GLOBAL/Theme?tenant=Bad!', undefined, {}, 'GET');
    await expect1101('/setup/configs/GLOBAL/Theme?tenant=unknown', undefined, {}, 'GET');
  });
});
