import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { readRemotesDocument } from '../../domain/platform/remotes-document';
import { RemotesDocument } from './schemas';
import { route } from '../common/route';

/**
 * GET /config/remotes: which version of each remote is active, read from releases/remotes.json on
 * every request, so activating or rolling back a release needs no restart.
 */
const configRemotes: FastifyPluginAsyncTypebox<{ releasesDir: string }> = async (app, opts) => {
  app.get(
    '/config/remotes',
    route.platform({ public: true }, 'The active version of each remote',
      'The remotes document the shell reads at boot: for each micro-frontend, its active version and manifest URL. Public (the module loader reads it before any session), never cached, never encrypted. 503 (code 1100) before anything is released.', {
      security: [],
      response: {
          200: RemotesDocument,
          503: Type.Ref('ErrorBody', { description: '1100: no remotes released yet' }),
        },
    }),
    async (_request, reply) => {
      const doc = await readRemotesDocument(opts.releasesDir);
      if (!doc) return reply.status(503).send({ code: 1100, message: 'No remotes released yet: run npm run build' });
      reply.header('cache-control', 'no-store');
      return doc;
    },
  );
};
export default configRemotes;
