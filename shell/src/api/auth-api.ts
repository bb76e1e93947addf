import { AUTH, USERS, api, isAuthReply, rsaEncryptPassword, type AuthReply } from '@lendline/shared';
import { takeEarly } from '../boot/early-requests';

export interface CaptchaAnswer {
  captchaId: string;
  captchaResponse: string;
}

/**
 * Staff login (§7). The password leaves the browser only as base64 RSA-OAEP (SHA-256)
 * ciphertext under the server's public key (§5, §9); if the key cannot be read, nothing is sent.
 */
export async function staffLogin(username: string, password: string, captcha?: CaptchaAnswer): Promise<AuthReply> {
  const { publicKey } = await api.get<{ publicKey: string }>(AUTH.publicKey, { silent: true });
  const encrypted = await rsaEncryptPassword(password, publicKey);
  // With captcha on, the answer travels with the login (the server consumes it there; 1101 if wrong).
  return api.post<AuthReply>(AUTH.login, { username, password: encrypted, ...(captcha ?? {}) }, { silent: true });
}

/** The built-in customer account of §6 (docs/identity.md: portal-customer); the entry may have asked already. */
export async function customerLogin(): Promise<AuthReply> {
  const early = await takeEarly('customerToken');
  return isAuthReply(early) ? early : api.post<AuthReply>(USERS.tokenApiGetToken, undefined, { silent: true });
}
