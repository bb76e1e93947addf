import type { Queryable } from '../../db/db';
import { hasRole, hierarchyTeamIds, isStaff, seesAllBranches, type CurrentUser } from '../current-user';
import { forbidden } from '../errors';
import { visibleBranches } from '../access/visibility';

/**
 * How far a manager sees (issue 18). The sales geography is zone → region → area → branch (geo_branches, 062);
 * a user's §3 attributes name their place in it (zoneIDs, regionIDs, areaIDs, branchList). The business role says
 * which of those lists is the user's own level: an NSM answers for their zones, an RM for regions, an AM for areas,
 * a BH for branches. ADMIN and the ALL_APPLICATIONS_* holders see every branch (the same rule as the lists); any
 * other staff user reaches only the branches of their own hierarchy teams and is not a manager.
 */
export type Level = 'ALL' | 'ZONE' | 'REGION' | 'AREA' | 'BRANCH' | 'OWN';

/** The role that makes a user a manager at a level, broadest first. */
export const MANAGER_ROLES: [role: string, level: Level, attribute: 'zoneIDs' | 'regionIDs' | 'areaIDs' | 'branchList'][] = [
  ['NSM', 'ZONE', 'zoneIDs'],
  ['RM', 'REGION', 'regionIDs'],
  ['AM', 'AREA', 'areaIDs'],
  ['BH', 'BRANCH', 'branchList'],
];

export interface GeoBranch {
  branch_code: string;
  /** The hierarchy team applications.branch holds. */
  team_id: string;
  name: string;
  area_id: string;
  region_id: string;
  zone_id: string;
}

export interface Reach {
  level: Level;
  /** The branches under the user, in code order. */
  branches: GeoBranch[];
}

const attributeList = (user: CurrentUser, key: string): string[] => {
  const v = (user.attributes ?? {})[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
};

export function levelOf(user: CurrentUser): Level {
  if (seesAllBranches(user)) return 'ALL';
  return MANAGER_ROLES.find(([role]) => hasRole(user, role))?.[1] ?? 'OWN';
}

const COLUMN: Record<Exclude<Level, 'ALL' | 'OWN'>, string> = { ZONE: 'zone_id', REGION: 'region_id', AREA: 'area_id', BRANCH: 'branch_code' };

/** The branches a user reaches (a few rows of geo_branches, by index). */
export async function reachOf(q: Queryable, user: CurrentUser): Promise<Reach> {
  if (!isStaff(user)) throw forbidden('user', 'The managers\' view is for staff');
  const level = levelOf(user);
  const cols = 'branch_code, team_id, name, area_id, region_id, zone_id';
  if (level === 'ALL') return { level, branches: (await q.query<GeoBranch>(`SELECT ${cols} FROM geo_branches ORDER BY branch_code`)).rows };
  if (level === 'OWN') {
    const { rows } = await q.query<GeoBranch>(`SELECT ${cols} FROM geo_branches WHERE team_id = ANY($1::text[]) ORDER BY branch_code`, [hierarchyTeamIds(user)]);
    return { level, branches: rows };
  }
  const attribute = MANAGER_ROLES.find(([, l]) => l === level)![2];
  const { rows } = await q.query<GeoBranch>(`SELECT ${cols} FROM geo_branches WHERE ${COLUMN[level]} = ANY($1::text[]) ORDER BY branch_code`, [attributeList(user, attribute)]);
  return { level, branches: rows };
}

/**
 * The branches a manager's dashboards and reports count: their reach, kept to the branches the one visibility rule
 * gives them (access/visibility.ts `visibleBranches`), so a figure never counts an application the lists would not
 * show them (nor a drill-down lead to a row that opens as 404). The reach (role and geography) still says which of those
 * a manager chooses from; a branch in the geography but not in the rule is left out.
 */
export async function reportingReach(q: Queryable, user: CurrentUser): Promise<Reach> {
  const reach = await reachOf(q, user);
  const visible = visibleBranches(user);
  return visible ? { ...reach, branches: reach.branches.filter((b) => visible.includes(b.team_id)) } : reach;
}

/** The hierarchy calls (NSM lists, reportees, targets of others) are for managers: a level above OWN. */
export async function managerReach(q: Queryable, user: CurrentUser): Promise<Reach> {
  const reach = await reachOf(q, user);
  if (reach.level === 'OWN') throw forbidden('user', 'Only managers (NSM, RM, AM, BH, ALL_APPLICATIONS_* holders or ADMIN) see the hierarchy');
  return reach;
}

export interface GeoNarrowing {
  zoneIDs?: string[];
  regionIDs?: string[];
  areaIDs?: string[];
  branchList?: string[];
}

/**
 * The reach narrowed by the groups a request names: a branch stays when it lies in every named kind of group
 * (zones AND regions AND …, any of each). Groups outside the reach narrow to nothing; they reveal nothing either.
 */
export function narrow(reach: Reach, by: GeoNarrowing): GeoBranch[] {
  const keep = (list: string[] | undefined, v: string) => !list?.length || list.includes(v);
  return reach.branches.filter(
    (b) => keep(by.zoneIDs, b.zone_id) && keep(by.regionIDs, b.region_id) && keep(by.areaIDs, b.area_id) && keep(by.branchList, b.branch_code),
  );
}
