import fp from 'fastify-plugin';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { hasRole, isStaff } from '../../domain/current-user';
import { applicationNotFound, permissionMissing, staffOnly } from '../../domain/errors';
import { staffSees } from '../../domain/applications/access';
import { loadApplication, type ApplicationRow } from '../../domain/applications/row';
import { APP_REF_HEADER, assertCustomerHolds, heldParty, notYours, resolveAppRef } from '../../domain/portal/customer-access';

/**
 * What a staff caller needs (§6): 'read' = may open the application; otherwise that permission code as well.
 * Customers never need a permission: their appRefId (or the request's own credential) is what opens it.
 */
export type ApplicationPermission = 'read' | 'APPLICATIONS_ACTIONS' | 'MANAGE_DOCUMENT';

export interface ApplicationRule {
  /** The application this request names; undefined when it names none (a create through the same route). */
  id: (request: FastifyRequest) => string | undefined;
  permission: ApplicationPermission;
  /**
   * Whether the customer account may call it: 'appRef' = only with that application's appRefId header;
   * 'credential' = the body carries its own proof of possession the handler checks (an e-mail link's verification
   * id), so no appRefId is needed. Absent: staff only.
   */
  customer?: 'appRef' | 'credential';
  /**
   * Whether an appRefId limited to one co-applicant or guarantor (their link, issue 28) may call it: 'own' = only for
   * that applicant (the input's applicantId, body or query, must be theirs); 'view' = the handler answers only that
   * party's part (domain/portal/parties.ts partyView). Absent: such a reference is refused (403 'not yours').
   */
  party?: 'own' | 'view';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Every route that names an application declares how it is opened; 'none' says deliberately that a route whose
     * schema has an application id field does not (say why next to it). Checked at start-up: see below.
     */
    application?: ApplicationRule | 'none';
  }
  interface FastifyRequest {
    /** The application the route names, loaded once by the access check (null when it names none). */
    application: ApplicationRow | null;
  }
  interface FastifyInstance {
    /** Every route that names an application, with its rule: what the authorization matrix test walks. */
    applicationRoutes: DeclaredRoute[];
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  rule: ApplicationRule | 'none';
}

/** The applicant a request acts for: applicantId in its body or query string. */
function applicantIdOf(request: FastifyRequest): string | undefined {
  for (const part of [request.body, request.query]) {
    const v: unknown = part && typeof part === 'object' ? Reflect.get(part, 'applicantId') : undefined;
    if (typeof v === 'string') return v;
  }
  return undefined;
}

const ID_FIELDS = ['application_id', 'app_id', 'applicationId'];

/** Fields of a route's input that name an application (params, querystring and body, through unions). */
export function applicationFields(url: string, schema: RouteOptions['schema']): string[] {
  const found = new Set<string>();
  const walk = (part: string, s: unknown, depth = 0): void => {
    if (!s || typeof s !== 'object' || depth > 4) return;
    const o = s as { properties?: Record<string, unknown>; anyOf?: unknown[]; oneOf?: unknown[]; allOf?: unknown[] };
    for (const key of Object.keys(o.properties ?? {})) {
      if (ID_FIELDS.includes(key) || (part === 'params' && key === 'id' && url.startsWith('/v3/application/'))) found.add(`${part}.${key}`);
    }
    for (const branch of [...(o.anyOf ?? []), ...(o.oneOf ?? []), ...(o.allOf ?? [])]) walk(part, branch, depth + 1);
  };
  for (const part of ['params', 'querystring', 'body'] as const) walk(part, (schema as Record<string, unknown> | undefined)?.[part]);
  return [...found];
}

/**
 * Authorization of every route that touches an application, in one place (docs/ARCHITECTURE.md, Authorization):
 * after authentication, decryption and schema validation, a route's `config.application` rule is applied before
 * its handler runs —
 * - staff: the §6 permission first (from the roles alone, so the answer is the same for any id: 403), then the
 *   application is loaded and must be one they may open (domain/applications/access.ts staffSees), else the same
 *   404 as for an application that does not exist;
 * - the customer account: refused on staff-only routes; otherwise only the application whose appRefId it sends
 *   (403 'This application is not yours', whatever the id).
 * The loaded row is left on request.application for the handler. At start-up, a route whose input names an
 * application but declares no rule makes buildApp fail, so a new route cannot forget the check.
 */
export default fp(
  async (app) => {
    const declared: DeclaredRoute[] = [];
    app.decorate('applicationRoutes', declared);
    app.decorateRequest('application', null);

    app.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method);
      if (methods.every((m) => m === 'HEAD')) return; // Fastify's automatic HEAD twin of a GET
      const rule = route.config?.application;
      if (rule) {
        for (const method of methods) declared.push({ method, url: route.url, rule });
        return;
      }
      if (route.config?.public) return; // callable without a session: it names no application anyone may open
      const fields = applicationFields(route.url, route.schema);
      if (fields.length) {
        throw new Error(
          `${methods.join(',')} ${route.url} takes ${fields.join(', ')} but declares no config.application: ` +
            `say how the application is opened (plugins/app/application-access.ts), or application: 'none' with why.`,
        );
      }
    });

    app.addHook('preHandler', async (request) => {
      const user = request.user;
      // Customers: the appRefId header is resolved on every request, for reads that check it later (GraphQL).
      if (user && !isStaff(user)) await resolveAppRef(app.db, user, request.headers[APP_REF_HEADER.toLowerCase()]);
      const rule = request.routeOptions.config.application;
      if (!rule || rule === 'none' || !user) return;
      const id = rule.id(request);
      if (isStaff(user)) {
        if (rule.permission !== 'read' && !hasRole(user, rule.permission)) throw permissionMissing(rule.permission);
        if (id === undefined) return;
        const row = await loadApplication(app.db, id);
        if (!row || !staffSees(row, user)) throw applicationNotFound();
        request.application = row;
        return;
      }
      if (!rule.customer) throw staffOnly();
      if (id === undefined || rule.customer === 'credential') return;
      assertCustomerHolds(user, id, 'checked');
      const party = heldParty(user);
      if (party && !(rule.party === 'view' || (rule.party === 'own' && applicantIdOf(request) === party))) throw notYours();
      const row = await loadApplication(app.db, id);
      if (!row) throw applicationNotFound();
      request.application = row;
    });
  },
  { name: 'application-access', dependencies: ['auth', 'encryption'] },
);
