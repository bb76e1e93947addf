import type { FastifyContextConfig, FastifySchema } from 'fastify';

/** What a route's schema holds besides its documentation: its inputs and its response schemas. */
type RouteIo = Omit<FastifySchema, 'summary' | 'description' | 'tags'>;

/**
 * The declaration shape every route area repeated: `{ config, schema: { summary, description, tags, …inputs, response } }`.
 * Each area has its declarer below, its OpenAPI tag bound once (`route.queries(…)`); a route names, in order, its config
 * (the application rule `{ application: actRule(…) }`, `{ public: true }`… or null for none), its summary, its
 * description and its input and response schemas. The result is the route options object Fastify took before, so the
 * TypeBox type provider still types the handler from the schemas, the application-access plugin still applies the
 * one authorization rule from config.application, and the §8 error replies are the ones the route lists.
 */
const routeOf =
  (tag: string) =>
  <S extends RouteIo>(config: FastifyContextConfig | null, summary: string, description: string, io: S) => ({
    config: config ?? {},
    schema: { summary, description, tags: [tag], ...io },
  });

/** Each area's declarer, by the OpenAPI tag its routes are published under (cooling-off's customer routes: portal). */
export const route = {
  approvals: routeOf('approvals'),
  backstage: routeOf('backstage'),
  credit: routeOf('credit'),
  documents: routeOf('documents'),
  identity: routeOf('identity'),
  leads: routeOf('leads'),
  managers: routeOf('managers'),
  notifications: routeOf('notifications'),
  platform: routeOf('platform'),
  portal: routeOf('portal'),
  pricing: routeOf('pricing'),
  queries: routeOf('queries'),
  tasks: routeOf('tasks'),
  video: routeOf('video'),
};
