import { LIST_TYPES, type ListType } from '@lendline/shared';

/** URL segment of each §2 list page: /backstage/lists/<slug>. */
export const LIST_SLUGS: Record<ListType, string> = {
  TEAM_APPLICATIONS: 'team-applications',
  TEAM_LEADS: 'team-leads',
  MY_APPLICATIONS: 'my-applications',
  MY_LEADS: 'my-leads',
  MY_QUERIES: 'my-queries',
  MY_APPROVALS: 'my-approvals',
  ALL_APPLICATIONS: 'all-applications',
  REJECTED: 'rejected',
  CANCELLED: 'cancelled',
};

/** Labels shown before the table config (which carries the server's title) has loaded. */
export const LIST_LABELS: Record<ListType, string> = {
  TEAM_APPLICATIONS: 'Team applications',
  TEAM_LEADS: 'Team leads',
  MY_APPLICATIONS: 'My applications',
  MY_LEADS: 'My leads',
  MY_QUERIES: 'My queries',
  MY_APPROVALS: 'My approvals',
  ALL_APPLICATIONS: 'All applications',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const LIST_BASE = '/backstage/lists';

export function listPath(type: ListType): string {
  return `${LIST_BASE}/${LIST_SLUGS[type]}`;
}

export function listTypeOfSlug(slug: string | undefined): ListType | null {
  if (!slug) return null;
  return LIST_TYPES.find((t) => LIST_SLUGS[t] === slug) ?? null;
}

/** i18n key of a list's label (additive keys under areas.applications.lists). */
export const listLabelKey = (type: ListType) => `areas.applications.lists.${type}`;
