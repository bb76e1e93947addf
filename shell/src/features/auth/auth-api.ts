import { AUTH, CAPTCHA, USERS, api, rsaEncryptPassword, type AuthReply } from '@lendline/shared';

export interface CaptchaAnswer {
  captchaId: string;
  captchaResponse: string;
}

/**
 * Staff login (§7). The password leaves the browser only as base64 RSA-OAEP (SHA-256)
 * ciphertext under the server's public key (§5, §9); if the key cannot be read, nothing is sent.
 */
export async function staffLogin(username: string, password: string, captcha?: CaptchaAnswer): Promise<AuthReply> {
  // The captcha is checked first (§7 validateCaptcha, public); a wrong answer rejects with 1101.
  if (captcha) await api.post(CAPTCHA.validate, { captchaId: captcha.captchaId, captchaResponse: captcha.captchaResponse }, { silent: true });
  const { publicKey } = await api.get<{ publicKey: string }>(AUTH.publicKey, { silent: true });
  const encrypted = await rsaEncryptPassword(password, publicKey);
  return api.post<AuthReply>(AUTH.login, { username, password: encrypted }, { silent: true });
}

/** The built-in customer account of §6 (docs/identity.md: portal-customer). */
export async function customerLogin(): Promise<AuthReply> {
  return api.post<AuthReply>(USERS.tokenApiGetToken, undefined, { silent: true });
}
