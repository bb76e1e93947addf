import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export interface StaticOptions {
  shellDir: string;
  releasesDir: string;
}

const API_PREFIXES = ['/v3/', '/backstage/get', '/api/', '/setup/', '/config/', '/app/', '/platform/', '/releases/', '/queries/', '/validations/', '/tokenApi/', '/user/', '/workFlowExecution/', '/calculations/', '/upload/', '/pdfgenerate/', '/socket.io/'];

/**
 * Serves the built shell at / (with the SPA fallback: any other GET that wants HTML gets
 * index.html, so deep links work) and each remote release under /releases/<remote>/<version>/.
 * Everything else that matches nothing answers a JSON 404.
 */
export default fp<StaticOptions>(
  async (app, opts) => {
    const hasShell = existsSync(join(opts.shellDir, 'index.html'));
    if (hasShell) {
      await app.register(fastifyStatic, {
        root: opts.shellDir,
        prefix: '/',
        index: false,
        setHeaders(res, path) {
          // index.html and the entry must never be stale; hashed chunks can be cached for good.
          if (/\.[0-9a-f]{8,}\./.test(path)) res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }
    await app.register(fastifyStatic, {
      root: opts.releasesDir,
      prefix: '/releases/',
      decorateReply: !hasShell,
      setHeaders(res, path) {
        if (/mf-manifest\.json$|remoteEntry\.js$/.test(path)) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

    const sendShell = (reply: import('fastify').FastifyReply) =>
      reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html', opts.shellDir);
    if (hasShell) app.get('/', (_req, reply) => sendShell(reply));

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (hasShell && wantsHtml && !API_PREFIXES.some((p) => path.startsWith(p)) && !/\.[a-z0-9]+$/i.test(path)) {
        return sendShell(reply);
      }
      return reply.status(404).send({ code: 404, message: `Route ${request.method} ${path} not found` });
    });
  },
  { name: 'static' },
);
