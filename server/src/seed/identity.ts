import type { Db, Queryable } from '../db/db';
import { hashPassword } from '../crypto/password';

/**
 * The demo organisation of docs/identity.md for the embedded default: two branches (NORTH, SOUTH)
 * and head office, their teams, seven staff users (password Demo@12345) and activity groups.
 * Runs once, on a database without staff users.
 */
export const DEMO_PASSWORD = 'Demo@12345';

/** Each team's name in Hindi too (teams.translations, migration 112): screens show a team by name, never its id. */
const TEAMS: { id: string; name: string; hi: string; type: '_HIERARCHY' | '_DEPT' }[] = [
  { id: 'HQ', name: 'Head Office', hi: 'प्रधान कार्यालय', type: '_HIERARCHY' },
  { id: 'BR-NORTH', name: 'North Branch', hi: 'उत्तर शाखा', type: '_HIERARCHY' },
  { id: 'BR-SOUTH', name: 'South Branch', hi: 'दक्षिण शाखा', type: '_HIERARCHY' },
  { id: 'CPA-NORTH', name: 'CPA North', hi: 'सीपीए उत्तर', type: '_DEPT' },
  { id: 'CPA-SOUTH', name: 'CPA South', hi: 'सीपीए दक्षिण', type: '_DEPT' },
  { id: 'CREDIT', name: 'Credit', hi: 'क्रेडिट', type: '_DEPT' },
  { id: 'APPROVAL', name: 'Approval', hi: 'स्वीकृति', type: '_DEPT' },
  { id: 'OPS', name: 'Operations', hi: 'संचालन', type: '_DEPT' },
  // The second level of the approval matrix for large loans (040_approval_matrix.sql).
  { id: 'CREDIT-COMMITTEE', name: 'Credit Committee', hi: 'क्रेडिट समिति', type: '_DEPT' },
];

const BASE = ['NOTIFICATION', 'APPLICATIONS_ACTIONS', 'MANAGE_DOCUMENT'];
const ALL_ASSIGN = ['ALL_APPLICATIONS_ASSIGN', 'ALL_APPLICATIONS_REASSIGN', 'ALL_APPLICATIONS_ASSIGN_SELF'];
const TEAM_ASSIGN = ['TEAM_APPLICATIONS_ASSIGN', 'TEAM_APPLICATIONS_REASSIGN', 'TEAM_APPLICATIONS_ASSIGN_SELF'];

interface SeedUser {
  id: string;
  first: string;
  last: string;
  roles: string[];
  teams: string[];
  /** Teams the user leads (TEAM_APPLICATIONS_ASSIGN_SELF doubles as the team-lead flag, §6). */
  leads?: string[];
  branch: 'NORTH' | 'SOUTH' | 'ALL';
  activities: string[];
}

const USERS: SeedUser[] = [
  { id: 'admin', first: 'Asha', last: 'Admin', roles: ['ADMIN', ...BASE, 'TASK_REVIEW_DATE', 'COMPLETE_WITHOUT_VALIDATIONS', ...ALL_ASSIGN, ...TEAM_ASSIGN], teams: ['HQ', 'OPS'], leads: ['OPS'], branch: 'ALL', activities: ['REPORTS', 'EXPORT', 'VIDEO_KYC'] },
  { id: 'cpa1', first: 'Chitra', last: 'Pillai', roles: ['CPA', ...BASE, 'TASK_REVIEW_DATE', 'TEAM_APPLICATIONS_ASSIGN_SELF'], teams: ['BR-NORTH', 'CPA-NORTH'], branch: 'NORTH', activities: ['EXPORT', 'VIDEO_KYC'] },
  { id: 'cpa2', first: 'Karan', last: 'Bose', roles: ['CPA', ...BASE, 'TASK_REVIEW_DATE', 'TEAM_APPLICATIONS_ASSIGN_SELF'], teams: ['BR-NORTH', 'CPA-NORTH'], branch: 'NORTH', activities: ['VIDEO_KYC'] },
  { id: 'bcm1', first: 'Bela', last: 'Menon', roles: ['BCM', ...BASE, 'TASK_REVIEW_DATE', ...TEAM_ASSIGN], teams: ['BR-NORTH', 'CPA-NORTH', 'CREDIT'], leads: ['CPA-NORTH'], branch: 'NORTH', activities: ['REPORTS', 'EXPORT'] },
  { id: 'bh1', first: 'Harish', last: 'Rao', roles: ['BH', ...BASE, ...ALL_ASSIGN, ...TEAM_ASSIGN], teams: ['BR-SOUTH', 'CREDIT', 'APPROVAL'], leads: ['CREDIT', 'APPROVAL'], branch: 'SOUTH', activities: ['REPORTS', 'EXPORT'] },
  { id: 'dev1', first: 'Dev', last: 'Kulkarni', roles: ['CPA', 'DEVELOPER', 'NOTIFICATION', 'APPLICATIONS_ACTIONS', 'TEAM_APPLICATIONS_ASSIGN_SELF'], teams: ['BR-SOUTH', 'CPA-SOUTH'], branch: 'SOUTH', activities: ['EXPORT'] },
  // Credit committee (head office): decides the second approval level of large loans; sees every branch's
  // applications (ALL_APPLICATIONS_ASSIGN_SELF, which assigns only within its own teams).
  { id: 'cc1', first: 'Charu', last: 'Chandra', roles: ['CREDIT_COMMITTEE', ...BASE, 'ALL_APPLICATIONS_ASSIGN_SELF'], teams: ['HQ', 'CREDIT-COMMITTEE'], leads: ['CREDIT-COMMITTEE'], branch: 'ALL', activities: ['REPORTS'] },
  // National sales manager: sees zone ZONE-1 (both demo branches) through the managers' view; no case work.
  { id: 'nsm1', first: 'Neha', last: 'Sharma', roles: ['NSM', 'NOTIFICATION'], teams: ['HQ', 'BR-NORTH', 'BR-SOUTH'], branch: 'ALL', activities: ['REPORTS', 'EXPORT'] },
  { id: 'viewer1', first: 'Vani', last: 'Iyer', roles: ['APPLICATION_ACCESS'], teams: ['BR-SOUTH', 'CPA-SOUTH'], branch: 'SOUTH', activities: [] },
];

