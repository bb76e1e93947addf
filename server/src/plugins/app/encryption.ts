import fp from 'fastify-plugin';
import { AES_HEADER, AES_HEADER_VALUE, aesDecrypt, aesEncrypt, DecryptError } from '../../crypto/aes';
import { isEncryptedAdminResponse } from '../../crypto/admin-encryption';
import { validationFailed } from '../../domain/errors';
import { assertCleanInput } from '../../http/input-guard';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Force (true) or forbid (false) encryption of this route's 200 responses; default: §7 admin rule. */
    encryptResponse?: boolean;
    /**
     * 'always-when-data': a body that is only `{ data: "<string>" }` (no query) is the encrypted form even without
     * the marker header — §7 says GraphQL bodies are sent as {data}, and a client written from it sends no marker.
     */
    encryptedBody?: 'always-when-data';
  }
}

/**
 * AES-CBC of §9 both ways, keyed by the caller's access token:
 * - a request marked `x-lendline-encrypted: aes-cbc` carries `{ data: "iv:ciphertext" }` whose
 *   plaintext is the JSON body; it is decrypted before schema validation (any route accepts it). A route with
 *   config.encryptedBody 'always-when-data' (POST /v3/graphql) takes such a body unmarked too;
 * - 200 JSON responses of admin routes (and of routes that opt in) are sent as `{ data }` with the
 *   same header. A body that does not decrypt answers 400/1101.
 */
export default fp<{ adminApiEncryption: boolean }>(
  async (app, opts) => {
    app.addHook('preValidation', async (request) => {
      const body: unknown = request.body;
      const data: unknown = body && typeof body === 'object' ? Reflect.get(body, 'data') : undefined;
      const marked = request.headers[AES_HEADER] === AES_HEADER_VALUE;
      const bareData = request.routeOptions.config.encryptedBody === 'always-when-data' && typeof data === 'string' && Reflect.get(Object(body), 'query') === undefined;
      if (!marked && !bareData) return;
      if (!request.accessToken) throw validationFailed([{ label: 'data', reason: 'cannot be decrypted without a session' }]);
      if (typeof data !== 'string') throw validationFailed([{ label: 'data', reason: 'must be an encrypted string' }]);
      try {
        request.body = JSON.parse(aesDecrypt(data, request.accessToken));
      } catch (e) {
        throw validationFailed([{ label: 'data', reason: e instanceof DecryptError ? e.message : 'is not JSON once decrypted' }]);
      }
    });
    // Every route's input, once the body is what the route will see (decrypted) and before schemas or handlers run:
    // no NUL or invalid Unicode, no "__proto__" keys, no absurd nesting (http/input-guard.ts). Here rather than
    // in the errors plugin because a hook there would run before the decryption above.
    app.addHook('preValidation', async (request) => assertCleanInput(request));

    app.addHook('onSend', async (request, reply, payload) => {
      const token = request.accessToken;
      if (!token || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const wanted = request.routeOptions.config.encryptResponse ?? (opts.adminApiEncryption && isEncryptedAdminResponse(request.url));
      if (!wanted || !String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
      reply.header(AES_HEADER, AES_HEADER_VALUE);
      return JSON.stringify({ data: aesEncrypt(payload, token) });
    });
  },
  { name: 'encryption', dependencies: ['auth'] },
);
