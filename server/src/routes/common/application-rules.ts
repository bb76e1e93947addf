import type { FastifyRequest } from 'fastify';
import type { ApplicationRule } from '../../plugins/app/application-access';
import type { ApplicationRow } from '../../domain/applications/row';

/**
 * How a route declares which application it names and the rule that opens it (plugins/app/application-access.ts
 * applies it before the handler): shared by every area whose routes name an application.
 */

/** Where a route finds the application it names: a string field of the (validated) body, query or params. */
export const applicationIdIn =
  (part: 'body' | 'query' | 'params', field: string) =>
  (request: FastifyRequest): string | undefined => {
    const input: unknown = request[part];
    if (!input || typeof input !== 'object') return undefined;
    const value: unknown = Reflect.get(input, field);
    return typeof value === 'string' ? value : undefined;
  };

/** Reads: staff who may open it, the customer with its appRefId (plugins/app/application-access.ts). */
export const readRule = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'read', customer: 'appRef' });
/** Backstage writes: staff with APPLICATIONS_ACTIONS who may open it; never the customer account. */
export const actRule = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'APPLICATIONS_ACTIONS' });

/** The application the access rule loaded for this request (every route using this declares a rule with an id). */
export function loadedApplication(request: FastifyRequest): ApplicationRow {
  if (!request.application) throw new Error(`${request.routeOptions.url}: no application loaded; its config.application rule names none`);
  return request.application;
}

/** Staff reads: staff who may open the application; the customer account gets the staff-only refusal. */
export const staffReadRule = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'read' });
