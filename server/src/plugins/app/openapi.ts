import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorBody } from '../../routes/common/schemas';
import { LIST_SDL } from '../../domain/lists/graphql-schema';
import { toOpenApi30 } from './openapi-30';

/** Where integrators read the API: the reference page, its OpenAPI document and the list GraphQL SDL. */
export const DOCS_PREFIX = '/docs/api';

const DESCRIPTION = `Lendline's HTTP API: the customer portal, the backstage and the platform calls.

**Sessions.** Every call except login, refresh, the public key, /tokenApi/getToken and health carries the headers
\`access_token\` and \`sessionId\` of a live session (logout carries \`refresh_token\` instead). The customer portal's
built-in account also sends \`appRefId\`, which opens the one application it was given for.

**Encryption (AES-CBC).** A request body may be sent encrypted as \`{"data": "iv:ciphertext"}\` (hex), keyed by the
first 32 characters of the access token, with a 16-byte random IV; mark it with \`x-lendline-encrypted: aes-cbc\`
(GraphQL bodies are recognised without the marker). Replies of the admin configuration routes come back the same
way with that header. The schemas below describe the plaintext.

**Errors.** Refusals carry the error body \`{code, message, data: [{label, reason}]}\`: 1101 Validation Failed
(HTTP 400, and with 403/404/409 for permission, visibility and stale verNum), 1100 Internal server error (500),
1167 Error while sending back. An application the caller may not open answers exactly like one that does not exist.

**Permissions.** Each operation names the permission code it needs (APPLICATIONS_ACTIONS, MANAGE_DOCUMENT,
TASK_REVIEW_DATE, …) in its description; reads need access to the application (its branch, the team holding its
task, or an ALL_APPLICATIONS_* permission).

**GraphQL.** POST /v3/graphql answers the list queries; the schema (SDL) is at ${DOCS_PREFIX}/schema.graphql.`;

/**
 * OpenAPI 3 from the route schemas (@fastify/swagger collects every route registered after it) and the reference
 * page at /docs/api (@fastify/swagger-ui, its assets served from the package, no CDN). Public: the document holds
 * no data. Registered before the routes.
 */
export default fp(
  async (app) => {
    app.addSchema(ErrorBody);
    // Registered before swagger-ui adds its routes: the reference is readable without a session.
    app.addHook('onRoute', (route) => {
      if (route.url === DOCS_PREFIX || route.url.startsWith(`${DOCS_PREFIX}/`)) route.config = { ...route.config, public: true };
    });
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Lendline API', version: '1.0.0', description: DESCRIPTION },
        components: {
          securitySchemes: {
            access_token: { type: 'apiKey', in: 'header', name: 'access_token' },
            sessionId: { type: 'apiKey', in: 'header', name: 'sessionId' },
            appRefId: { type: 'apiKey', in: 'header', name: 'appRefId', description: 'Customer portal only' },
          },
        },
        security: [{ access_token: [], sessionId: [] }],
      },
      // The document declares 3.0.3 and must validate as such (test/platform-openapi.test.ts runs a standard validator).
      transformObject: (document) => ('openapiObject' in document ? toOpenApi30(document.openapiObject) : document.swaggerObject),
      refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true }, staticCSP: false });
    app.get(`${DOCS_PREFIX}/schema.graphql`, { schema: { hide: true }, config: { public: true } }, async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').send(LIST_SDL.trim() + '\n'));
  },
  { name: 'openapi', dependencies: ['errors'] },
);
