import { staffApp } from './helpers/staff-app';
import { testAppWith } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesDecrypt, aesEncrypt } from '../src/crypto/aes';

const s = staffApp(['cpa1']);

const ENC = { 'x-lendline-encrypted': 'aes-cbc' };

describe(`encryption on ${dbKind()}`, () => {
  test('an encrypted request body is decrypted before validation', async () => {
    const data = aesEncrypt(JSON.stringify({ userName: 'bh1' }), s.logins.cpa1.session.access_token);
    const res = await s.app.inject({ method: 'POST', url: '/v3/users/roles', headers: { ...s.logins.cpa1.headers, ...ENC }, payload: { data } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContain('BH');
  });

  test('an encrypted body is still validated once decrypted', async () => {
    const data = aesEncrypt(JSON.stringify({ userName: 42 }), s.logins.cpa1.session.access_token);
    const res = await s.app.inject({ method: 'POST', url: '/v3/users/roles', headers: { ...s.logins.cpa1.headers, ...ENC }, payload: { data } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 1101, data: [{ label: 'body.userName' }] });
  });

  test('a body that does not decrypt answers 1101', async () => {
    const good = aesEncrypt(JSON.stringify({ userName: 'bh1' }), s.logins.cpa1.session.access_token);
    const wrongKey = aesEncrypt(JSON.stringify({ userName: 'bh1' }), 'k'.repeat(32));
    const tampered = good.slice(0, -4) + (good.endsWith('0000') ? 'ffff' : '0000');
    for (const payload of [{ data: wrongKey }, { data: tampered }, { data: 'abc' }, { data: 12 }, { userName: 'bh1' }, { data: aesEncrypt('not json', s.logins.cpa1.session.access_token) }]) {
      const res = await s.app.inject({ method: 'POST', url: '/v3/users/roles', headers: { ...s.logins.cpa1.headers, ...ENC }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 1101, message: 'Validation Failed', data: [{ label: 'data' }] });
    }
  });

  test('an encrypted body without a session cannot be read: 1101 on a public route', async () => {
    const res = await s.app.inject({ method: 'POST', url: '/v3/auth/login', headers: ENC, payload: { data: aesEncrypt('{}', 'k'.repeat(32)) } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(1101);
  });

  test('200 admin responses are encrypted with the caller’s token and carry the header', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/setup/configs/Action/Actions', headers: s.logins.cpa1.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-lendline-encrypted']).toBe('aes-cbc');
    const { data } = res.json();
    expect(typeof data).toBe('string');
    const plain = JSON.parse(aesDecrypt(data, s.logins.cpa1.session.access_token));
    expect(plain.data.actions.map((a: { type: string }) => a.type)).toContain('reject');
  });

  test('the excluded setup configs of §7 answer in plain JSON', async () => {
    for (const url of ['/setup/configs/GLOBAL/Theme', '/setup/configs/Admin/Features', '/setup/configs/Environment/Domain', '/setup/configs/Analytics/Reports', '/setup/configs/User/StaticText', '/setup/configs/Chat/ChatBot']) {
      const res = await s.app.inject({ method: 'GET', url, headers: s.logins.cpa1.headers });
      expect([url, res.statusCode, res.headers['x-lendline-encrypted']]).toEqual([url, 200, undefined]);
      expect(typeof res.json().data).toBe('object');
    }
  });

  test('errors are never encrypted', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/setup/configs/Nope/Nothing', headers: s.logins.cpa1.headers });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-lendline-encrypted']).toBeUndefined();
  });
});

describe('admin encryption off', () => {
  const plain = testAppWith({ ADMIN_API_ENCRYPTION: 'off' });

  test('admin responses are plain JSON', async () => {
    const { headers } = await loginAs(plain.app, 'cpa1');
    const res = await plain.app.inject({ method: 'GET', url: '/setup/configs/Action/Actions', headers });
    expect(res.headers['x-lendline-encrypted']).toBeUndefined();
    expect(res.json().data.actions.length).toBeGreaterThan(0);
  });
});
