/** Role and feature checks of §6, over the roles list of the logged-in user. */
type Roles = readonly string[] | null | undefined;

export const ROLE = {
  NOTIFICATION: 'NOTIFICATION',
  DEVELOPER: 'DEVELOPER',
  DEBUGGER: 'DEBUGGER',
  APPLICATIONS_ACTIONS: 'APPLICATIONS_ACTIONS',
  TASK_REVIEW_DATE: 'TASK_REVIEW_DATE',
  MANAGE_DOCUMENT: 'MANAGE_DOCUMENT',
  /** Completes a step without its mandatory validations (COMPLETE): an override, with a reason, audited. */
  COMPLETE_WITHOUT_VALIDATIONS: 'COMPLETE_WITHOUT_VALIDATIONS',
} as const;

/** A feature check passes if the roles include the named role; an empty name always passes. */
export function hasFeature(roles: Roles, feature: string | null | undefined): boolean {
  if (!feature) return true;
  return !!roles?.includes(feature);
}

export function canSeeNotifications(roles: Roles): boolean {
  return hasFeature(roles, ROLE.NOTIFICATION);
}

/** DEVELOPER and DEBUGGER are mutually exclusive flags; when a user has both, developer wins. */
export function debugRoleOf(roles: Roles): 'DEVELOPER' | 'DEBUGGER' | null {
  if (hasFeature(roles, ROLE.DEVELOPER)) return 'DEVELOPER';
  if (hasFeature(roles, ROLE.DEBUGGER)) return 'DEBUGGER';
  return null;
}
export const isDeveloper = (roles: Roles) => debugRoleOf(roles) === 'DEVELOPER';
export const isDebugger = (roles: Roles) => debugRoleOf(roles) === 'DEBUGGER';

/** "Application access only" ⇔ the roles do not include APPLICATIONS_ACTIONS (docs/identity.md). */
export function hasApplicationAccessOnly(roles: Roles): boolean {
  return !hasFeature(roles, ROLE.APPLICATIONS_ACTIONS);
}
