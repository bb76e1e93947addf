/**
 * The caller of a request, as the auth hook resolves it from the session (docs/identity.md) and leaves it on
 * request.user. The one user type of the server: domain services take it as a parameter, so they are testable
 * without HTTP (plugins/app/auth.ts currentUser() is the one place that answers 401 when there is none).
 */
export interface CurrentUser {
  userId: string;
  userName: string;
  displayName?: string;
  roles: string[];
  teams: { id: string; name?: string; type: string }[];
  attributes?: Record<string, unknown>;
  /** Teams the user chose to work in (POST /v3/users/update_selected_teams). */
  selectedTeams?: string[];
  /** STAFF, or the built-in customer account of the portal (§6). */
  kind?: 'STAFF' | 'CUSTOMER';
  sessionId?: string;
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
