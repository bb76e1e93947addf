import type { Queryable } from '../../db/db';
import { refused } from '../errors';
import type { TaskRow } from '../lifecycle/tasks';

interface AssigneeRow {
  enabled: boolean;
  kind: 'STAFF' | 'CUSTOMER';
  may_act: boolean;
  in_team: boolean;
}

/**
 * The user an assign/reassign hands a task to must be able to work it (§4 "assigned to the current
 * user" needs the assignee in one of the task's teams; §6: without APPLICATIONS_ACTIONS a user has
 * application access only). Otherwise the task would sit with someone who cannot open, save or
 * complete it. Read inside the action's transaction, so a user disabled concurrently is seen as of
 * that transaction's snapshot; refusals are 400/1101 on `userName` and the transaction rolls back.
 */
export async function assertAssignable(tx: Queryable, task: TaskRow, userName: string): Promise<void> {
  const { rows } = await tx.query<AssigneeRow>(
    `SELECT u.enabled, u.kind,
            EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.user_id AND r.role = 'APPLICATIONS_ACTIONS') AS may_act,
            EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = u.user_id AND m.team_id = ANY($2::text[])) AS in_team
       FROM users u WHERE u.user_id = $1`,
    [userName, task.assigned_team],
  );
  const u = rows[0];
  const teams = task.assigned_team.join(', ');
  if (!u) throw refused('userName', `There is no user "${userName}"`);
  if (!u.enabled) throw refused('userName', `User ${userName} is inactive`);
  if (u.kind !== 'STAFF') throw refused('userName', `User ${userName} is not a staff user`);
  if (!u.may_act) throw refused('userName', `User ${userName} has application access only (no APPLICATIONS_ACTIONS) and cannot work task ${task.task_id}`);
  if (!u.in_team) throw refused('userName', `User ${userName} is not in team ${teams} of task ${task.task_id}`);
}
