import { hasFeature, type ListType } from '@lendline/shared';

/**
 * The list /backstage opens when the user has not chosen one: where their work usually is — all
 * applications for ALL_APPLICATIONS_* holders, the team list for team supervisors, else their own.
 */
export function defaultListFor(roles: readonly string[] | undefined, chosen?: ListType): ListType {
  if (chosen) return chosen;
  if (hasFeature(roles, 'ALL_APPLICATIONS_ASSIGN') || hasFeature(roles, 'ALL_APPLICATIONS_REASSIGN')) return 'ALL_APPLICATIONS';
  if (hasFeature(roles, 'TEAM_APPLICATIONS_ASSIGN') || hasFeature(roles, 'TEAM_APPLICATIONS_REASSIGN')) return 'TEAM_APPLICATIONS';
  return 'MY_APPLICATIONS';
}
