import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/db';
import { newChallenge } from '../domain/setup/captcha-svg';

export interface IssuedChallenge {
  captchaId: string;
  /** SVG markup of the question */
  svg: string;
  /** seconds */
  expiresIn: number;
}

/**
 * A new self-hosted captcha challenge: its answer is kept in the database until it is answered (once, right or
 * wrong: domain/setup/captcha-check.ts) or expires. Challenges an hour past their end are swept here, so the
 * table stays as small as the traffic of the last hour.
 */
export async function issueCaptchaChallenge(db: Queryable, ttlSeconds: number): Promise<IssuedChallenge> {
  const challenge = newChallenge();
  const captchaId = randomUUID();
  await db.query(`DELETE FROM captcha_challenges WHERE expires_at < now() - interval '1 hour'`);
  await db.query(`INSERT INTO captcha_challenges (captcha_id, answer, expires_at) VALUES ($1, $2, $3)`, [
    captchaId,
    challenge.answer,
    new Date(Date.now() + ttlSeconds * 1000),
  ]);
  return { captchaId, svg: challenge.svg, expiresIn: ttlSeconds };
}
