import type { FastifyRequest } from 'fastify';
import { HttpError } from '../plugins/app/errors';

/**
 * The caller as the identity plugin decorates it (docs/identity.md: request.user). Domain services
 * take it as a parameter so they are testable without HTTP.
 */
export interface CurrentUser {
  userId: string;
  userName: string;
  displayName?: string;
  roles: string[];
  teams: { id: string; name?: string; type: string }[];
  attributes?: Record<string, unknown>;
}

export function currentUser(request: FastifyRequest): CurrentUser {
  const user = (request as unknown as { user?: CurrentUser }).user;
  if (!user) throw new HttpError(401, { code: 401, message: 'Unauthorized' });
  return user;
}

export const hasRole = (u: CurrentUser, role: string) => u.roles.includes(role);
export const teamIds = (u: CurrentUser) => u.teams.map((t) => t.id);
export const hierarchyTeamIds = (u: CurrentUser) => u.teams.filter((t) => t.type === '_HIERARCHY').map((t) => t.id);
/** §6 / docs/identity.md: "application access only" ⇔ no APPLICATIONS_ACTIONS role. */
export const mayAct = (u: CurrentUser) => hasRole(u, 'APPLICATIONS_ACTIONS');
/** Sees every branch: the ALL_APPLICATIONS_* holders and admins. */
export const seesAllBranches = (u: CurrentUser) =>
  hasRole(u, 'ADMIN') || ['ALL_APPLICATIONS_ASSIGN', 'ALL_APPLICATIONS_REASSIGN', 'ALL_APPLICATIONS_ASSIGN_SELF'].some((r) => hasRole(u, r));
/** The built-in customer account (role CUSTOMER, kind CUSTOMER) never sees the backstage. */
export const isStaff = (u: CurrentUser & { kind?: string }) => !hasRole(u, 'CUSTOMER') && u.kind !== 'CUSTOMER';
