import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CAPTCHA } from '@lendline/shared/contract';
import type { IdentityEnv } from '../../config/env';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { consumeCaptcha, splitCaptchaResponse } from '../../domain/setup/captcha-check';
import { issueCaptchaChallenge } from '../../identity/captcha-challenges';
import { errors } from './schemas';
import { route } from '../common/route';

export const CAPTCHA_CHALLENGE_PATH = '/v3/captcha/challenge';

const ValidateBody = Type.Object({
  application_id: Type.Optional(Type.String({ maxLength: 100 })),
  // "<captchaId>:<answer>", or just the answer when captchaId is given
  captchaResponse: Type.String({ minLength: 1, maxLength: 200, description: '"<captchaId>:<answer>", or the answer alone when captchaId is sent' }),
  captchaId: Type.Optional(Type.String({ maxLength: 100 })),
});

const ChallengeReply = Type.Object({
  data: Type.Object({
    captchaId: Type.String(),
    svg: Type.String({ description: 'The question drawn as SVG markup' }),
    expiresIn: Type.Integer({ description: 'Seconds the challenge can be answered in' }),
  }),
});

const ValidatedReply = Type.Object({
  success: Type.Literal(true),
  data: Type.Object({ application_id: Type.Union([Type.String(), Type.Null()]), verified: Type.Literal(true) }),
});

/**
 * Self-hosted captcha (no outside service). Both calls are public: the login page needs them before there is a
 * session. A challenge is answered once, right or wrong.
 */
const captcha: FastifyPluginAsyncTypebox<{ identity: IdentityEnv }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);

  app.get(
    CAPTCHA_CHALLENGE_PATH,
    route.identity({ public: true }, 'New captcha challenge',
      'A self-hosted arithmetic challenge drawn as SVG, answerable once within expiresIn seconds. Public; not cached.', {
      security: [],
      response: { 200: ChallengeReply, ...errors(429, 500) },
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await issueCaptchaChallenge(app.db, opts.identity.captchaTtlSeconds) };
    },
  );

  app.post(
    CAPTCHA.validate,
    {
      schema: {
        summary: 'Answer a captcha challenge',
        description:
          'Checks the answer and uses the challenge up, right or wrong. Public. Unknown, used, expired or wrong → 400/1101 ' +
          'labelled captchaResponse.',
        tags: ['identity'],
        security: [],
        body: ValidateBody,
        response: { 200: ValidatedReply, ...errors(400, 429, 500) },
      },
      config: { public: true },
      bodyLimit: 16 * 1024,
    },
    async (request) => {
      const { id, answer } = splitCaptchaResponse(request.body.captchaResponse, request.body.captchaId);
      await consumeCaptcha(app.db, id, answer);
      return { success: true, data: { application_id: request.body.application_id ?? null, verified: true } };
    },
  );
};
export default captcha;
