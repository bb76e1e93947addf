import type { Queryable } from '../../db/db';
import { validationFailed } from '../errors';

/**
 * Answers a self-hosted captcha challenge: the challenge is used up whether the answer is right
 * or wrong. Throws 400/1101 labelled captchaResponse (the shell shows it at the captcha field).
 */
export async function consumeCaptcha(db: Queryable, captchaId: string, answer: string): Promise<void> {
  const { rows } = await db.query<{ answer: string; expired: boolean }>(
    `UPDATE captcha_challenges SET used_at = now() WHERE captcha_id = $1 AND used_at IS NULL RETURNING answer, expires_at <= now() AS expired`,
    [captchaId],
  );
  const row = rows[0];
  if (!row) throw validationFailed([{ label: 'captchaResponse', reason: 'is unknown or already used; load a new challenge' }]);
  if (row.expired) throw validationFailed([{ label: 'captchaResponse', reason: 'has expired; load a new challenge' }]);
  if (row.answer !== answer.trim()) throw validationFailed([{ label: 'captchaResponse', reason: 'does not match the challenge' }]);
}

/** `captchaResponse` alone may carry both parts as "<captchaId>:<answer>". */
export function splitCaptchaResponse(captchaResponse: string, captchaId?: string): { id: string; answer: string } {
  if (captchaId) return { id: captchaId, answer: captchaResponse.trim() };
  const at = captchaResponse.lastIndexOf(':');
  if (at <= 0) throw validationFailed([{ label: 'captchaResponse', reason: 'must be <captchaId>:<answer>' }]);
  return { id: captchaResponse.slice(0, at), answer: captchaResponse.slice(at + 1).trim() };
}
