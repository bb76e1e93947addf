import type { Queryable } from '../../db/db';
import { refused } from '../errors';
import type { ApplicationRow } from '../applications/row';
import { staffSees } from '../applications/access';
import { findUser } from '../users/users';

interface RecipientRow {
  enabled: boolean;
  kind: 'STAFF' | 'CUSTOMER';
  may_act: boolean;
}

/**
 * A query goes to someone who can answer it: an enabled staff user with APPLICATIONS_ACTIONS who may open the
 * application by the one visibility rule (domain/applications/access.ts staffSees), otherwise it would sit in a
 * "my queries" list its holder cannot open. Refusals are 400/1101 on assignedTo.
 */
export async function assertQueryRecipient(tx: Queryable, app: ApplicationRow, userName: string): Promise<void> {
  const { rows } = await tx.query<RecipientRow>(
    `SELECT u.enabled, u.kind,
            EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.user_id AND r.role = 'APPLICATIONS_ACTIONS') AS may_act
       FROM users u WHERE u.user_id = $1`,
    [userName],
  );
  const u = rows[0];
  if (!u) throw refused('assignedTo', `There is no user "${userName}"`);
  if (!u.enabled) throw refused('assignedTo', `User ${userName} is inactive`);
  if (u.kind !== 'STAFF') throw refused('assignedTo', `User ${userName} is not a staff user`);
  if (!u.may_act) throw refused('assignedTo', `User ${userName} has application access only and cannot answer a query`);
  const recipient = await findUser(tx, userName);
  if (!recipient || !staffSees(app, recipient)) throw refused('assignedTo', `User ${userName} may not open application ${app.application_id}`);
}

export async function assertTeamExists(tx: Queryable, teamId: string): Promise<void> {
  const { rows } = await tx.query(`SELECT 1 FROM teams WHERE team_id = $1`, [teamId]);
  if (!rows.length) throw refused('assignedTeam', `There is no team "${teamId}"`);
}
