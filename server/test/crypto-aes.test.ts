import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { aesDecrypt, aesEncrypt, DecryptError } from '../src/crypto/aes';

interface Vector { accessToken: string; key: string; iv: string; plaintext: string; encrypted: string }
const { vectors } = JSON.parse(readFileSync(join(__dirname, '..', '..', 'shared', 'test', 'vectors', 'aes-cbc.json'), 'utf8')) as { vectors: Vector[] };

describe('AES-CBC of §9 against shared/test/vectors/aes-cbc.json', () => {
  test.each(vectors.map((v) => [v.plaintext.slice(0, 24) || '(empty)', v] as const))('%s encrypts and decrypts', (_name, v) => {
    expect(aesEncrypt(v.plaintext, v.accessToken, Buffer.from(v.iv, 'hex'))).toBe(v.encrypted);
    expect(aesDecrypt(v.encrypted, v.accessToken)).toBe(v.plaintext);
  });

  test('only the first 32 characters of the token are the key', () => {
    const v = vectors[0];
    expect(aesDecrypt(v.encrypted, v.key + 'anything-after')).toBe(v.plaintext);
  });

  test('a random IV makes every encryption different and round-trips', () => {
    const token = vectors[2].accessToken;
    const a = aesEncrypt('{"x":1}', token);
    const b = aesEncrypt('{"x":1}', token);
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}:[0-9a-f]+$/);
    expect(aesDecrypt(a, token)).toBe('{"x":1}');
  });

  test('tampered, truncated, malformed or wrongly keyed data is detected', () => {
    const v = vectors[2];
    const [iv, data] = v.encrypted.split(':');
    const flipLast = data.slice(0, -2) + ((parseInt(data.slice(-2), 16) ^ 0x01).toString(16).padStart(2, '0'));
    const bad = [
      `${iv}:${flipLast}`, // padding broken
      `${iv}:${data.slice(0, -32)}ff`, // not a whole block
      `${iv}:${data.slice(0, 32)}`, // cut to one block
      `${iv.slice(2)}:${data}`, // short IV
      `${iv}${data}`, // no separator
      `${iv}:${data}:00`,
      'zz:zz',
      '',
    ];
    for (const text of bad) expect(() => aesDecrypt(text, v.accessToken)).toThrow(DecryptError);
    expect(() => aesDecrypt(v.encrypted, vectors[3].accessToken)).toThrow(DecryptError);
    // a flipped IV bit garbles the first block: rejected, or at least never the original text
    const ivFlip = `${iv.slice(0, -2)}${(parseInt(iv.slice(-2), 16) ^ 0x80).toString(16).padStart(2, '0')}:${data}`;
    let back: string | Error;
    try {
      back = aesDecrypt(ivFlip, v.accessToken);
    } catch (e) {
      back = e as Error;
    }
    expect(back instanceof DecryptError || back !== v.plaintext).toBe(true);
    expect(back).not.toBe(v.plaintext);
  });
});
