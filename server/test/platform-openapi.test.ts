import SwaggerParser from '@apidevtools/swagger-parser';
import type { RouteInput } from '../src/http/route-table';
import { toOpenApi30 } from '../src/plugins/app/openapi-30';
import { testAppWith } from './helpers/test-app';

const t = testAppWith();

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the OpenAPI document is read as loose JSON

/** Routes that are not API operations: the shell, its releases and the reference page itself. */
const NOT_API = (url: string) => url === '/' || url === '/*' || url.startsWith('/releases/') || url.startsWith('/docs/api');

const apiRoutes = (): RouteInput[] => t.app.routeTable.filter((r) => !NOT_API(r.url) && r.method !== 'OPTIONS');

describe('OpenAPI document at /docs/api', () => {
  test('the reference page and its document are served without a session, under the docs CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs/api/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const doc = await t.app.inject({ method: 'GET', url: '/docs/api/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().openapi).toBe('3.0.3');
    const sdl = await t.app.inject({ method: 'GET', url: '/docs/api/schema.graphql' });
    expect(sdl.body).toContain('applications(');
  });

  test('every API route has request and response schemas and is in the document with a summary', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/api/json' })).json() as Json;
    const problems: string[] = [];
    for (const route of apiRoutes()) {
      const where = `${route.method} ${route.url}`;
      const response = route.schema.response as Json | undefined;
      if (!response || !Object.keys(response).some((k) => /^2/.test(k))) problems.push(`${where}: no 2xx response schema`);
      const path = route.url.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{*}');
      const op = doc.paths?.[path]?.[route.method.toLowerCase()];
      if (!op) problems.push(`${where}: missing from the document`);
      else if (!op.summary) problems.push(`${where}: no summary`);
    }
    expect(problems).toEqual([]);
  });

  test('the served document is valid OpenAPI 3.0.3 for a standard validator (@apidevtools/swagger-parser)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/api/json' })).json() as Json;
    // validate() dereferences in place: give it a copy, and let a failure name the offending paths.
    await expect(SwaggerParser.validate(structuredClone(doc) as never).then(() => 'valid')).resolves.toBe('valid');
    // The rewritten forms are there (the amount of a tranche must be above zero, as the route validates it).
    const amount = doc.paths['/integration/disbursementTranche'].post.requestBody.content['application/json'].schema.properties.amount;
    expect(amount).toMatchObject({ minimum: 0, exclusiveMinimum: true });
  });
});

describe('toOpenApi30', () => {
  test('spells draft-07 numeric bounds and tuples as OpenAPI 3.0 does, without touching the input', () => {
    const input = {
      a: { type: 'number', exclusiveMinimum: 0 },
      b: { type: 'number', exclusiveMaximum: 10, maximum: 5 },
      c: { type: 'array', items: [{ type: 'string' }, { type: 'string' }], additionalItems: false, minItems: 2, maxItems: 2 },
      d: { type: 'array', items: [{ type: 'string' }, { type: 'number' }] },
      e: { required: ['items'], properties: { items: { type: 'array', items: { type: 'string' } } } },
    };
    const copy = structuredClone(input);
    expect(toOpenApi30(input)).toEqual({
      a: { type: 'number', minimum: 0, exclusiveMinimum: true },
      b: { type: 'number', maximum: 5 },
      c: { type: 'array', items: { type: 'string' }, minItems: 2, maxItems: 2 },
      d: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } },
      e: { required: ['items'], properties: { items: { type: 'array', items: { type: 'string' } } } },
    });
    expect(input).toEqual(copy);
  });
});
