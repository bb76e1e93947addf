import type { ApplicationRow } from '../applications/row';
import { hierarchyTeamIds, seesAllBranches, teamIds, type CurrentUser } from '../current-user';

/**
 * Who may see an application, written once (issue 33). A staff user sees an application when
 *   - they hold ADMIN or an ALL_APPLICATIONS_* permission (§6: the "all applications" assigners), or
 *   - its branch is one of their _HIERARCHY teams (the branch's own staff), or
 *   - its current task is assigned to one of their teams (hierarchy or department: the team that must work it), or
 *   - its current task is assigned to them.
 * A bank can defend each clause by a duty: the branch answers for its book, a team for the work it holds, a person
 * for what is in their hands. Only hierarchy teams count for the branch, because branch values are hierarchy team
 * ids; a department team (CREDIT, OPS) reaches an application only while it holds the work.
 *
 * The predicate (`sees`) answers for one loaded row (the access rule of every route, recipients, approvers);
 * the SQL fragment (`visibleSql`) is the same rule for lists, search, export, GraphQL lists and the inbox, so
 * "appears in a list" ⇔ "may be opened" (server/test/visibility-property.test.ts checks it for generated users).
 */
export type VisibleRow = Pick<ApplicationRow, 'branch' | 'assigned_team' | 'assigned_to'>;

export function sees(app: VisibleRow, user: CurrentUser): boolean {
  if (seesAllBranches(user)) return true;
  return (
    (app.branch != null && hierarchyTeamIds(user).includes(app.branch)) ||
    (app.assigned_team != null && teamIds(user).includes(app.assigned_team)) ||
    (app.assigned_to != null && app.assigned_to === user.userName)
  );
}

/**
 * The same rule as a WHERE fragment over an applications row (`alias.` prefixed when given), or null when the user
 * sees every application. `param` binds a value and returns its placeholder (lists' Sql.param, or a local one), so
 * the fragment never carries user text.
 */
export function visibleSql(param: (v: unknown) => string, user: CurrentUser, alias = ''): string | null {
  if (seesAllBranches(user)) return null;
  const col = (c: string) => (alias ? `${alias}.${c}` : c);
  // Three columns, each with its own (status, column, …) index (010, 016): the planner can walk or BitmapOr them.
  return `(${col('branch')} = ANY(${param(hierarchyTeamIds(user))}::text[]) OR ${col('assigned_team')} = ANY(${param(teamIds(user))}::text[]) OR ${col('assigned_to')} = ${param(user.userName)})`;
}

/**
 * The rule's branch clause alone: the branches whose whole book the user sees, or null for every branch. What the
 * managers' dashboards and reports count (their figures are kept per branch, in the count tables): a manager's
 * figures are the applications of the branches the lists show them whole, never a branch the rule does not give them.
 * The team and assignee clauses are not per branch (work a team holds elsewhere); the lists and the inbox show it.
 */
export function visibleBranches(user: CurrentUser): string[] | null {
  return seesAllBranches(user) ? null : hierarchyTeamIds(user);
}
