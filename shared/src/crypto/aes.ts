import CryptoJS from 'crypto-js/core';
import AES from 'crypto-js/aes';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import NoPadding from 'crypto-js/pad-nopadding';

/**
 * AES-CBC of §9 / docs/identity.md: key = first 32 characters of the access token (UTF-8 bytes,
 * AES-256), random 16-byte IV, PKCS#7, output `iv:ciphertext` in hex. Only the crypto-js pieces we
 * need are imported, to keep the shell's first chunk small.
 */

import { TamperedDataError } from './tampered-error';

export { TamperedDataError };

function keyFrom(accessToken: string) {
  if (typeof accessToken !== 'string' || accessToken.length < 32) throw new Error('The access token is shorter than 32 characters');
  return Utf8.parse(accessToken.slice(0, 32));
}

function randomIvHex(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Encrypts a string; `ivHex` is only for the test vectors (production always draws a random IV). */
export function aesEncrypt(plaintext: string, accessToken: string, ivHex: string = randomIvHex()): string {
  if (!/^[0-9a-f]{32}$/i.test(ivHex)) throw new Error('The IV must be 16 bytes of hex');
  const encrypted = AES.encrypt(Utf8.parse(plaintext), keyFrom(accessToken), { iv: Hex.parse(ivHex) });
  return `${ivHex.toLowerCase()}:${encrypted.ciphertext.toString(Hex)}`;
}

function byteAt(words: number[], i: number): number {
  return (words[i >>> 2] >>> (24 - (i % 4) * 8)) & 0xff;
}

/**
 * Decrypts `iv:ciphertext`. CBC has no MAC, so tampering is detected the way a careful receiver
 * can: strict format, PKCS#7 padding checked by hand (crypto-js would silently strip garbage) and
 * strict UTF-8. Any failure throws TamperedDataError.
 */
export function aesDecrypt(payload: string, accessToken: string): string {
  const match = typeof payload === 'string' ? /^([0-9a-f]{32}):((?:[0-9a-f]{32})+)$/i.exec(payload) : null;
  if (!match) throw new TamperedDataError('not iv:ciphertext hex');
  const params = CryptoJS.lib.CipherParams.create({ ciphertext: Hex.parse(match[2]) });
  const plain = AES.decrypt(params, keyFrom(accessToken), { iv: Hex.parse(match[1]), padding: NoPadding });
  const n = plain.sigBytes;
  const pad = n > 0 ? byteAt(plain.words, n - 1) : 0;
  if (pad < 1 || pad > 16 || pad > n) throw new TamperedDataError('bad padding');
  for (let i = n - pad; i < n; i++) if (byteAt(plain.words, i) !== pad) throw new TamperedDataError('bad padding');
  plain.sigBytes = n - pad;
  plain.clamp();
  try {
    return plain.toString(Utf8);
  } catch {
    throw new TamperedDataError('not UTF-8');
  }
}

/** JSON helpers for `{ data: "<iv:ciphertext>" }` bodies. */
export function encryptJson(value: unknown, accessToken: string): { data: string } {
  return { data: aesEncrypt(JSON.stringify(value), accessToken) };
}

export function decryptJson<T = unknown>(payload: string, accessToken: string): T {
  const text = aesDecrypt(payload, accessToken);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new TamperedDataError('not JSON');
  }
}
