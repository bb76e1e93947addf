import { LIST_TYPES, type ListType } from '@lendline/shared/contract';
import { isStaff, teamIds, type CurrentUser } from '../current-user';
import { visibleSql } from '../access/visibility';
import { forbidden, refused } from '../errors';
import type { Sql } from './sql';

export function parseListType(v: unknown, fallback: ListType = 'ALL_APPLICATIONS'): ListType {
  if (v == null || v === '') return fallback;
  if (typeof v !== 'string' || !(LIST_TYPES as readonly string[]).includes(v)) throw refused('queryType', `Unknown list type "${String(v).slice(0, 40)}"; one of ${LIST_TYPES.join(', ')}`);
  return v as ListType;
}

/** Rejected and cancelled lists always show their status, whatever the input asks. */
export const FORCED_STATUS: Partial<Record<ListType, string>> = { REJECTED: 'REJECTED', CANCELLED: 'CANCELLED' };

/**
 * Who sees what (§2 list types, §6): team lists and leads show the current tasks of the user's
 * teams; "my" lists what is assigned to the user (queries and approvals through their open
 * sub-tasks, to the user or unassigned in one of their teams); all / rejected / cancelled show what the one
 * visibility rule (domain/access/visibility.ts) lets the user open. Every list is also bounded by that rule, so no
 * list shows a row its reader may not open (a sub-task holder whose team no longer holds the task, say).
 */
export function visibility(sql: Sql, user: CurrentUser, type: ListType): string[] {
  if (!isStaff(user)) throw forbidden('queryType', 'Application lists are for staff');
  const scope = listScope(sql, user, type);
  const seen = SUBSET_LISTS.has(type) ? null : visibleSql((v) => sql.param(v), user);
  return seen ? [...scope, seen] : scope;
}

/** Team and "my" lists are subsets of the rule by construction (their team / their name is one of its clauses). */
const SUBSET_LISTS = new Set<ListType>(['TEAM_APPLICATIONS', 'TEAM_LEADS', 'MY_APPLICATIONS', 'MY_LEADS']);

function listScope(sql: Sql, user: CurrentUser, type: ListType): string[] {
  const me = () => sql.param(user.userName);
  const teams = () => sql.param(teamIds(user));
  switch (type) {
    case 'TEAM_APPLICATIONS':
    case 'TEAM_LEADS':
      return [`assigned_team = ANY(${teams()}::text[])`, `application_type = '${type === 'TEAM_LEADS' ? 'LEAD' : 'APPLICATION'}'`];
    case 'MY_APPLICATIONS':
    case 'MY_LEADS':
      return [`assigned_to = ${me()}`, `application_type = '${type === 'MY_LEADS' ? 'LEAD' : 'APPLICATION'}'`];
    case 'MY_QUERIES':
    case 'MY_APPROVALS': {
      // Holders of open sub-tasks, kept on the row by the sub_tasks trigger (011): the user, or one
      // of their teams while the sub-task is unassigned there.
      const holders = [user.userName, ...teamIds(user).map((t) => `team:${t}`)];
      // "<> '{}'" is the predicate of the partial indexes of 015: a walk over the few rows that have any.
      const column = type === 'MY_QUERIES' ? 'query_holders' : 'approval_holders';
      return [`${column} <> '{}'`, `${column} && ${sql.param(holders)}::text[]`];
    }
    default:
      return [];
  }
}
