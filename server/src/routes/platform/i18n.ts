import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { HttpError } from '../../domain/errors';
import { loadDictionaries } from '../../i18n/dictionaries';
import { errorReplies, Json } from '../common/schemas';

/** GET /assets/i18n/{lang}.json: the dictionaries in server/src/i18n, read once at start-up. */
const i18n: FastifyPluginAsyncTypebox<{ dir?: string }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const dictionaries = loadDictionaries(opts.dir);

  app.get(
    '/assets/i18n/:file',
    {
      config: { public: true },
      schema: {
        tags: ['platform'],
        summary: 'A translation dictionary',
        description: 'The texts of one language (en.json, hi.json …) for the shell and the remotes. Public: needs no session. 400/1101 for a malformed name; 404 for a language the server has no dictionary of.',
        security: [],
        params: Type.Object({ file: Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?\\.json$', description: 'A language with an optional region, e.g. en.json' }) }),
        response: {
          200: Json('The dictionary: nested objects whose leaves are texts with {placeholders}'),
          ...errorReplies,
        },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      const text = dictionaries.get(file);
      if (!text) throw new HttpError(404, { code: 404, message: `No dictionary ${file}` });
      // Sent as read: a string body is not serialized again.
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(text);
    },
  );
};
export default i18n;
