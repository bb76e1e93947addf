import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { HttpError } from '../../domain/errors';
import { loadDictionaries } from '../../i18n/dictionaries';
import { CONFIG_NAMES_BLOCK } from '@lendline/shared/contract';
import { configuredNames } from '../../domain/config/display-names';
import { errorReplies, Json } from '../common/schemas';
import { route } from '../common/route';

/** How long a language's configured names are reused before the configuration is read again. */
const NAMES_TTL_MS = 10_000;

/**
 * GET /assets/i18n/{lang}.json: the dictionaries in server/src/i18n, read once at start-up, with the configured
 * names in that language (English: only teams, named by id) (domain/config/display-names.ts), read from the
 * configuration at most every NAMES_TTL_MS, so a tenant's new translation reaches the next page that loads.
 */
const i18n: FastifyPluginAsyncTypebox<{ dir?: string }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const dictionaries = loadDictionaries(opts.dir);
  const withNames = new Map<string, { at: number; text: Promise<string> }>();
  const textOf = (file: string, text: string): Promise<string> => {
    const lang = file.slice(0, -'.json'.length);
    // English too: its block holds only the names that are not keyed by themselves (a team's name by its id).
    const hit = withNames.get(file);
    if (hit && Date.now() - hit.at < NAMES_TTL_MS) return hit.text;
    const made = configuredNames(app.db, lang).then((names) => JSON.stringify({ ...(JSON.parse(text) as object), [CONFIG_NAMES_BLOCK]: names }));
    withNames.set(file, { at: Date.now(), text: made });
    made.catch(() => withNames.delete(file));
    return made;
  };

  app.get(
    '/assets/i18n/:file',
    route.platform({ public: true }, 'A translation dictionary',
      'The texts of one language (en.json, hi.json …) for the shell and the remotes; each also carries configNames, the configured names (steps, tasks, products, approval levels, decline reasons, templates, branches, report texts; teams by id) in that language (en: only the teams). Public: needs no session. 400/1101 for a malformed name; 404 for a language the server has no dictionary of.', {
      security: [],
      params: Type.Object({ file: Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?\\.json$', description: 'A language with an optional region, e.g. en.json' }) }),
      response: {
          200: Json('The dictionary: nested objects whose leaves are texts with {placeholders}'),
          ...errorReplies,
        },
    }),
    async (request, reply) => {
      const { file } = request.params;
      const text = dictionaries.get(file);
      if (!text) throw new HttpError(404, { code: 404, message: `No dictionary ${file}` });
      // Sent as made: a string body is not serialized again.
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(await textOf(file, text));
    },
  );
};
export default i18n;
