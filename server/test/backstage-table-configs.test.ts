import { LIST_TYPES, type TableColumn, type TableConfig } from '@lendline/shared/contract';
import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { generateApplications } from '../src/seed/generate-applications';

/**
 * The table configs of the nine lists against the rows the lists send: every column's key is where
 * its value sits in a row, and every sortable / filterable column is accepted by the server under
 * its sort / filter name (and really orders / narrows the rows by that column).
 */
const sortFieldOf = (c: TableColumn) => c.sortKey ?? c.key;
const filterFieldOf = (c: TableColumn) => c.filterKey ?? c.key;

let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};
const USERS = ['admin', 'bh1', 'bcm1', 'cpa1'];

beforeAll(async () => {
  t = await createTestApp();
  await generateApplications(t.app.db, 400, { batchSize: 400, spanDays: 60 });
  for (const u of USERS) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read field by field and compared, not typed
type Json = Record<string, any>;
async function call(user: string, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, headers: headers[user], payload: payload as Json });
  return { status: res.statusCode, body: res.json() as Json };
}
const config = async (id: string) => (await call('admin', 'GET', `/backstage/getTableConfig/${id}`)).body.data as TableConfig;
const list = (user: string, input: Json) => call(user, 'POST', '/backstage/getApplications', { pagination: { pageSize: 100 }, counts: false, ...input });

/** The same reading the page does: a row key, or a dotted path such as customFields.loanAmount. */
function cell(row: Json, key: string): { found: boolean; value: unknown } {
  if (key in row) return { found: true, value: row[key] };
  let v: unknown = row;
  for (const part of key.split('.')) {
    if (v == null || typeof v !== 'object' || !(part in (v as Json))) return { found: false, value: undefined };
    v = (v as Json)[part];
  }
  return { found: true, value: v };
}

/** The first of the users whose list of this type has rows, with those rows. */
async function rowsOf(type: string, status: string): Promise<{ user: string; rows: Json[] } | null> {
  for (const user of USERS) {
    const r = await list(user, { queryType: type, _applicationStatus: [status] });
    expect(r.status).toBe(200);
    if (r.body.data.length) return { user, rows: r.body.data };
  }
  return null;
}

const comparable = (c: TableColumn, v: unknown) => (v == null ? null : c.type === 'amount' ? Number(v) : c.type === 'date' ? new Date(String(v)).getTime() : String(v));

describe(`table configs and list rows agree on ${dbKind()}`, () => {
  test.each([...LIST_TYPES])('%s: column keys are row keys; sort and filter names are accepted and act on that column', async (type) => {
    const cfg = await config(type);
    expect(cfg.tableId).toBe(type);
    const found = await rowsOf(type, cfg.defaultStatus ?? 'ACTIVE');
    if (!found) return; // no demo user has rows in this list (asserted below for the main lists)
    const { user, rows } = found;

    // Every column is read from the row under its key (the value may be null, the key is there).
    for (const c of cfg.columns) expect({ column: c.key, found: rows.every((r) => cell(r, c.key).found) }).toEqual({ column: c.key, found: true });

    // Sorting: the server takes the column's sort name and orders the rows by the column's values (NULLs last).
    for (const c of cfg.columns.filter((x) => x.sortable)) {
      const r = await list(user, { queryType: type, _applicationStatus: [cfg.defaultStatus ?? 'ACTIVE'], sort: { field: sortFieldOf(c), order: 'desc' } });
      expect({ column: c.key, status: r.status }).toEqual({ column: c.key, status: 200 });
      const values = (r.body.data as Json[]).map((row) => comparable(c, cell(row, c.key).value));
      const present = values.filter((v) => v != null);
      expect(values.slice(0, present.length)).toEqual(present); // NULLs last
      const sorted = [...present].sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? b - a : String(b).localeCompare(String(a), 'en', { sensitivity: 'base' }) || 0));
      if (c.type === 'amount' || c.type === 'date') expect({ column: c.key, values: present }).toEqual({ column: c.key, values: sorted });
    }

    // Filtering: EQUAL on a value of the first row keeps only rows with that value in the column.
    for (const c of cfg.columns.filter((x) => x.filterable)) {
      const sample = rows.map((row) => cell(row, c.key).value).find((v) => v != null && v !== '');
      if (sample == null || typeof sample === 'object') continue;
      const value = c.type === 'date' ? String(sample).slice(0, 10) : sample;
      const r = await list(user, { queryType: type, _applicationStatus: [cfg.defaultStatus ?? 'ACTIVE'], filter: [{ field: filterFieldOf(c), operator: 'EQUAL', value, type: c.type }] });
      expect({ column: c.key, status: r.status }).toEqual({ column: c.key, status: 200 });
      const got = r.body.data as Json[];
      expect(got.length).toBeGreaterThan(0);
      for (const row of got) {
        const v = cell(row, c.key).value;
        if (c.type === 'date') expect(String(v).slice(0, 10)).toBe(value);
        else if (c.type === 'text') expect(String(v).toLowerCase()).toBe(String(value).toLowerCase());
        else expect(String(v)).toBe(String(value));
      }
    }
  });

  test('the main lists have rows for some demo user (so the checks above ran)', async () => {
    for (const type of ['ALL_APPLICATIONS', 'TEAM_APPLICATIONS', 'MY_APPLICATIONS', 'MY_APPROVALS']) expect({ type, rows: !!(await rowsOf(type, 'ACTIVE')) }).toEqual({ type, rows: true });
  });

  test('a table config stored with database column names is served with the row keys', async () => {
    const legacy = { ...(await config('TEAM_APPLICATIONS')), title: 'Legacy' } as TableConfig;
    legacy.columns = [
      { key: 'step_name', label: 'Stage', type: 'text', filterable: true },
      { key: 'task_progress', label: 'Progress', type: 'dropdown', filterable: true },
      { key: 'assigned_team', label: 'Team', type: 'text', filterable: true },
      { key: 'sla_due_at', label: 'SLA due', type: 'date', filterable: true, sortable: true },
      { key: 'application_id', label: 'Application ID', type: 'text', filterable: true, sortable: true },
    ];
    await t.app.db.query(`INSERT INTO table_configs (table_id, ver_num, mode, body) VALUES ('TEAM_APPLICATIONS', 9999, 'SAVED', $1)`, [JSON.stringify(legacy)]);
    try {
      const served = await config('TEAM_APPLICATIONS');
      expect(served.title).toBe('Legacy');
      expect(served.columns).toEqual([
        { key: 'stepName', label: 'Stage', type: 'text', filterable: true },
        { key: 'progress', label: 'Progress', type: 'dropdown', filterable: true },
        { key: 'assignedTeam', label: 'Team', type: 'text', filterable: true },
        { key: 'slaDueAt', label: 'SLA due', type: 'date', filterable: true, sortable: true },
        { key: 'application_id', label: 'Application ID', type: 'text', filterable: true, sortable: true },
      ]);
    } finally {
      await t.app.db.query(`DELETE FROM table_configs WHERE table_id = 'TEAM_APPLICATIONS' AND ver_num = 9999`);
    }
  });
});
