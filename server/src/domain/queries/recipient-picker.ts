import type { Queryable } from '../../db/db';
import type { ApplicationRow } from '../applications/row';
import { staffSees } from '../applications/access';
import { findUser } from '../users/users';

/** At most this many of each kind are answered: a picker narrows as one types, it does not list the bank. */
export const PICKER_LIMIT = 10;
/** Candidates read by name before the visibility rule thins them out (bounded work per keystroke). */
const CANDIDATES = 40;

export interface PickedUser {
  userName: string;
  name: string;
}
export interface PickedTeam {
  teamId: string;
  name: string;
}

/** `search` as a LIKE pattern matching anywhere, its own % and _ taken literally. */
const contains = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The people-and-teams picker of "Raise a query" (issue 26): users who could receive a query on this application by
 * the same rule that refuses the others when it is raised (domain/tasks/recipients.ts: enabled staff with
 * APPLICATIONS_ACTIONS who may open the application), and teams, matched by any part of the name or the id,
 * case-insensitively. Only names and ids of eligible recipients are answered; the caller is left out (a query to
 * oneself is no question).
 */
export async function queryRecipients(q: Queryable, app: ApplicationRow, caller: string, search: string): Promise<{ users: PickedUser[]; teams: PickedTeam[] }> {
  const like = contains(search.trim());
  const { rows } = await q.query<{ user_id: string; name: string }>(
    `SELECT u.user_id, COALESCE(NULLIF(u.display_name, ''), NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.user_id) AS name
       FROM users u
      WHERE u.enabled AND u.kind = 'STAFF' AND u.user_id <> $2
        AND EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.user_id AND r.role = 'APPLICATIONS_ACTIONS')
        AND (u.user_id ILIKE $1 OR u.display_name ILIKE $1 OR (u.first_name || ' ' || u.last_name) ILIKE $1)
      ORDER BY name, u.user_id
      LIMIT ${CANDIDATES}`,
    [like, caller],
  );
  const users: PickedUser[] = [];
  for (const r of rows) {
    if (users.length === PICKER_LIMIT) break;
    const user = await findUser(q, r.user_id);
    if (user && staffSees(app, user)) users.push({ userName: r.user_id, name: r.name });
  }
  const teams = await q.query<{ team_id: string; name: string }>(
    `SELECT team_id, name FROM teams WHERE team_id ILIKE $1 OR name ILIKE $1 ORDER BY name, team_id LIMIT ${PICKER_LIMIT}`,
    [like],
  );
  return { users, teams: teams.rows.map((t) => ({ teamId: t.team_id, name: t.name })) };
}
