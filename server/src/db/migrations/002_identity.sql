-- Identity (§3 User, §6): users, their roles, teams, groups. userId equals userName.
CREATE TABLE users (
  user_id        text PRIMARY KEY,
  first_name     text NOT NULL DEFAULT '',
  last_name      text NOT NULL DEFAULT '',
  display_name   text NOT NULL DEFAULT '',
  email          text,
  -- scrypt$N$r$p$salt$hash; NULL for accounts that never log in with a password (portal-customer).
  password_hash  text,
  kind           text NOT NULL DEFAULT 'STAFF' CHECK (kind IN ('STAFF', 'CUSTOMER')),
  -- areaIDs, branchList, regionIDs, zoneIDs
  attributes     jsonb NOT NULL DEFAULT '{}'::jsonb,
  -- team ids the user chose to work in (POST /v3/users/update_selected_teams)
  selected_teams jsonb NOT NULL DEFAULT '[]'::jsonb,
  enabled        boolean NOT NULL DEFAULT true,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_roles (
  user_id  text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  role     text NOT NULL,
  position int NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, role)
);

CREATE TABLE teams (
  team_id text PRIMARY KEY,
  name    text NOT NULL,
  type    text NOT NULL CHECK (type IN ('_HIERARCHY', '_DEPT'))
);

CREATE TABLE team_members (
  team_id text NOT NULL REFERENCES teams (team_id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  is_lead boolean NOT NULL DEFAULT false,
  PRIMARY KEY (team_id, user_id)
);
CREATE INDEX team_members_user_idx ON team_members (user_id);

-- Groups mirror the teams (kind TEAM) and add activity groups (§6 "group activities").
CREATE TABLE groups (
  group_id    text PRIMARY KEY,
  name        text NOT NULL UNIQUE,
  kind        text NOT NULL CHECK (kind IN ('TEAM', 'ACTIVITY')),
  team_id     text REFERENCES teams (team_id) ON DELETE CASCADE,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE group_members (
  group_id text NOT NULL REFERENCES groups (group_id) ON DELETE CASCADE,
  user_id  text NOT NULL REFERENCES users (user_id) ON DELETE CASCADE,
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX group_members_user_idx ON group_members (user_id);
