import type { Queryable } from '../../db/db';
import type { Team, User } from '@lendline/shared/contract';
import type { CurrentUser } from '../current-user';
import { validationFailed } from '../errors';

/** §3 user attributes: every list is present (empty when the user has none). */
export type UserAttributes = Required<NonNullable<User['attributes']>>;

/**
 * The §3 User as the server answers it (plus the teams the user selected to work in): every field the
 * contract marks optional is always filled here, so replies are the same shape for every user.
 */
export interface PublicUser extends User {
  firstName: string;
  lastName: string;
  displayName: string;
  name: string;
  attributes: UserAttributes;
  selectedTeams: string[];
}

export interface UserRecord extends PublicUser {
  kind: 'STAFF' | 'CUSTOMER';
  email?: string | null;
}

interface UserRow {
  user_id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email: string | null;
  kind: 'STAFF' | 'CUSTOMER';
  attributes: User['attributes'];
  selected_teams: string[];
  roles: string[];
  teams: Team[];
}

const USER_SELECT = `
  SELECT u.user_id, u.first_name, u.last_name, u.display_name, u.email, u.kind, u.attributes, u.selected_teams,
    COALESCE((SELECT json_agg(r.role ORDER BY r.position, r.role) FROM user_roles r WHERE r.user_id = u.user_id), '[]'::json) AS roles,
    COALESCE((SELECT json_agg(json_build_object('id', t.team_id, 'name', t.name, 'type', t.type) ORDER BY t.type DESC, t.team_id)
                FROM team_members m JOIN teams t ON t.team_id = m.team_id WHERE m.user_id = u.user_id), '[]'::json) AS teams
  FROM users u`;

/** §3: display name, else first plus last name, else either, else the user name, else "User". */
export function displayNameOf(u: { displayName?: string; firstName?: string; lastName?: string; userName?: string }): string {
  const first = u.firstName?.trim();
  const last = u.lastName?.trim();
  return u.displayName?.trim() || (first && last ? `${first} ${last}` : first || last) || u.userName?.trim() || 'User';
}

function toUser(r: UserRow): UserRecord {
  const base = { userName: r.user_id, firstName: r.first_name, lastName: r.last_name, displayName: r.display_name };
  return {
    userId: r.user_id,
    userName: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    displayName: displayNameOf(base),
    name: [r.first_name, r.last_name].filter(Boolean).join(' ') || r.user_id,
    roles: r.roles,
    teams: r.teams,
    attributes: { areaIDs: [], branchList: [], regionIDs: [], zoneIDs: [], ...(r.attributes ?? {}) },
    selectedTeams: r.selected_teams ?? [],
    kind: r.kind,
    email: r.email,
  };
}

/**
 * The enabled user behind a live session, in one round trip: the auth hook runs this on every
 * request it cannot answer from the session cache, so the session check and the profile read are
 * one query, not two. A token a refresh replaced still counts during its short grace (see
 * sessions.ts); `current` tells the caller which of the two matched, and `validUntil` until when.
 */
export async function findSessionUser(db: Queryable, sessionId: string, accessTokenHash: string): Promise<{ user: UserRecord; current: boolean; validUntil: number } | null> {
  const { rows } = await db.query<UserRow & { current: boolean; valid_until: string | Date }>(
    `${USER_SELECT.replace('FROM users u', `, s.access_token_hash = $2 AS current,
            CASE WHEN s.access_token_hash = $2 THEN s.access_expires_at ELSE s.previous_access_valid_until END AS valid_until
  FROM users u`)}
       JOIN sessions s ON s.user_id = u.user_id
      WHERE s.session_id = $1 AND s.revoked_at IS NULL AND u.enabled
        AND ((s.access_token_hash = $2 AND s.access_expires_at > now())
          OR (s.previous_access_token_hash = $2 AND s.previous_access_valid_until > now()))`,
    [sessionId, accessTokenHash],
  );
  const r = rows[0];
  return r ? { user: toUser(r), current: r.current, validUntil: new Date(r.valid_until).getTime() } : null;
}

export async function findUser(db: Queryable, userId: string): Promise<UserRecord | null> {
  const { rows } = await db.query<UserRow>(`${USER_SELECT} WHERE u.user_id = $1 AND u.enabled`, [userId]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function listUsers(db: Queryable, filter: { team?: string; role?: string }): Promise<UserRecord[]> {
  const { rows } = await db.query<UserRow>(
    `${USER_SELECT}
      WHERE u.enabled AND u.kind = 'STAFF'
        AND ($1::text IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.user_id = u.user_id AND m.team_id = $1))
        AND ($2::text IS NULL OR EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.user_id AND r.role = $2))
      ORDER BY u.user_id`,
    [filter.team ?? null, filter.role ?? null],
  );
  return rows.map(toUser);
}

/** The public part of a user for replies (no kind or e-mail). */
export function publicUser(u: UserRecord): PublicUser {
  const { kind: _kind, email: _email, ...rest } = u;
  return rest;
}

/**
 * The teams the caller chooses to work in (POST /v3/users/update_selected_teams): only teams the caller belongs
 * to, each refused one named (400/1101, nothing stored). Answers the caller as stored.
 */
export async function selectTeams(db: Queryable, caller: CurrentUser, teams: string[]): Promise<PublicUser | null> {
  const own = new Set(caller.teams.map((t) => t.id));
  const wrong = teams.map((t, i) => ({ t, i })).filter(({ t }) => !own.has(t));
  if (wrong.length) throw validationFailed(wrong.map(({ t, i }) => ({ label: `teams.${i}`, reason: `${t} is not one of your teams` })));
  await db.query(`UPDATE users SET selected_teams = $2 WHERE user_id = $1`, [caller.userId, JSON.stringify([...new Set(teams)])]);
  const user = await findUser(db, caller.userId);
  return user && publicUser(user);
}

export async function passwordHashOf(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ password_hash: string | null }>(`SELECT password_hash FROM users WHERE user_id = $1 AND enabled AND kind = 'STAFF'`, [userId]);
  return rows[0]?.password_hash ?? null;
}
