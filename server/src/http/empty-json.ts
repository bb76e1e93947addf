import type { FastifyInstance } from 'fastify';
import { validationFailed } from '../domain/errors';

/**
 * The shared HTTP client sends `Content-Type: application/json` on every POST (§7), also on calls
 * without a payload (logout, getToken). Fastify refuses an empty JSON body; within the calling
 * plugin's context this parser reads an empty body as no body instead.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      // Like Fastify's own parser: a "__proto__" key must never reach a handler.
      done(null, JSON.parse(text, (key, value) => (key === '__proto__' ? undefined : value)));
    } catch (e) {
      done(validationFailed([{ label: 'body', reason: `is not valid JSON (${(e as Error).message})` }]), undefined);
    }
  });
}
