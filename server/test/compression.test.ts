import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { staffApp } from './helpers/staff-app';
import { dbKind } from './helpers/test-db';
import { aesDecrypt } from '../src/crypto/aes';
import { COMPRESS_THRESHOLD_BYTES } from '../src/plugins/app/static';
import { pickEncoding } from '../src/http/content-encoding';

const s = staffApp(['cpa1']);

const decode = (encoding: string | undefined, raw: Buffer) => (encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
const varies = (vary: unknown) => String(vary ?? '').toLowerCase().split(/\s*,\s*/).includes('accept-encoding');

describe(`API replies compressed on the fly on ${dbKind()}`, () => {
  test('a JSON reply above the threshold comes as br or gzip, as the client asks, and decodes to the plain reply', async () => {
    const plain = await s.app.inject({ method: 'GET', url: '/assets/i18n/en.json' });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    for (const [accept, expected] of [
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
    ]) {
      const res = await s.app.inject({ method: 'GET', url: '/assets/i18n/en.json', headers: { 'accept-encoding': accept } });
      expect([accept, res.statusCode, res.headers['content-encoding']]).toEqual([accept, 200, expected]);
      expect(varies(res.headers.vary)).toBe(true);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decode(expected, res.rawPayload))).toEqual(plain.json());
    }
  });

  test('an encrypted admin reply is compressed too, after encryption: it decodes to the envelope, which decrypts', async () => {
    const url = '/config/flow_config_by_id/243/PL_FLOW'; // a whole flow configuration: tens of KB
    const plain = await s.app.inject({ method: 'GET', url, headers: s.logins.cpa1.headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['x-lendline-encrypted']).toBe('aes-cbc');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);
    const res = await s.app.inject({ method: 'GET', url, headers: { ...s.logins.cpa1.headers, 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['x-lendline-encrypted']).toBe('aes-cbc');
    const envelope = JSON.parse(decode('gzip', res.rawPayload)) as { data: string };
    expect(typeof envelope.data).toBe('string');
    const reply = JSON.parse(aesDecrypt(envelope.data, s.logins.cpa1.session.access_token));
    expect(reply).toEqual(JSON.parse(aesDecrypt(plain.json().data, s.logins.cpa1.session.access_token)));
  });

  test('small replies, and replies to clients that accept no compression, go out as they are', async () => {
    const small = await s.app.inject({ method: 'GET', url: '/config/remotes', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const res = await s.app.inject({ method: 'GET', url: '/assets/i18n/en.json', headers: accept ? { 'accept-encoding': accept } : {} });
      expect([accept, res.headers['content-encoding']]).toEqual([accept, undefined]);
      expect(res.json()).toHaveProperty('login');
    }
  });

  test('a compressed request body is not inflated by the server', async () => {
    // Request decompression is off: a gzip body is not JSON, whatever Content-Encoding says.
    const { gzipSync } = await import('node:zlib');
    const res = await s.app.inject({
      method: 'POST',
      url: '/v3/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ username: 'cpa1', password: 'x' })),
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('Accept-Encoding negotiation for the shell page', () => {
  test.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.2, gzip;q=0.8', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['deflate', null],
    ['GZIP;Q=1', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});
