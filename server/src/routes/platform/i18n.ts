import type { FastifyPluginAsync } from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { strictValidatorCompiler } from '../../http/strict-validator';
import { HttpError } from '../../domain/errors';

export const I18N_DIR = join(__dirname, '..', '..', 'i18n');

/** GET /assets/i18n/{lang}.json: the dictionaries in server/src/i18n, read once at start-up. */
const i18n: FastifyPluginAsync<{ dir?: string }> = async (app, opts) => {
  app.setValidatorCompiler(strictValidatorCompiler);
  const dir = opts.dir ?? I18N_DIR;
  const dictionaries = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => /^[a-z]{2}(-[A-Z]{2})?\.json$/.test(f))) {
    const text = readFileSync(join(dir, file), 'utf8');
    JSON.parse(text); // a broken dictionary must stop the start-up, not reach a browser
    dictionaries.set(file, text);
  }

  app.get(
    '/assets/i18n/:file',
    { schema: { params: Type.Object({ file: Type.String({ pattern: '^[a-z]{2}(-[A-Z]{2})?\\.json$' }) }) }, config: { public: true } },
    async (request, reply) => {
      const { file } = request.params as { file: string };
      const text = dictionaries.get(file);
      if (!text) throw new HttpError(404, { code: 404, message: `No dictionary ${file}` });
      return reply.header('cache-control', 'no-cache').type('application/json; charset=utf-8').send(text);
    },
  );
};
export default i18n;
