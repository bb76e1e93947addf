import vectors from '../vectors/aes-cbc.json';
import { aesDecrypt, aesEncrypt, decryptJson, encryptJson, TamperedDataError } from '../../src/crypto/aes';

describe('AES-CBC per docs/identity.md (shared vectors)', () => {
  it.each(vectors.vectors.map((v) => [v.plaintext.slice(0, 24) || '(empty)', v] as const))('encrypts %s to the vector', (_n, v) => {
    expect(aesEncrypt(v.plaintext, v.accessToken, v.iv)).toBe(v.encrypted);
  });

  it.each(vectors.vectors.map((v) => [v.plaintext.slice(0, 24) || '(empty)', v] as const))('decrypts the vector back to %s', (_n, v) => {
    expect(aesDecrypt(v.encrypted, v.accessToken)).toBe(v.plaintext);
  });

  it('uses only the first 32 characters of the access token as key', () => {
    const v = vectors.vectors[1];
    expect(aesDecrypt(v.encrypted, v.key)).toBe(v.plaintext);
  });

  it('draws a fresh random 16-byte IV for each encryption and round-trips', () => {
    const token = vectors.vectors[0].accessToken;
    const a = aesEncrypt('{"x":1}', token);
    const b = aesEncrypt('{"x":1}', token);
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(a.split(':')[0]).not.toBe(b.split(':')[0]);
    expect(aesDecrypt(a, token)).toBe('{"x":1}');
  });

  it('wraps JSON bodies as {data}', () => {
    const token = vectors.vectors[2].accessToken;
    const body = encryptJson({ amount: 100000, note: '₹' }, token);
    expect(Object.keys(body)).toEqual(['data']);
    expect(decryptJson(body.data, token)).toEqual({ amount: 100000, note: '₹' });
  });

  it('refuses a token shorter than 32 characters', () => {
    expect(() => aesEncrypt('x', 'short')).toThrow(/32/);
  });
});

describe('tamper detection', () => {
  const v = vectors.vectors[2];
  const flip = (hex: string, at: number) => hex.slice(0, at) + ((parseInt(hex[at], 16) ^ 0x8).toString(16)) + hex.slice(at + 1);

  it('rejects a payload that is not iv:ciphertext hex', () => {
    for (const bad of ['', 'nothex', v.encrypted.replace(':', ''), v.encrypted + 'ab', 'zz' + v.encrypted.slice(2)]) {
      expect(() => aesDecrypt(bad, v.accessToken)).toThrow(TamperedDataError);
    }
  });

  it('rejects a changed last block (padding no longer valid)', () => {
    const lastByteAt = v.encrypted.length - 1;
    // Altering the second-to-last block flips the matching plaintext bits of the last block, padding included.
    const tampered = flip(v.encrypted, lastByteAt - 32);
    expect(() => aesDecrypt(tampered, v.accessToken)).toThrow(TamperedDataError);
  });

  it('rejects the wrong key', () => {
    expect(() => decryptJson(v.encrypted, 'X'.repeat(32))).toThrow(TamperedDataError);
  });

  it('rejects a truncated ciphertext', () => {
    expect(() => decryptJson(v.encrypted.slice(0, -32), v.accessToken)).toThrow(TamperedDataError);
  });
});
