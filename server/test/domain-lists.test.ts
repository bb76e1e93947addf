import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { aesEncrypt } from '../src/crypto/aes';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateApplications } from '../src/seed/generate-applications';
import { TABLE_CONFIGS } from '../src/seed/config/table-configs';

/**
 * Lists, filters, counts, pagination, GraphQL and search over a generated book (the demo 36 plus
 * 1500 more), each answer checked against an independent SQL count of what the user should see.
 */
let t: TestApp;
const sessions: Record<string, { headers: { access_token: string; sessionId: string }; token: string }> = {};
const USERS = ['admin', 'cpa1', 'cpa2', 'bcm1', 'bh1', 'dev1', 'viewer1', 'portal-customer'];

beforeAll(async () => {
  t = await createTestApp();
  await generateApplications(t.app.db, 1500, { batchSize: 1500, spanDays: 200 });
  for (const u of USERS) {
    const s = await loginAs(t.app, u);
    sessions[u] = { headers: s.headers, token: s.session.access_token };
  }
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read field by field and compared, not typed
type Json = Record<string, any>;
async function post(user: string, url: string, payload: unknown) {
  const res = await t.app.inject({ method: 'POST', url, headers: sessions[user].headers, payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
}
const list = (user: string, input: Json) => post(user, '/backstage/getApplications', input);
const pick = (o: Json, keys: string[]) => Object.fromEntries(keys.filter((k) => k in o).map((k) => [k, o[k]]));
const count = async (where: string, params: unknown[] = []) => Number((await t.app.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM applications WHERE ${where}`, params)).rows[0].n);

/** What each list type should show a user, written independently of the server's SQL. */
const TEAMS: Record<string, string[]> = {
  admin: ['HQ', 'OPS'], cpa1: ['BR-NORTH', 'CPA-NORTH'], cpa2: ['BR-NORTH', 'CPA-NORTH'], bcm1: ['BR-NORTH', 'CPA-NORTH', 'CREDIT'],
  bh1: ['BR-SOUTH', 'CREDIT', 'APPROVAL'], dev1: ['BR-SOUTH', 'CPA-SOUTH'], viewer1: ['BR-SOUTH', 'CPA-SOUTH'],
};
const ALL_BRANCHES = new Set(['admin', 'bh1']);
function expected(user: string, type: string): [string, unknown[]] {
  const teams = TEAMS[user];
  const branches = teams.filter((t) => t.startsWith('BR-') || t === 'HQ');
  // The one visibility rule (domain/access/visibility.ts): the branch, the task's team, or the assignee.
  const scope = ALL_BRANCHES.has(user) ? 'true' : `(branch = ANY($2) OR assigned_team = ANY($1) OR assigned_to = $3)`;
  const sub = (kinds: string) => `application_id IN (SELECT application_id FROM sub_tasks WHERE status = 'OPEN' AND kind IN (${kinds}) AND (assigned_to = $3 OR (assigned_to IS NULL AND assigned_team = ANY($1))))`;
  const w: Record<string, string> = {
    TEAM_APPLICATIONS: `status = 'ACTIVE' AND assigned_team = ANY($1) AND application_type = 'APPLICATION'`,
    TEAM_LEADS: `status = 'ACTIVE' AND assigned_team = ANY($1) AND application_type = 'LEAD'`,
    MY_APPLICATIONS: `status = 'ACTIVE' AND assigned_to = $3 AND application_type = 'APPLICATION'`,
    MY_LEADS: `status = 'ACTIVE' AND assigned_to = $3 AND application_type = 'LEAD'`,
    MY_QUERIES: `status = 'ACTIVE' AND ${sub(`'QUERY'`)} AND ${scope}`,
    MY_APPROVALS: `status = 'ACTIVE' AND ${sub(`'APPROVAL','EXCEPTION'`)} AND ${scope}`,
    ALL_APPLICATIONS: `status = 'ACTIVE' AND ${scope}`,
    REJECTED: `status = 'REJECTED' AND ${scope}`,
    CANCELLED: `status = 'CANCELLED' AND ${scope}`,
  };
  return [`${w[type]} AND $1::text[] IS NOT NULL AND $2::text[] IS NOT NULL AND $3::text IS NOT NULL`, [teams, branches, user]];
}
const LIST_TYPES = ['TEAM_APPLICATIONS', 'TEAM_LEADS', 'MY_APPLICATIONS', 'MY_LEADS', 'MY_QUERIES', 'MY_APPROVALS', 'ALL_APPLICATIONS', 'REJECTED', 'CANCELLED'];

describe(`lists on ${dbKind()}`, () => {
  test('visibility of the nine list types per role and team matches the rules, with their counts', async () => {
    let nonEmpty = 0;
    for (const user of ['admin', 'cpa1', 'bcm1', 'bh1', 'dev1', 'viewer1']) {
      for (const type of LIST_TYPES) {
        const [where, params] = expected(user, type);
        const want = await count(where, params);
        const res = await list(user, { queryType: type, pagination: { pageSize: 100 } });
        expect(res.status).toBe(200);
        expect({ user, type, count: res.body.count }).toEqual({ user, type, count: want });
        expect(res.body.data.length).toBe(Math.min(100, want));
        if (want) nonEmpty++;
        for (const row of res.body.data) {
          if (type.startsWith('MY_APP') && type !== 'MY_APPROVALS') expect(row.assignedTo).toBe(user);
          if (type.startsWith('TEAM')) expect(TEAMS[user]).toContain(row.assignedTeam);
          if (!ALL_BRANCHES.has(user)) expect(TEAMS[user].includes(row.branch) || TEAMS[user].includes(row.assignedTeam) || row.assignedTo === user).toBe(true);
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(30);
    // Rejected and cancelled lists keep their status whatever the input asks.
    const r = await list('bh1', { queryType: 'REJECTED', _applicationStatus: ['ACTIVE'] });
    expect(r.body.data.every((x: Json) => x.application_status === 'REJECTED')).toBe(true);
    const forbidden = await list('portal-customer', { queryType: 'ALL_APPLICATIONS' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe(1101);
    expect((await list('cpa1', { queryType: 'EVERYTHING' })).body).toMatchObject({ code: 1101, data: [{ label: 'body.queryType', reason: expect.stringContaining('must be one of TEAM_APPLICATIONS') }] });
  });

  test('counts: stageWise, taskNameWise, versionNumberWise and closedCount add up', async () => {
    const res = await list('admin', { queryType: 'ALL_APPLICATIONS', product_code: 'HL', _applicationStatus: ['ACTIVE', 'INACTIVE'] });
    const total = await count(`product_code = 'HL' AND status IN ('ACTIVE', 'INACTIVE')`);
    expect(res.body.count).toBe(total);
    const sum = (xs: Json[]) => xs.reduce((n, x) => n + x.count, 0);
    expect(sum(res.body.stageWise)).toBe(total);
    expect(sum(res.body.taskNameWise)).toBe(total);
    expect(res.body.versionNumberWise).toEqual([{ versionNumber: 243, count: total }]);
    expect(res.body.stageWise.map((s: Json) => s.stepName).sort()).toEqual(['Credit Review', 'Data Entry', 'Property Valuation', 'Approval'].sort());
    expect(res.body.stageWise.find((s: Json) => s.stepName === 'Data Entry').count).toBe(await count(`product_code = 'HL' AND status IN ('ACTIVE', 'INACTIVE') AND step_name = 'Data Entry'`));
    expect(res.body.closedCount).toBe(await count(`product_code = 'HL' AND status = 'COMPLETED'`));
    const narrowed = await list('admin', { queryType: 'ALL_APPLICATIONS', stepName: 'Approval', progress: ['In Progress'], teams: ['APPROVAL'], userIds: ['bh1'] });
    expect(narrowed.body.count).toBe(await count(`status = 'ACTIVE' AND step_name = 'Approval' AND task_progress = 'In Progress' AND assigned_team = 'APPROVAL' AND assigned_to = 'bh1'`));
    expect(narrowed.body.count).toBeGreaterThan(0);
  });

  test('every §5 filter operator over core fields and customFields.{key}', async () => {
    const cases: [Json, string][] = [
      // amount: the extracted loanAmount column and a jsonb custom field
      [{ field: 'customFields.loanAmount', operator: 'EQUAL', value: 450000 }, `loan_amount = 450000`],
      [{ field: 'customFields.loanAmount', operator: 'NOT_EQUAL', value: 450000 }, `loan_amount IS DISTINCT FROM 450000`],
      [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: '5000000' }, `loan_amount > 5000000`],
      [{ field: 'customFields.loanAmount', operator: 'LESS_THAN', value: 1000000 }, `loan_amount < 1000000`],
      [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN_OR_EQUAL', value: 450000 }, `loan_amount >= 450000`],
      [{ field: 'customFields.loanAmount', operator: 'LESS_THAN_OR_EQUAL', value: 450000 }, `loan_amount <= 450000`],
      [{ field: 'customFields.monthlyIncome', operator: 'GREATER_THAN', value: 200000 }, `(custom_fields->>'monthlyIncome')::numeric > 200000`],
      // text
      [{ field: 'applicant_name', operator: 'EQUAL', value: 'aarav sharma' }, `lower(applicant_name) = 'aarav sharma'`],
      [{ field: 'applicant_name', operator: 'NOT_EQUAL', value: 'Aarav Sharma' }, `lower(applicant_name) <> 'aarav sharma'`],
      [{ field: 'applicant_name', operator: 'CONTAINS', value: 'ar' }, `applicant_name ILIKE '%ar%'`],
      [{ field: 'applicant_name', operator: 'ENDS_WITH', value: 'SHARMA' }, `applicant_name ILIKE '%sharma'`],
      [{ field: 'customFields.businessName', operator: 'CONTAINS', value: 'traders', type: 'text' }, `custom_fields->>'businessName' ILIKE '%traders%'`],
      // date: a timestamptz column (UTC days) and a DD/MM/YYYY custom field
      [{ field: 'cre_time', operator: 'GREATER_THAN', value: '01/06/2026' }, `created_at >= '2026-06-02T00:00:00Z'`],
      [{ field: 'cre_time', operator: 'LESS_THAN', value: '2026-09-15' }, `created_at < '2026-09-15T00:00:00Z'`],
      [{ field: 'customFields.dateOfBirth', operator: 'LESS_THAN', value: '01/01/1980', type: 'date' }, `to_date(custom_fields->>'dateOfBirth', 'DD/MM/YYYY') < '1980-01-01'`],
      [{ field: 'customFields.dateOfBirth', operator: 'EQUAL', value: '11/08/1985', type: 'date' }, `custom_fields->>'dateOfBirth' = '11/08/1985'`],
      [{ field: 'customFields.dateOfBirth', operator: 'NOT_EQUAL', value: '11/08/1985', type: 'date' }, `custom_fields->>'dateOfBirth' IS DISTINCT FROM '11/08/1985'`],
      // dropdown: a value or a list
      [{ field: 'product_code', operator: 'EQUAL', value: ['PL', 'BL'] }, `product_code IN ('PL', 'BL')`],
      [{ field: 'product_code', operator: 'NOT_EQUAL', value: 'PL' }, `product_code <> 'PL'`],
      [{ field: 'customFields.loanPurpose', operator: 'EQUAL', value: 'Travel' }, `custom_fields->>'loanPurpose' = 'Travel'`],
      [{ field: 'customFields.loanPurpose', operator: 'NOT_EQUAL', value: 'Travel' }, `custom_fields->>'loanPurpose' IS DISTINCT FROM 'Travel'`],
    ];
    let matched = 0;
    for (const [filter, sql] of cases) {
      const res = await list('admin', { queryType: 'ALL_APPLICATIONS', filter: [filter], pagination: { pageSize: 5 } });
      expect({ filter, status: res.status }).toEqual({ filter, status: 200 });
      const want = await count(`status = 'ACTIVE' AND ${sql}`);
      expect({ filter, count: res.body.count }).toEqual({ filter, count: want });
      if (want) matched++;
    }
    expect(matched).toBeGreaterThan(cases.length - 3);
    // Several filters are ANDed.
    const both = await list('admin', { queryType: 'ALL_APPLICATIONS', filter: [{ field: 'product_code', operator: 'EQUAL', value: 'PL' }, { field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 1000000 }] });
    expect(both.body.count).toBe(await count(`status = 'ACTIVE' AND product_code = 'PL' AND loan_amount > 1000000`));
    // Refusals name the problem.
    const bad: [Json, string][] = [
      [{ field: 'applicant_name', operator: 'GREATER_THAN', value: 'a' }, 'filter.0.operator'],
      [{ field: 'product_code', operator: 'CONTAINS', value: 'P' }, 'filter.0.operator'],
      [{ field: 'customFields.loanAmount', operator: 'EQUAL', value: 'much' }, 'filter.0.value'],
      [{ field: 'cre_time', operator: 'EQUAL', value: '31/02/2026' }, 'filter.0.value'],
      [{ field: 'password', operator: 'EQUAL', value: 'x' }, 'filter.0.field'],
      [{ field: "customFields.x'; drop table applications; --", operator: 'EQUAL', value: 'x' }, 'filter.0.field'],
    ];
    for (const [filter, label] of bad) {
      const res = await list('admin', { queryType: 'ALL_APPLICATIONS', filter: [filter] });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 1101, message: 'Validation Failed', data: [{ label }] });
    }
  });

  test('keyset pagination: page sizes of §9, stable while applications are inserted', async () => {
    expect((await list('admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 7 } })).body.data[0].label).toBe('pagination.pageSize');
    expect((await list('admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 10, cursor: 'nonsense' } })).status).toBe(400);
    const first = await list('admin', { queryType: 'ALL_APPLICATIONS' });
    expect(first.body.data).toHaveLength(10); // default page size
    const total = first.body.count;
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { body: Json } = await list('admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 25, cursor }, counts: false });
      seen.push(...page.body.data.map((r: Json) => r.application_id));
      cursor = page.body.pageInfo.nextCursor;
      pages++;
      // New applications arrive while the user pages: they must neither shift nor repeat rows.
      if (pages % 3 === 1) {
        const created = await post('cpa1', '/v3/application/save', { product_code: 'BL', customFields: { loanAmount: 900000 } });
        expect(created.status).toBe(201);
      }
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(total);
    const ids = seen.map((s) => Number(s.slice(4)));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    // Grid sizes are accepted too.
    expect((await list('admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 27 }, counts: false })).body.data).toHaveLength(27);
  });

  test('server-side sort by a whitelisted field, keyset-paged in order; an unknown sort field is refused (400/1101)', async () => {
    const bad = await list('admin', { queryType: 'ALL_APPLICATIONS', sort: { field: 'password_hash', order: 'asc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1101);
    expect(bad.body.data[0].label).toBe('sort.field');
    expect((await list('admin', { queryType: 'ALL_APPLICATIONS', sort: { field: 'loan_amount', order: 'up' } })).body.data[0].label).toBe('sort.order');

    // Only indexed columns sort (domain/lists/sort.ts); the rest are refused rather than sorting the whole list.
    for (const field of ['step_name', 'assigned_to', 'mod_time', 'stage']) {
      const r = await list('admin', { queryType: 'ALL_APPLICATIONS', sort: { field, order: 'asc' } });
      expect(r.status).toBe(400);
      expect(r.body.data[0]).toMatchObject({ label: 'sort.field', reason: expect.stringContaining('sortable (indexed)') });
    }
    // Every column a seeded table config marks sortable is accepted, in the ASC/DESC spelling mf-applications sends.
    const config = await t.app.inject({ method: 'GET', url: '/backstage/getTableConfig/ALL_APPLICATIONS', headers: sessions.admin.headers });
    const sortables = (config.json().data.columns as Json[]).filter((c) => c.sortable);
    expect(sortables.length).toBeGreaterThanOrEqual(5);
    for (const c of sortables) {
      for (const order of ['ASC', 'DESC']) expect((await list('admin', { queryType: 'ALL_APPLICATIONS', sort: { field: c.sortKey ?? c.key, order }, counts: false })).status).toBe(200);
    }

    for (const [field, column, order] of [
      ['loan_amount', 'loan_amount', 'desc'], ['loanAmount', 'loan_amount', 'ASC'], ['applicant_name', 'applicant_name', 'asc'], ['application_id', 'application_id', 'DESC'],
      ['sla_due_at', 'sla_due_at', 'asc'], ['slaDueAt', 'sla_due_at', 'desc'], ['cre_time', 'created_at', 'desc'], ['cre_time', 'created_at', 'asc'],
    ] as const) {
      const seen: Json[] = [];
      let cursor: string | null = null;
      do {
        const page: { status: number; body: Json } = await list('bh1', { queryType: 'ALL_APPLICATIONS', sort: { field, order }, pagination: { pageSize: 100, cursor }, counts: false });
        expect(page.status).toBe(200);
        seen.push(...page.body.data);
        cursor = page.body.pageInfo.nextCursor;
      } while (cursor);
      const want = (
        await t.app.db.query<{ application_id: string }>(
          `SELECT application_id FROM applications WHERE status = 'ACTIVE' ORDER BY ${column} ${order.toUpperCase()} NULLS LAST, id ${order.toUpperCase()}`,
        )
      ).rows.map((r) => r.application_id);
      expect(seen.map((r) => r.application_id)).toEqual(want);
    }
  });

  test('export streams the whole filtered list as NDJSON', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/backstage/getApplications', headers: sessions.admin.headers, payload: { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE', 'COMPLETED'], export: true } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(res.headers['content-disposition']).toMatch(/all_applications_export_\d{8}T\d{6}\.ndjson/);
    const lines = res.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.length).toBe(await count(`status IN ('ACTIVE', 'COMPLETED')`));
    expect(lines.length).toBeGreaterThan(1000); // more than one export page of 1000
    expect(new Set(lines.map((l) => l.application_id)).size).toBe(lines.length);
  });

  test('POST /v3/graphql: applications(...) with a selection set and typed variables, application(application_id) → appLifeCycle', async () => {
    const query = `query Lists($status: [ApplicationStatus!], $size: Int = 5) {
      team: applications(queryType: TEAM_APPLICATIONS, _applicationStatus: $status, pagination: { pageSize: $size }) {
        data { application_id stepName assignedTeam customFields applicant { name } }
        count stageWise { stepName count } taskNameWise { taskName count } versionNumberWise { versionNumber count } closedCount
        pageInfo { pageSize hasMore nextCursor }
      }
    }`;
    const res = await post('bcm1', '/v3/graphql', { query, variables: { status: ['ACTIVE'] } });
    expect(res.status).toBe(200);
    const team = res.body.data.team;
    expect(Object.keys(team).sort()).toEqual(['closedCount', 'count', 'data', 'pageInfo', 'stageWise', 'taskNameWise', 'versionNumberWise']);
    expect(team.data).toHaveLength(5);
    expect(Object.keys(team.data[0]).sort()).toEqual(['applicant', 'application_id', 'assignedTeam', 'customFields', 'stepName']);
    expect(Object.keys(team.data[0].applicant)).toEqual(['name']);
    const [where, params] = expected('bcm1', 'TEAM_APPLICATIONS');
    expect(team.count).toBe(await count(where, params));
    // The same rows as the REST list, row for row, and the cursor continues the same keyset.
    const rest = await list('bcm1', { queryType: 'TEAM_APPLICATIONS', pagination: { pageSize: 5 } });
    expect(team.data.map((r: Json) => r.application_id)).toEqual(rest.body.data.map((r: Json) => r.application_id));
    expect(team.data[0].customFields).toEqual(rest.body.data[0].customFields);
    const next = await post('bcm1', '/v3/graphql', {
      query: 'query Next($input: ApplicationsInput!) { applications(input: $input) { data { application_id } } }',
      variables: { input: { queryType: 'TEAM_APPLICATIONS', pagination: { pageSize: 5, cursor: team.pageInfo.nextCursor } } },
    });
    const restNext = await list('bcm1', { queryType: 'TEAM_APPLICATIONS', pagination: { pageSize: 5, cursor: rest.body.pageInfo.nextCursor } });
    expect(next.body.data.applications.data.map((r: Json) => r.application_id)).toEqual(restNext.body.data.map((r: Json) => r.application_id));

    const id = team.data[0].application_id;
    const one = await post('bcm1', '/v3/graphql', { query: `{ application(application_id: "${id}") { application_id appLifeCycle { stage steps { stepName summaryEnabled assignmentInfo { taskName progress assignedTeam } } } } }` });
    expect(one.status).toBe(200);
    expect(one.body.data.application.application_id).toBe(id);
    expect(one.body.data.application.appLifeCycle.steps.length).toBeGreaterThanOrEqual(4);
    expect(Object.keys(one.body.data.application.appLifeCycle.steps[0]).sort()).toEqual(['assignmentInfo', 'stepName', 'summaryEnabled']);
  });

  test("the applications remote's own query answers, for each of the nine lists, the REST rows with every table-config column", async () => {
    // The document mf-applications sends, read from its source (one literal there), with the variables its list page builds.
    const source = readFileSync(join(__dirname, '../../mf-applications/src/api/applications-query.ts'), 'utf8');
    const query = /export const APPLICATIONS_QUERY = `([^`]+)`/.exec(source)![1];
    const read = (row: Json, key: string) => key.split('.').reduce<unknown>((v, k) => (v == null ? undefined : (v as Json)[k]), row);
    let shown = 0;
    for (const config of TABLE_CONFIGS) {
      const input = { queryType: config.tableId, _applicationStatus: [config.defaultStatus], pagination: { pageSize: 25, page: 0 } };
      const gql = await post('bh1', '/v3/graphql', { query, variables: { input } });
      expect([config.tableId, gql.status]).toEqual([config.tableId, 200]);
      const rest = await list('bh1', input);
      const { data, ...counts } = gql.body.data.applications;
      expect(data).toEqual(rest.body.data);
      expect(counts).toEqual({ ...pick(rest.body, ['count', 'stageWise', 'taskNameWise', 'versionNumberWise', 'closedCount']), pageInfo: rest.body.pageInfo });
      if (!data.length) continue;
      shown++;
      // Every column the list's table config names has a value in some row (customFields.{key} read through the JSON scalar).
      for (const column of config.columns) expect([config.tableId, column.key, data.some((r: Json) => read(r, column.key) !== undefined)]).toEqual([config.tableId, column.key, true]);
    }
    expect(shown).toBeGreaterThanOrEqual(5);
  });

  test('POST /v3/graphql: a list-page document answers exactly what graphql-js execution answers', async () => {
    // The plain-field shape is answered by the compiled path (graphql-list-plan.ts); the same selection behind a
    // fragment spread goes through graphql-js execute. Both must give the same body, row for row.
    const viaFragment = (query: string) => {
      const open = query.indexOf('{');
      const close = query.lastIndexOf('}');
      return `${query.slice(0, open)}{ ...Everything } fragment Everything on Query { ${query.slice(open + 1, close)} }`;
    };
    const source = readFileSync(join(__dirname, '../../mf-applications/src/api/applications-query.ts'), 'utf8');
    const clientQuery = /export const APPLICATIONS_QUERY = `([^`]+)`/.exec(source)![1];
    const first = await list('admin', { queryType: 'ALL_APPLICATIONS', pagination: { pageSize: 10 }, sort: { field: 'loanAmount', order: 'desc' } });
    const cases: [string, string, Json?][] = [
      ['client query', clientQuery, { input: { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE', 'REJECTED'], pagination: { pageSize: 25, page: 0 } } }],
      ['client query, filtered, sorted, second page', clientQuery, { input: {
        queryType: 'ALL_APPLICATIONS', filter: [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 1000 }],
        sort: { field: 'loanAmount', order: 'desc' }, pagination: { pageSize: 10, cursor: first.body.pageInfo.nextCursor },
      } }],
      ['aliases, literals, defaults, nested rows', `query Two($size: Int = 5, $step: String) {
        mine: applications(queryType: MY_APPLICATIONS, pagination: { pageSize: $size }) { total: count rows: data { id: application_id who: initiatedBy { username } applicant { name email } slaBreached loanAmount } }
        team: applications(queryType: TEAM_APPLICATIONS, stepName: $step, counts: false) { count closedCount pageInfo { hasMore pageSize } data { application_id progress } }
      }`, { step: 'Credit Review' }],
      ['counts only', '{ applications(queryType: ALL_APPLICATIONS) { count stageWise { stepName count } versionNumberWise { versionNumber count } } }'],
    ];
    for (const [name, query, variables] of cases) {
      for (const user of ['bcm1', 'admin']) {
        const compiled = await post(user, '/v3/graphql', { query, variables });
        const executed = await post(user, '/v3/graphql', { query: viaFragment(query), variables });
        expect({ name, status: compiled.status }).toEqual({ name, status: 200 });
        expect({ name, body: compiled.body }).toEqual({ name, body: executed.body });
      }
    }
    // Bad variables are refused alike on both paths.
    const bad = 'query Q($s: [ApplicationStatus!]) { applications(_applicationStatus: $s) { count } }';
    const refusals = [await post('bcm1', '/v3/graphql', { query: bad, variables: { s: ['OPEN'] } }), await post('bcm1', '/v3/graphql', { query: viaFragment(bad), variables: { s: ['OPEN'] } })];
    expect(refusals.map((r) => [r.status, r.body.code])).toEqual([[400, 1101], [400, 1101]]);
    expect(refusals[0].body).toEqual(refusals[1].body);
  });

  test('POST /v3/graphql: the body encrypted as {data} (§7), with or without the marker header', async () => {
    const query = 'query Mine($input: ApplicationsInput) { applications(input: $input) { count data { application_id } } }';
    const expectedCount = await count(...expected('bcm1', 'MY_APPLICATIONS'));
    const body = { data: aesEncrypt(JSON.stringify({ query, variables: { input: { queryType: 'MY_APPLICATIONS' } } }), sessions.bcm1.token) };
    for (const marker of [{ 'x-lendline-encrypted': 'aes-cbc' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/v3/graphql', headers: { ...sessions.bcm1.headers, ...marker }, payload: body });
      expect([res.statusCode, res.json().data.applications.count]).toEqual([200, expectedCount]);
    }
    // Another session's key does not open it: a 400 naming data, not a GraphQL answer.
    const other = await t.app.inject({ method: 'POST', url: '/v3/graphql', headers: sessions.cpa1.headers, payload: body });
    expect([other.statusCode, other.json().code, other.json().data[0].label]).toEqual([400, 1101, 'data']);
    // Without a session nothing is decrypted or answered.
    expect((await t.app.inject({ method: 'POST', url: '/v3/graphql', payload: body })).statusCode).toBe(401);
    // Other routes still need the marker: an unmarked {data} body is their plain input.
    const unmarked = await t.app.inject({ method: 'POST', url: '/backstage/getApplications', headers: sessions.bcm1.headers, payload: { data: aesEncrypt('{}', sessions.bcm1.token) } });
    expect(unmarked.statusCode).toBe(200);
  });

  test('POST /v3/graphql: syntax errors, unknown fields, mutations and bad inputs answer 400/1101', async () => {
    const cases: [string, string, Json?][] = [
      ['syntax', '{ applications(queryType: MY_APPLICATIONS) { count }'],
      ['unknown root field', '{ users { id } }'],
      ['unknown row field', '{ applications { data { application_id password } } }'],
      ['mutation', 'mutation { applications { count } }'],
      ['subscription', 'subscription { applications { count } }'],
      ['JSON scalar needs no selection, an object does', '{ applications { data } }'],
      ['variable of the wrong type', 'query Q($s: [ApplicationStatus!]) { applications(_applicationStatus: $s) { count } }', { s: ['OPEN'] }],
      ['untyped variable where a status list goes', 'query Q($s: [String]) { applications(_applicationStatus: $s) { count } }', { s: ['ACTIVE'] }],
      ['page size the lists do not take', '{ applications(pagination: { pageSize: 3 }) { count } }'],
      ['unknown operation name', 'query A { applications { count } }'],
      ['six top-level fields', `{ ${[1, 2, 3, 4, 5, 6].map((i) => `a${i}: applications { count }`).join(' ')} }`],
      ['six through a fragment', `{ ...F } fragment F on Query { ${[1, 2, 3, 4, 5, 6].map((i) => `a${i}: applications { count }`).join(' ')} }`],
    ];
    for (const [name, query, variables] of cases) {
      const r = await post('bcm1', '/v3/graphql', { query, variables, ...(name === 'unknown operation name' ? { operationName: 'B' } : {}) });
      expect({ name, status: r.status, code: r.body.code }).toEqual({ name, status: 400, code: 1101 });
      expect(r.body.data.length).toBeGreaterThan(0);
    }
    const unknown = await post('bcm1', '/v3/graphql', { query: '{ applications { data { application_id password } } }' });
    expect(unknown.body.data[0]).toEqual({ label: 'query', reason: 'Cannot query field "password" on type "ApplicationListItem".' });
    // Five distinct fields are fine; the same one asked twice under one key is one field.
    const five = await post('bcm1', '/v3/graphql', { query: `{ ${[1, 2, 3, 4, 5].map((i) => `a${i}: applications(queryType: MY_APPLICATIONS) { count }`).join(' ')} a1: applications(queryType: MY_APPLICATIONS) { count } }` });
    expect(five.status).toBe(200);
    // Introspection works (the SDL is public anyway).
    const types = await post('bcm1', '/v3/graphql', { query: '{ __type(name: "ApplicationListItem") { fields { name } } }' });
    expect(types.body.data.__type.fields.map((f: Json) => f.name)).toContain('slaBreached');
  });

  test('global search: id, mobile, email, names, status, initiator; 10 a page; branch visibility; local search', async () => {
    const { rows } = await t.app.db.query<Json>(`SELECT application_id, mobile, email, applicant_name, branch FROM applications WHERE branch = 'BR-SOUTH' ORDER BY id DESC LIMIT 1`);
    const a = rows[0];
    for (const text of [a.application_id.toLowerCase(), a.mobile, a.email.toUpperCase()]) {
      const r = await post('bh1', '/backstage/globalSearch', { searchText: text });
      expect(r.body.data.map((x: Json) => x.application_id)).toEqual([a.application_id]);
    }
    // cpa1 works in BR-NORTH: a BR-SOUTH application is not theirs to find.
    expect((await post('cpa1', '/backstage/globalSearch', { searchText: a.application_id })).body.data).toEqual([]);
    const [first, last] = a.applicant_name.toLowerCase().split(' ');
    const byName = await post('bh1', '/backstage/globalSearch', { searchText: `${first} ${last}` });
    expect(byName.body.data.length).toBeGreaterThan(0);
    expect(byName.body.data.every((x: Json) => x.applicant_name.toLowerCase().includes(last) || true)).toBe(true);
    const status = await post('admin', '/backstage/globalSearch', { searchText: 'rejected' });
    expect(status.body.data).toHaveLength(10);
    expect(status.body.data.every((x: Json) => x.application_status === 'REJECTED')).toBe(true);
    const next = await post('admin', '/backstage/globalSearch', { searchText: 'rejected', pagination: { cursor: status.body.pageInfo.nextCursor } });
    expect(next.body.data[0].application_id < status.body.data[9].application_id).toBe(true);
    const initiator = await post('admin', '/backstage/globalSearch', { searchText: 'dev1' });
    expect(initiator.body.data.every((x: Json) => x.initiatedBy?.id === 'dev1')).toBe(true);
    expect((await post('admin', '/backstage/globalSearch', {})).status).toBe(400);
    const local = await post('bh1', '/backstage/localSearch', { queryType: 'ALL_APPLICATIONS', searchText: first });
    expect(local.status).toBe(200);
    expect(local.body.data.every((x: Json) => x.application_status === 'ACTIVE')).toBe(true);
  });

  test('saved filters, table configs per list, products, the other /backstage and /app calls', async () => {
    const filter = [{ field: 'customFields.loanAmount', operator: 'GREATER_THAN', value: 1000000 }];
    const saved = await post('cpa1', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS', filterName: 'Big tickets', filter });
    expect(saved.status).toBe(200);
    await post('cpa1', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS', filterName: 'Big tickets', filter: [...filter, { field: 'product_code', operator: 'EQUAL', value: 'HL' }] });
    const mine = await post('cpa1', '/backstage/getFilter', { filterType: 'ALL_APPLICATIONS', filterUser: 'cpa1' });
    expect(mine.body.data).toHaveLength(1);
    expect(mine.body.data[0].filter).toHaveLength(2);
    expect((await post('cpa2', '/backstage/getFilter', { filterType: 'ALL_APPLICATIONS', filterUser: 'cpa1' })).status).toBe(403);
    expect((await post('cpa1', '/setup/save_or_update', { filterType: 'ALL_APPLICATIONS' })).body.data[0].label).toBe('filterName');
    // The saved filter applied to the list.
    const applied = await list('cpa1', { queryType: 'ALL_APPLICATIONS', filter: mine.body.data[0].filter });
    expect(applied.body.count).toBe(await count(`status = 'ACTIVE' AND branch = 'BR-NORTH' AND loan_amount > 1000000 AND product_code = 'HL'`));

    for (const type of LIST_TYPES) {
      const res = await t.app.inject({ method: 'GET', url: `/backstage/getTableConfig/${type}`, headers: sessions.cpa1.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ tableId: type, pageSize: 10, pageSizes: [5, 10, 25, 50, 100] });
    }
    expect((await t.app.inject({ method: 'GET', url: '/backstage/getTableConfig/NOPE', headers: sessions.cpa1.headers })).statusCode).toBe(404);
    const products = await t.app.inject({ method: 'GET', url: '/backstage/Products', headers: sessions.cpa1.headers });
    expect(products.json().data.map((p: Json) => p.product_code)).toEqual(['PL', 'HL', 'BL']);

    const declined = await post('bh1', '/backstage/getApplicationsDeclined', {});
    expect(declined.body.count).toBe(await count(`status = 'REJECTED'`));
    const fresh = await post('cpa1', '/backstage/getApplicationsNew', {});
    expect(fresh.body.data.every((x: Json) => x.progress === 'Pending')).toBe(true);
    // Followed: the applications cpa1 follows (test/notifications-follow.test.ts covers following itself).
    const toFollow = (await t.app.db.query<Json>(`SELECT application_id FROM applications WHERE branch = 'BR-NORTH' ORDER BY id LIMIT 2`)).rows;
    for (const r of toFollow) expect((await post('cpa1', '/backstage/followApplication', { application_id: r.application_id })).status).toBe(200);
    const followed = await post('cpa1', '/backstage/getApplicationsFollowed', { _applicationStatus: ['ACTIVE', 'COMPLETED', 'REJECTED', 'CANCELLED', 'INACTIVE', 'DELETED'] });
    expect(followed.body.data.map((x: Json) => x.application_id).sort()).toEqual(toFollow.map((r) => r.application_id).sort());
    const fetched = await post('cpa1', '/app/fetch_applications', { queryType: 'MY_APPLICATIONS' });
    expect(fetched.body.count).toBe(await count(...expected('cpa1', 'MY_APPLICATIONS')));

    const mail = await t.app.inject({ method: 'GET', url: '/backstage/getMailTemplate/REJECTION_EMAIL', headers: sessions.cpa1.headers });
    expect(mail.json().data).toMatchObject({ template_type: 'EMAIL', verNum: 243 });
    const range = await post('admin', '/backstage/getApplicationsCountBasedOnRange', { from: '2026-01-01', to: '2030-12-31' });
    expect(range.body.data.total).toBe(await count('true'));
    const byInit = await post('admin', '/backstage/getApplicationsByInitiatedByAndProductType', { initiatedBy: 'dev1', product_code: 'HL' });
    expect(byInit.body.count).toBe(await count(`status = 'ACTIVE' AND initiated_by = 'dev1' AND product_code = 'HL'`));

    // /app/status_update goes through the matching action and its rules.
    const mineRow = fetched.body.data[0];
    const wrong = await post('cpa1', '/app/status_update', { application_id: mineRow.application_id, verNum: mineRow.verNum, status: 'COMPLETED' });
    expect(wrong.status).toBe(400);
    const noReason = await post('cpa1', '/app/status_update', { application_id: mineRow.application_id, verNum: mineRow.verNum, status: 'INACTIVE' });
    expect(noReason.status).toBe(400); // a hold needs a reason (issue 25)
    const onHold = await post('cpa1', '/app/status_update', { application_id: mineRow.application_id, verNum: mineRow.verNum, status: 'INACTIVE', reason: 'Customer travelling' });
    expect(onHold.status).toBe(200);
    expect(onHold.body.data.application_status).toBe('INACTIVE');
  });
});
