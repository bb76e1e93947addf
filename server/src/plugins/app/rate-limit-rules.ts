import { APPLICATIONS, AUTH, CAPTCHA, DOCUMENTS, OTHER, USERS } from '@lendline/shared/contract';

/**
 * Who a limit counts:
 * - ip: the client address (request.ip; set TRUST_PROXY behind a reverse proxy, or every client shares the proxy's);
 * - caller: a staff user by user id (one person, whatever address), anyone else by address (the customer account
 *   is shared by every portal visitor and its sessions are free, so a session id would count nothing).
 */
export type RateLimitKey = 'ip' | 'caller';

export interface RateLimitRule {
  method: 'GET' | 'POST';
  url: string;
  max: number;
  windowSeconds: number;
  key: RateLimitKey;
}

/**
 * Production limits of the public and the costly routes (RATE_LIMITS overrides them by name, RATE_LIMIT=off turns
 * them off). They bound guessing and flooding per client; the per-user-name login lockout (identity/login-lockout.ts)
 * and the OTP's own per-applicant counts still apply below them. Sized so that a person never meets them: the
 * e2e journeys and the server suite run under these very numbers from one address.
 */
export const RATE_LIMIT_RULES = {
  login: { method: 'POST', url: AUTH.login, max: 30, windowSeconds: 60, key: 'ip' },
  refreshToken: { method: 'POST', url: AUTH.refreshToken, max: 60, windowSeconds: 60, key: 'ip' },
  forgetPassword: { method: 'POST', url: AUTH.forgetPassword, max: 10, windowSeconds: 60, key: 'ip' },
  // Public: a token is guessed here if anywhere (32 random bytes, so only the flood matters).
  resetPassword: { method: 'POST', url: '/v3/auth/reset-password', max: 10, windowSeconds: 60, key: 'ip' },
  captchaChallenge: { method: 'GET', url: '/v3/captcha/challenge', max: 60, windowSeconds: 60, key: 'ip' },
  captchaValidate: { method: 'POST', url: CAPTCHA.validate, max: 60, windowSeconds: 60, key: 'ip' },
  // Each call opens a customer session: the bound on how fast anonymous sessions can be made.
  getToken: { method: 'POST', url: USERS.tokenApiGetToken, max: 60, windowSeconds: 60, key: 'ip' },
  otpSend: { method: 'POST', url: '/v3/portal/otp/send', max: 30, windowSeconds: 60, key: 'caller' },
  otpVerify: { method: 'POST', url: '/v3/portal/otp/verify', max: 60, windowSeconds: 60, key: 'caller' },
  sendLink: { method: 'POST', url: '/v3/portal/applicants/send-link', max: 20, windowSeconds: 60, key: 'caller' },
  verifyEmail: { method: 'POST', url: APPLICATIONS.verify, max: 30, windowSeconds: 60, key: 'caller' },
  decryption: { method: 'POST', url: OTHER.decryption, max: 30, windowSeconds: 60, key: 'caller' },
  externalTokenValidate: { method: 'POST', url: OTHER.validateExternalToken, max: 30, windowSeconds: 60, key: 'caller' },
  externalTokenIssue: { method: 'POST', url: '/v3/external-integration/issue-token', max: 30, windowSeconds: 60, key: 'caller' },
  // Continue later (issue 28): each send or request is a message; each code a text; open checks a code.
  continueSend: { method: 'POST', url: '/v3/portal/continue-later/send', max: 20, windowSeconds: 60, key: 'caller' },
  continueRequest: { method: 'POST', url: '/v3/portal/continue-later/request', max: 20, windowSeconds: 60, key: 'caller' },
  continueCode: { method: 'POST', url: '/v3/portal/continue-later/code', max: 30, windowSeconds: 60, key: 'caller' },
  continueOpen: { method: 'POST', url: '/v3/portal/continue-later/open', max: 60, windowSeconds: 60, key: 'caller' },
  // Up to 10 MB each, written to disk.
  uploadFile: { method: 'POST', url: DOCUMENTS.uploadLocalFile, max: 60, windowSeconds: 60, key: 'caller' },
  uploadSignature: { method: 'POST', url: DOCUMENTS.uploadSignature, max: 60, windowSeconds: 60, key: 'caller' },
  microflow: { method: 'POST', url: '/v3/microflow/execute/:microFlowId', max: 120, windowSeconds: 60, key: 'caller' },
  copyApplication: { method: 'GET', url: '/v3/application/copy/:id', max: 30, windowSeconds: 60, key: 'caller' },
  // Requests for information: each send is a message to the applicant; the answer writes files (routes/queries).
  requestInfo: { method: 'POST', url: '/v3/application/queries/requestInfo', max: 20, windowSeconds: 60, key: 'caller' },
  requestInfoResend: { method: 'POST', url: '/v3/queries/sendRequestForInfoNotifications', max: 20, windowSeconds: 60, key: 'caller' },
  requestInfoAnswer: { method: 'POST', url: '/v3/queries/updateAndResolveQuery', max: 20, windowSeconds: 60, key: 'caller' },
} as const satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;
