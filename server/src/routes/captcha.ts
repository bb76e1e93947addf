import type { FastifyPluginAsync } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import { CAPTCHA } from '@lendline/shared/contract';
import type { IdentityEnv } from '../env';
import { strictValidatorCompiler } from '../http/strict-validator';
import { newChallenge } from '../domain/setup/captcha-svg';
import { consumeCaptcha, splitCaptchaResponse } from '../domain/setup/captcha-check';

export const CAPTCHA_CHALLENGE_PATH = '/v3/captcha/challenge';

const ValidateBody = Type.Object({
  application_id: Type.Optional(Type.String({ maxLength: 100 })),
  // "<captchaId>:<answer>", or just the answer when captchaId is given
  captchaResponse: Type.String({ minLength: 1, maxLength: 200 }),
  captchaId: Type.Optional(Type.String({ maxLength: 100 })),
});

/**
 * Self-hosted captcha (no outside service). Both calls are public: the login page needs them
 * before there is a session.
 * - GET /v3/captcha/challenge → { data: { captchaId, svg, expiresIn } }
 * - POST /v3/captcha/validateCaptcha {application_id, captchaResponse} → { success: true } or
 *   400/1101. A challenge is answered once, right or wrong.
 */
const captcha: FastifyPluginAsync<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);

  app.get(CAPTCHA_CHALLENGE_PATH, { config: { public: true } }, async (_request, reply) => {
    const challenge = newChallenge();
    const captchaId = randomUUID();
    await app.db.query(`DELETE FROM captcha_challenges WHERE expires_at < now() - interval '1 hour'`);
    await app.db.query(`INSERT INTO captcha_challenges (captcha_id, answer, expires_at) VALUES ($1, $2, $3)`, [
      captchaId,
      challenge.answer,
      new Date(Date.now() + opts.identity.captchaTtlSeconds * 1000),
    ]);
    reply.header('cache-control', 'no-store');
    return { data: { captchaId, svg: challenge.svg, expiresIn: opts.identity.captchaTtlSeconds } };
  });

  app.post(CAPTCHA.validate, { schema: { body: ValidateBody }, config: { public: true }, bodyLimit: 16 * 1024 }, async (request) => {
    const body = request.body as Static<typeof ValidateBody>;
    const { id, answer } = splitCaptchaResponse(body.captchaResponse, body.captchaId);
    await consumeCaptcha(app.db, id, answer);
    return { success: true, data: { application_id: body.application_id ?? null, verified: true } };
  });
};
export default captcha;
