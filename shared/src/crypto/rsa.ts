/**
 * Login password encryption (§5, §9): RSA-OAEP with SHA-256 under the server's PEM public key
 * (GET /v3/auth/public-key), output base64. WebCrypto only — no library in the login path.
 */
type Subtle = Pick<SubtleCrypto, 'importKey' | 'encrypt'>;

export function pemToDer(pem: string): Uint8Array {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  if (!body) throw new Error('Empty public key');
  const bin = atob(body);
  const der = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) der[i] = bin.charCodeAt(i);
  return der;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return btoa(bin);
}

export async function rsaEncryptPassword(password: string, publicKeyPem: string, subtle: Subtle = globalThis.crypto.subtle): Promise<string> {
  const key = await subtle.importKey('spki', pemToDer(publicKeyPem) as BufferSource, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const cipher = await subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(password) as BufferSource);
  return bytesToBase64(new Uint8Array(cipher));
}
