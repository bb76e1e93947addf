import type { Queryable } from '../db/db';

/** Groups (§6 group activities): one per team plus activity groups, with their members. */
export interface Group {
  groupId: string;
  name: string;
  kind: 'TEAM' | 'ACTIVITY';
  type: '_HIERARCHY' | '_DEPT' | null;
  description: string;
}

const GROUP_SELECT = `SELECT g.group_id AS "groupId", g.name, g.kind, t.type, g.description
  FROM groups g LEFT JOIN teams t ON t.team_id = g.team_id`;

export async function groupsOfUser(db: Queryable, userId: string): Promise<Group[]> {
  const { rows } = await db.query<Group>(
    `${GROUP_SELECT} JOIN group_members gm ON gm.group_id = g.group_id WHERE gm.user_id = $1 ORDER BY g.kind DESC, g.group_id`,
    [userId],
  );
  return rows;
}

export async function findGroup(db: Queryable, by: { id?: string; name?: string }): Promise<Group | null> {
  const { rows } = await db.query<Group>(`${GROUP_SELECT} WHERE g.group_id = $1 OR g.name = $2`, [by.id ?? null, by.name ?? null]);
  return rows[0] ?? null;
}

export interface GroupMember {
  userId: string;
  userName: string;
  displayName: string;
  isLead: boolean;
}

export async function membersOf(db: Queryable, groupId: string): Promise<GroupMember[]> {
  const { rows } = await db.query<GroupMember>(
    `SELECT u.user_id AS "userId", u.user_id AS "userName",
            COALESCE(NULLIF(u.display_name, ''), NULLIF(trim(u.first_name || ' ' || u.last_name), ''), u.user_id) AS "displayName",
            COALESCE(tm.is_lead, false) AS "isLead"
       FROM group_members gm
       JOIN users u ON u.user_id = gm.user_id AND u.enabled
       JOIN groups g ON g.group_id = gm.group_id
       LEFT JOIN team_members tm ON tm.team_id = g.team_id AND tm.user_id = u.user_id
      WHERE gm.group_id = $1
      ORDER BY u.user_id`,
    [groupId],
  );
  return rows;
}
