import type { Queryable } from '../../db/db';
import { hasRole, mayAct, teamIds, type CurrentUser } from '../current-user';
import { forbidden, refused } from '../errors';
import { staffSees } from '../applications/access';
import type { ApplicationRow } from '../applications/row';
import { findUser, listUsers } from '../users/users';
import { levelOf, makerOf, type ApprovalRow } from './chain';

/**
 * Who may do what with an open approval (§6 business roles, maker-checker):
 * - decide (approve, reject, send_back): a user holding the level's role who holds the row — the user it was
 *   forwarded to, or, while it waits in the level's team, anyone with the role — and who is not its maker;
 * - forward: its holder (or a member of the team it waits in) or an admin, to another user with the level's role.
 * The maker is who submitted it for approval and whoever initiated the application: nobody approves what they made,
 * and nobody can forward to themselves (so an approval never lands with the one who moved it).
 */
export const makersOf = (app: Pick<ApplicationRow, 'initiated_by'>, r: ApprovalRow) => [...new Set([makerOf(r), app.initiated_by].filter((m): m is string => !!m))];

const levelText = (r: ApprovalRow) => {
  const l = levelOf(r);
  return `${l.name} (role ${l.role}), level ${l.level} of ${l.levels}`;
};

/** Why the user may not decide the row, or null when they may. */
export function whyNotDecider(app: Pick<ApplicationRow, 'initiated_by' | 'application_id'>, r: ApprovalRow, user: CurrentUser): { label: string; reason: string } | null {
  const level = levelOf(r);
  if (!mayAct(user)) return { label: 'permission', reason: 'You have application access only: this needs APPLICATIONS_ACTIONS' };
  if (r.assigned_to && r.assigned_to !== user.userName) return { label: 'subTaskId', reason: `This approval was forwarded to ${r.assigned_to}; only they may decide it` };
  if (!hasRole(user, level.role)) return { label: 'subTaskId', reason: `You are not an approver here: ${levelText(r)} needs the ${level.role} role` };
  if (makersOf(app, r).includes(user.userName)) {
    return { label: 'maker-checker', reason: `You made this (${makerOf(r) === user.userName ? 'submitted it for approval' : 'initiated the application'}), so you may not decide its approval` };
  }
  return null;
}

export function assertDecider(app: Pick<ApplicationRow, 'initiated_by' | 'application_id'>, r: ApprovalRow, user: CurrentUser): void {
  const why = whyNotDecider(app, r, user);
  if (why) throw forbidden(why.label, why.reason);
}

export function mayForward(r: ApprovalRow, user: CurrentUser): boolean {
  if (!mayAct(user)) return false;
  if (hasRole(user, 'ADMIN')) return true;
  if (r.assigned_to) return r.assigned_to === user.userName;
  return hasRole(user, levelOf(r).role) || (!!r.assigned_team && teamIds(user).includes(r.assigned_team));
}

/** The user an approval is forwarded to: not the caller, not a maker, enabled staff with the level's role who may open the application. */
export async function assertForwardTarget(tx: Queryable, app: ApplicationRow, r: ApprovalRow, caller: CurrentUser, userName: string): Promise<void> {
  const level = levelOf(r);
  if (userName === caller.userName) throw refused('userName', 'You cannot forward an approval to yourself');
  if (userName === r.assigned_to) throw refused('userName', `The approval is with ${userName} already`);
  if (makersOf(app, r).includes(userName)) throw refused('maker-checker', `${userName} made this, so the approval cannot go to them`);
  const target = await findUser(tx, userName);
  if (!target || target.kind !== 'STAFF') throw refused('userName', `There is no active staff user "${userName}"`);
  if (!target.roles.includes('APPLICATIONS_ACTIONS')) throw refused('userName', `User ${userName} has application access only and cannot approve`);
  if (!target.roles.includes(level.role)) throw refused('userName', `User ${userName} is not an approver here: ${level.name} needs the ${level.role} role`);
  if (!staffSees(app, target)) {
    throw refused('userName', `User ${userName} may not open application ${app.application_id}`);
  }
}

/** Users an open approval may be forwarded to by this caller (the forward picker): same rules as assertForwardTarget. */
export async function forwardCandidates(q: Queryable, app: ApplicationRow, r: ApprovalRow, caller: CurrentUser): Promise<{ userName: string; displayName: string }[]> {
  const level = levelOf(r);
  const makers = makersOf(app, r);
  const users = await listUsers(q, { role: level.role });
  return users
    .filter((u) => u.roles.includes('APPLICATIONS_ACTIONS'))
    .filter((u) => u.userName !== caller.userName && u.userName !== r.assigned_to && !makers.includes(u.userName))
    .filter((u) => staffSees(app, u))
    .map((u) => ({ userName: u.userName, displayName: u.displayName }));
}
