import fc from 'fast-check';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { generateApplications } from '../src/seed/generate-applications';
import { listApplications } from '../src/domain/lists/list-service';
import { globalSearch } from '../src/domain/lists/search';
import { inboxPage } from '../src/domain/tasks/inbox';
import { staffSees } from '../src/domain/applications/access';
import type { CurrentUser } from '../src/domain/current-user';
import type { ApplicationRow } from '../src/domain/applications/row';

/**
 * One visibility rule (domain/access/visibility.ts), checked as a property: for generated users (hierarchy and
 * department teams, ALL_APPLICATIONS_* or not) and generated branches, teams and assignees of a few applications,
 * "appears in the all-applications list / in global search" ⇔ "may be opened" (the access rule every route uses),
 * and every other list (team, my, inbox) shows only what may be opened.
 */
let t: TestApp;
const TOKEN = 'Vizqprop';
let apps: string[] = [];

const HIERARCHY = ['HQ', 'BR-NORTH', 'BR-SOUTH'];
const DEPT = ['CPA-NORTH', 'CPA-SOUTH', 'CREDIT', 'OPS'];
const NAMES = ['pu1', 'pu2', 'pu3'];
const STATUSES = ['ACTIVE', 'COMPLETED', 'REJECTED', 'CANCELLED', 'DELETED'];

beforeAll(async () => {
  t = await createTestApp();
  await generateApplications(t.app.db, 12, { batchSize: 12, spanDays: 5 });
  const { rows } = await t.app.db.query<{ application_id: string }>(`SELECT application_id FROM applications WHERE NOT draft ORDER BY id DESC LIMIT 12`);
  apps = rows.map((r) => r.application_id);
  // Our rows carry a token nobody else does, so a search for it and a list narrowed by it show only them.
  await t.app.db.query(`UPDATE applications SET applicant_name = $2 || ' ' || application_id WHERE application_id = ANY($1::text[])`, [apps, TOKEN]);
});
afterAll(() => t.close());

const userArb = fc.record({
  name: fc.constantFrom(...NAMES),
  hierarchy: fc.subarray(HIERARCHY),
  dept: fc.subarray(DEPT),
  all: fc.constantFrom<(string | null)[]>(null, null, null, 'ALL_APPLICATIONS_ASSIGN', 'ADMIN'),
});
const placeArb = fc.record({
  branch: fc.constantFrom(...HIERARCHY),
  team: fc.option(fc.constantFrom(...HIERARCHY, ...DEPT), { nil: null }),
  to: fc.option(fc.constantFrom(...NAMES), { nil: null }),
});

function userOf(u: { name: string; hierarchy: string[]; dept: string[]; all: string | null }): CurrentUser {
  return {
    userId: u.name, userName: u.name, roles: ['APPLICATIONS_ACTIONS', ...(u.all ? [u.all] : [])],
    teams: [...u.hierarchy.map((id) => ({ id, type: '_HIERARCHY' })), ...u.dept.map((id) => ({ id, type: '_DEPT' }))],
  };
}

async function searchAll(user: CurrentUser): Promise<string[]> {
  const found: string[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: { application_id: string }[]; pageInfo: { nextCursor: string | null } } = await globalSearch(t.app.db, user, { searchText: TOKEN, ...(cursor ? { pagination: { cursor } } : {}) });
    found.push(...page.data.map((x) => x.application_id));
    cursor = page.pageInfo.nextCursor;
  } while (cursor);
  return found.sort();
}

async function listed(user: CurrentUser, queryType: string): Promise<string[]> {
  const page = (await listApplications(t.app.db, user, { queryType, applicant: TOKEN, _applicationStatus: STATUSES, pagination: { pageSize: 50 } })) as { data: { application_id: string }[] };
  return page.data.map((x) => x.application_id).sort();
}

describe(`one visibility rule on ${dbKind()}`, () => {
  test('appears in the list and in search ⇔ may be opened; every narrower list only shows what may be opened', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(placeArb, { minLength: 12, maxLength: 12 }), fc.array(userArb, { minLength: 1, maxLength: 3 }), async (places, users) => {
        for (let i = 0; i < apps.length; i++) {
          const p = places[i];
          await t.app.db.query(`UPDATE applications SET branch = $2, assigned_team = $3, assigned_to = $4 WHERE application_id = $1`, [apps[i], p.branch, p.team, p.to]);
        }
        const { rows } = await t.app.db.query<ApplicationRow>(`SELECT * FROM applications WHERE application_id = ANY($1::text[])`, [apps]);
        for (const u of users) {
          const user = userOf(u);
          const opens = rows.filter((r) => staffSees(r, user)).map((r) => r.application_id).sort();
          expect(await listed(user, 'ALL_APPLICATIONS')).toEqual(opens);
          expect(await searchAll(user)).toEqual(opens);
          for (const type of ['TEAM_APPLICATIONS', 'MY_APPLICATIONS', 'MY_QUERIES', 'MY_APPROVALS']) {
            for (const id of await listed(user, type)) expect(opens).toContain(id);
          }
          // The inbox walks task holders (046), not these columns: whatever of ours it lists must be openable.
          const inbox = await inboxPage(t.app.db, user, { bucket: 'All', kinds: [], scope: 'all', limit: 50 });
          for (const item of inbox.data) if (apps.includes(item.application_id)) expect(opens).toContain(item.application_id);
        }
      }),
      { numRuns: 25 },
    );
  });
});
