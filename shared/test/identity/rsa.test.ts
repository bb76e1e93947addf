/** @jest-environment node */
import { generateKeyPairSync, privateDecrypt, constants, webcrypto } from 'node:crypto';
import { pemToDer, rsaEncryptPassword } from '../../src/crypto/rsa';

describe('RSA-OAEP (SHA-256) password encryption', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  it('produces base64 that the private key decrypts to the password', async () => {
    const out = await rsaEncryptPassword('Demo@12345', pem, webcrypto.subtle as unknown as SubtleCrypto);
    expect(out).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(out).not.toContain('Demo@12345');
    const plain = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(out, 'base64'));
    expect(plain.toString('utf8')).toBe('Demo@12345');
  });

  it('is randomised: two encryptions differ', async () => {
    const subtle = webcrypto.subtle as unknown as SubtleCrypto;
    expect(await rsaEncryptPassword('a', pem, subtle)).not.toBe(await rsaEncryptPassword('a', pem, subtle));
  });

  it('rejects an empty PEM', () => {
    expect(() => pemToDer('-----BEGIN PUBLIC KEY-----\n-----END PUBLIC KEY-----')).toThrow();
  });
});
