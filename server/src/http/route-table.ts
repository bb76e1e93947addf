import type { FastifyInstance, FastifySchema } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route with its schemas, in registration order: what the property-based fuzz test
     * (test/security-fuzz.test.ts) derives its requests from, so a new route is fuzzed without being listed,
     * and what the OpenAPI completeness test (test/platform-openapi.test.ts) walks.
     */
    routeTable: RouteInput[];
  }
}

export interface RouteInput {
  method: string;
  url: string;
  schema: Pick<FastifySchema, 'params' | 'querystring' | 'body' | 'response'>;
  public: boolean;
}

/** Records the routes registered after this call (an onRoute hook on the root instance sees every plugin's). */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteInput[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const schema = route.schema ?? {};
    for (const method of ([] as string[]).concat(route.method)) {
      if (method === 'HEAD') continue; // Fastify's twin of each GET: the same handler
      table.push({ method, url: route.url, schema: { params: schema.params, querystring: schema.querystring, body: schema.body, response: schema.response }, public: route.config?.public === true });
    }
  });
}
