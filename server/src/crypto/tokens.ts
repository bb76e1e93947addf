import { createHash, randomBytes, randomUUID } from 'node:crypto';

/**
 * Opaque random tokens. Access tokens are random all the way through (not JWTs): the AES key is
 * their first 32 characters (§9), which must not be a predictable header.
 */
export function newToken(bytes = 48): string {
  return randomBytes(bytes).toString('base64url');
}

export function newSessionId(): string {
  return randomUUID();
}

export function tokenHash(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
