import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { staffSees } from '../applications/access';
import { listUsers } from '../users/users';

/**
 * Who decides when a level has nobody but the maker (issue 24: "a deviation raised by the only branch head cannot be
 * decided by anyone", a tranche requested in a branch whose only releaser requested it). The management hierarchy
 * (domain/managers/reach.ts MANAGER_ROLES), narrowest first, and the administrator last: the item goes to the first
 * level above the blocked role that has an eligible user, so it never waits forever.
 */
export const ESCALATION_ROLES: { role: string; name: string }[] = [
  { role: 'BCM', name: 'Branch credit manager' },
  { role: 'BH', name: 'Branch head' },
  { role: 'AM', name: 'Area manager' },
  { role: 'RM', name: 'Regional manager' },
  { role: 'NSM', name: 'National sales manager' },
  { role: 'ADMIN', name: 'Administrator' },
];

type AppSeen = Pick<ApplicationRow, 'branch' | 'assigned_team' | 'assigned_to'>;

/** Enabled staff with `role` and APPLICATIONS_ACTIONS who may open the application and are not among `makers`, by name. */
export async function eligibleUsers(q: Queryable, app: AppSeen, role: string, makers: string[]): Promise<string[]> {
  const users = await listUsers(q, { role });
  return users
    .filter((u) => u.roles.includes('APPLICATIONS_ACTIONS') && !makers.includes(u.userName) && staffSees(app, u))
    .map((u) => u.userName);
}

/**
 * The level above `role` that can decide instead: its role, its name and the first eligible user of it (by name, so
 * the choice is the same every time; that user may forward it). null only when not even an administrator other than
 * the makers exists.
 */
export async function escalationTarget(q: Queryable, app: AppSeen, role: string, makers: string[]): Promise<{ role: string; name: string; userName: string } | null> {
  const from = ESCALATION_ROLES.findIndex((l) => l.role === role);
  for (const level of ESCALATION_ROLES.slice(from + 1)) {
    if (level.role === role) continue;
    const users = await eligibleUsers(q, app, level.role, makers);
    if (users.length) return { ...level, userName: users[0] };
  }
  return null;
}
