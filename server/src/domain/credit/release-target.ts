import type { Queryable } from '../../db/db';
import type { Notice } from '../applications/notify';
import type { ApplicationRow } from '../applications/row';
import { eligibleUsers, escalationTarget } from '../approvals/escalation';
import { loadMatrix } from '../approvals/matrix';

export interface ReleaseTarget {
  /** The role a releaser holds: the matrix's release level, or the escalation level's. */
  role: string;
  name: string;
  /** The queue it waits in ("my approvals" of its members), null when escalated to one user. */
  team: string | null;
  /** The one user it was escalated to, or null. */
  userName: string | null;
  escalatedFrom: string | null;
  /** How the history names whoever releases it. */
  label: string;
  notice: (message: string) => Notice;
}

/**
 * Who releases a money call requested by `maker` (maker-checker): holders of the product matrix's release role
 * (approval_matrices body "release"; the branch head, role BH in team APPROVAL, when absent) who may open the
 * application, other than the maker. When that role has nobody but the maker, the call escalates up the hierarchy
 * (approvals/escalation.ts) to one named user instead of waiting forever.
 */
export async function releaseTarget(q: Queryable, app: ApplicationRow, maker: string): Promise<ReleaseTarget> {
  const level = (await loadMatrix(q, app.product_code, app.flow_ver_num)).release;
  if ((await eligibleUsers(q, app, level.role, [maker])).length) {
    return {
      role: level.role, name: level.name, team: level.team, userName: null, escalatedFrom: null, label: `${level.name} (role ${level.role})`,
      notice: (message) => ({ team: level.team, type: 'TEAM', event: 'AssignedToApprovalTeam', message }),
    };
  }
  const up = await escalationTarget(q, app, level.role, [maker]);
  if (!up) {
    // Not even an administrator other than the maker: the call waits in the level's queue for one to be added.
    return {
      role: level.role, name: level.name, team: level.team, userName: null, escalatedFrom: null, label: `${level.name} (role ${level.role})`,
      notice: (message) => ({ team: level.team, type: 'TEAM', event: 'AssignedToApprovalTeam', message }),
    };
  }
  return {
    role: up.role, name: up.name, team: null, userName: up.userName,
    escalatedFrom: `no ${level.name} (role ${level.role}) other than ${maker} may release it`,
    label: `${up.userName} (${up.name}, escalated)`,
    notice: (message) => ({ user: up.userName, type: 'ASSIGNED', event: 'AssignedToApprovalUser', message }),
  };
}
