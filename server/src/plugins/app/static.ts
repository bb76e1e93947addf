import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createBootPage } from '../../http/boot-page';
import { createFirstPaint } from '../../http/first-paint';
import { styleNonces } from './security-headers';
import { randomBytes } from 'node:crypto';
import { productsSummaryCached } from '../../domain/portal/products-summary';
import { encodeBody, pickEncoding } from '../../http/content-encoding';
import { I18N_DIR } from '../../i18n/dictionaries';
import { configuredNamesCached } from '../../domain/config/display-names';

export interface StaticOptions {
  shellDir: string;
  releasesDir: string;
}

const API_PREFIXES = ['/v3/', '/backstage/get', '/api/', '/setup/', '/config/', '/app/', '/platform/', '/releases/', '/queries/', '/validations/', '/tokenApi/', '/user/', '/workFlowExecution/', '/calculations/', '/upload/', '/pdfgenerate/', '/socket.io/'];

/** Replies below this size go out as they are: compressing them saves less than a packet. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** Text replies (JSON, HTML, JS, SVG…); binaries such as PDFs or images are compressed already. */
const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|^application\/(?:[\w.+-]*\+)?(?:json|xml|javascript)(?:;|$)|^image\/svg\+xml/;

/** The file a static reply was made from, without the .br/.gz of the precompressed copy sent instead. */
const sourceFile = (path: string) => path.replace(/\.(br|gz)$/, '');

/**
 * Serves the built shell at / (with the SPA fallback: any other GET that wants HTML gets the shell's
 * page, so deep links work) and each remote release under /releases/<remote>/<version>/.
 * Everything else that matches nothing answers a JSON 404.
 *
 * Compression (docs/ARCHITECTURE.md, Boot and compression): static files go out as the .br/.gz copy
 * the build wrote beside them, chosen by Accept-Encoding (Vary: accept-encoding); every route
 * registered after this plugin compresses text replies above 1 KB on the fly, after the encryption
 * hook, so encrypted bodies are compressed too. Request bodies are not decompressed.
 */
export default fp<StaticOptions>(
  async (app, opts) => {
    await app.register(fastifyCompress, {
      global: true,
      globalDecompression: false,
      threshold: COMPRESS_THRESHOLD_BYTES,
      encodings: ['br', 'gzip'],
      customTypes: COMPRESSIBLE_TYPES,
    });

    const hasShell = existsSync(join(opts.shellDir, 'index.html'));
    if (hasShell) {
      await app.register(fastifyStatic, {
        root: opts.shellDir,
        prefix: '/',
        index: false,
        preCompressed: true,
        setHeaders(res, path) {
          // The page and the entry must never be stale; hashed chunks can be cached for good.
          if (/\.[0-9a-f]{8,}\./.test(sourceFile(path))) res.header('cache-control', 'public, max-age=31536000, immutable');
          else res.header('cache-control', 'no-cache');
        },
      });
    }
    await app.register(fastifyStatic, {
      root: opts.releasesDir,
      prefix: '/releases/',
      decorateReply: !hasShell,
      preCompressed: true,
      setHeaders(res, path) {
        if (/mf-manifest\.json$|remoteEntry\.js$/.test(sourceFile(path))) res.header('cache-control', 'no-cache');
        else res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });

    // The login and landing pages painted from HTML (issue 31): the landing page's products are the summary's (a read
    // at most 5 s old: it was most of the page's answer time).
    const firstPaint = createFirstPaint({ shellDir: opts.shellDir, releasesDir: opts.releasesDir, products: (lang) => productsSummaryCached(app.db, lang), log: app.log });
    const bootPage = createBootPage({ shellDir: opts.shellDir, releasesDir: opts.releasesDir, i18nDir: I18N_DIR, firstPaint, configNames: (lang) => configuredNamesCached(app.db, lang) });
    async function sendShell(request: FastifyRequest, reply: FastifyReply) {
      const [pathname, query] = request.url.split('?');
      // The page's style nonce (security-headers.ts): react-aria's own <style> elements carry it.
      const nonce = randomBytes(16).toString('base64');
      styleNonces.set(request.raw, nonce);
      const html = await bootPage(pathname, query ? `?${query}` : '', nonce);
      if (html === null) return reply.status(404).send({ code: 404, message: 'The shell is not built: run npm run build' });
      reply.header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
      const encoding = pickEncoding(request.headers['accept-encoding']);
      return encoding ? reply.header('content-encoding', encoding).send(encodeBody(html, encoding)) : reply.send(html);
    }
    if (hasShell) app.get('/', sendShell);

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0];
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (hasShell && wantsHtml && !API_PREFIXES.some((p) => path.startsWith(p)) && !/\.[a-z0-9]+$/i.test(path)) {
        return sendShell(request, reply);
      }
      return reply.status(404).send({ code: 404, message: `Route ${request.method} ${path} not found` });
    });
  },
  { name: 'static' },
);