const ACTIVITY_GROUPS = [
  { id: 'ACT-REPORTS', name: 'REPORTS', description: 'May open the report lists' },
  { id: 'ACT-EXPORT', name: 'EXPORT', description: 'May export lists to a spreadsheet' },
  { id: 'ACT-VIDEO_KYC', name: 'VIDEO_KYC', description: 'May hold video calls with applicants' },
];

const AREAS = { NORTH: 'AREA-N1', SOUTH: 'AREA-S1' } as const;

function attributesFor(branch: SeedUser['branch']) {
  const branches: (keyof typeof AREAS)[] = branch === 'ALL' ? ['NORTH', 'SOUTH'] : [branch];
  return { areaIDs: branches.map((b) => AREAS[b]), branchList: branches, regionIDs: ['REGION-WEST'], zoneIDs: ['ZONE-1'] };
}

/** The built-in customer account of §6: no password, issued sessions by POST /tokenApi/getToken. */
export const PORTAL_CUSTOMER = 'portal-customer';

async function seedPortalCustomer(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO users (user_id, first_name, last_name, display_name, kind) VALUES ($1, 'Portal', 'Customer', 'Customer', 'CUSTOMER')
     ON CONFLICT (user_id) DO NOTHING`,
    [PORTAL_CUSTOMER],
  );
  await tx.query(`INSERT INTO user_roles (user_id, role) VALUES ($1, 'CUSTOMER') ON CONFLICT DO NOTHING`, [PORTAL_CUSTOMER]);
}

/** The customer account is part of the product (not demo data): present on every database. */
export async function ensurePortalCustomer(db: Db): Promise<void> {
  await db.transaction(seedPortalCustomer);
}

export async function seedIdentity(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE kind = 'STAFF'`);
  if (rows[0].n > 0) return false;
  // Hash before the transaction: scrypt is deliberately slow and would hold it open.
  const hashes = await Promise.all(USERS.map(() => hashPassword(DEMO_PASSWORD)));
  await db.transaction(async (tx) => {
    for (const t of TEAMS) {
      await tx.query(`INSERT INTO teams (team_id, name, type, translations) VALUES ($1, $2, $3, $4::jsonb)`, [t.id, t.name, t.type, JSON.stringify({ hi: { name: t.hi } })]);
      await tx.query(`INSERT INTO groups (group_id, name, kind, team_id, description) VALUES ($1, $1, 'TEAM', $1, $2)`, [t.id, t.name]);
    }
    for (const g of ACTIVITY_GROUPS) {
      await tx.query(`INSERT INTO groups (group_id, name, kind, description) VALUES ($1, $2, 'ACTIVITY', $3)`, [g.id, g.name, g.description]);
    }
    for (const [i, u] of USERS.entries()) {
      await tx.query(
        `INSERT INTO users (user_id, first_name, last_name, display_name, email, password_hash, attributes, selected_teams)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [u.id, u.first, u.last, `${u.first} ${u.last}`, `${u.id}@lendline.example`, hashes[i], JSON.stringify(attributesFor(u.branch)), JSON.stringify(u.teams)],
      );
      for (const [position, role] of u.roles.entries()) {
        await tx.query(`INSERT INTO user_roles (user_id, role, position) VALUES ($1, $2, $3)`, [u.id, role, position]);
      }
      for (const team of u.teams) {
        await tx.query(`INSERT INTO team_members (team_id, user_id, is_lead) VALUES ($1, $2, $3)`, [team, u.id, (u.leads ?? []).includes(team)]);
        await tx.query(`INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)`, [team, u.id]);
      }
      for (const a of u.activities) {
        await tx.query(`INSERT INTO group_members (group_id, user_id) VALUES ($1, $2)`, [`ACT-${a}`, u.id]);
      }
    }
  });
  return true;
}
