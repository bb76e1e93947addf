import { APPLICATIONS, USERS, api, hasFeature, refusalText, type User } from '@lendline/shared';
import type { AssignPermissions } from '../../../api/table-config';
import { cellValue, rowVersion, type ListRow } from '../../../api/applications-query';

export type AssignKind = 'assign' | 'reassign' | 'self';

/** §6: what the user may do on this list, from the list's permission codes and the user's roles. */
export function assignRights(perms: AssignPermissions | null, roles: readonly string[] | undefined) {
  if (!perms) return { assign: false, reassign: false, self: false };
  const has = (code: string) => hasFeature(roles, code);
  // Assigning to someone includes oneself; *_ASSIGN_SELF alone allows only oneself (server rule).
  return { assign: has(perms.assign), reassign: has(perms.reassign), self: has(perms.assignSelf) || has(perms.assign) };
}

/** Rows an action applies to: assign takes unassigned rows, reassign assigned ones. */
export function rowsFor(kind: AssignKind, rows: ListRow[]): ListRow[] {
  return rows.filter((r) => (kind === 'reassign' ? !!assigneeOf(r) : !assigneeOf(r)));
}

export const assigneeOf = (r: ListRow) => cellValue(r, 'assignedTo') as string | null | undefined;
export const teamOf = (r: ListRow) => cellValue(r, 'assignedTeam') as string | null | undefined;

export interface AssignOutcome {
  row: ListRow;
  ok: boolean;
  reason?: string;
}

/**
 * Assigns (or reassigns) each row in turn with the version it was read at. One row lets the
 * shell's §8 modal explain a refusal; a selection reports each refusal in one summary instead.
 */
export async function assignRows(kind: AssignKind, rows: ListRow[], userName: string): Promise<AssignOutcome[]> {
  const path = APPLICATIONS.action(kind === 'reassign' ? 'reassign' : 'assign');
  const silent = rows.length > 1;
  const out: AssignOutcome[] = [];
  for (const row of rows) {
    try {
      await api.post(path, { application_id: row.application_id, verNum: rowVersion(row), userName }, { silent });
      out.push({ row, ok: true });
    } catch (e) {
      out.push({ row, ok: false, reason: refusalText(e) });
    }
  }
  return out;
}

export interface Assignee {
  userName: string;
  displayName: string;
}

/** Candidates: the members of the rows' team when they share one, otherwise every staff user. */
export async function fetchAssignees(teams: string[]): Promise<Assignee[]> {
  const query = teams.length === 1 ? { team: teams[0] } : undefined;
  const reply = await api.get<{ data: User[] }>(USERS.list, { query });
  return (reply.data ?? [])
    .filter((u) => !u.roles?.includes('CUSTOMER'))
    .map((u) => ({ userName: u.userName, displayName: u.displayName || u.userName }));
}
