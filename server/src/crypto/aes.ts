import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * AES-CBC of §9: key = the first 32 characters of the access token (UTF-8 bytes → AES-256),
 * random 16-byte IV, PKCS#7 padding, output `iv:ciphertext` in hex. The same scheme as the client
 * (crypto-js); shared/test/vectors/aes-cbc.json holds vectors both sides check.
 */
export const AES_HEADER = 'x-lendline-encrypted';
export const AES_HEADER_VALUE = 'aes-cbc';

export class DecryptError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'DecryptError';
  }
}

export function aesKeyFromToken(accessToken: string): Buffer {
  const key = Buffer.from(accessToken.slice(0, 32), 'utf8');
  // A multi-byte character in the first 32 would make the key longer; tokens are ASCII.
  if (key.length !== 32) throw new DecryptError('the access token is too short to key AES-256');
  return key;
}

export function aesEncrypt(plaintext: string, accessToken: string, iv: Buffer = randomBytes(16)): string {
  const cipher = createCipheriv('aes-256-cbc', aesKeyFromToken(accessToken), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return `${iv.toString('hex')}:${body.toString('hex')}`;
}

const HEX = /^(?:[0-9a-f]{2})+$/i;

/** Throws DecryptError when the text is not `iv:ciphertext` or does not decrypt with this key. */
export function aesDecrypt(encrypted: string, accessToken: string): string {
  const [ivHex, dataHex, extra] = encrypted.split(':');
  if (extra !== undefined || !ivHex || !dataHex || !HEX.test(ivHex) || !HEX.test(dataHex)) throw new DecryptError('is not iv:ciphertext in hex');
  const iv = Buffer.from(ivHex, 'hex');
  const data = Buffer.from(dataHex, 'hex');
  if (iv.length !== 16 || data.length % 16 !== 0) throw new DecryptError('has a wrong IV or block length');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', aesKeyFromToken(accessToken), iv);
    plain = Buffer.concat([decipher.update(data), decipher.final()]);
  } catch {
    throw new DecryptError('does not decrypt');
  }
  const text = new TextDecoder('utf-8', { fatal: true });
  try {
    return text.decode(plain);
  } catch {
    // Bad padding can pass by chance on a tampered block; invalid UTF-8 then gives it away.
    throw new DecryptError('does not decrypt');
  }
}
