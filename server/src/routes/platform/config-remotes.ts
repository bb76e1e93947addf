import type { FastifyPluginAsync } from 'fastify';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemotesDocument } from '@lendline/shared/contract';

/**
 * GET /config/remotes: which version of each remote is active, read from releases/remotes.json on
 * every request, so activating or rolling back a release needs no restart.
 */
const configRemotes: FastifyPluginAsync<{ releasesDir: string }> = async (app, opts) => {
  app.get('/config/remotes', async (_req, reply) => {
    let doc: RemotesDocument;
    try {
      doc = JSON.parse(await readFile(join(opts.releasesDir, 'remotes.json'), 'utf8')) as RemotesDocument;
    } catch {
      return reply.status(503).send({ code: 1100, message: 'No remotes released yet: run npm run build' });
    }
    reply.header('cache-control', 'no-store');
    return { remotes: doc.remotes, updatedAt: doc.updatedAt };
  });
};
export default configRemotes;
