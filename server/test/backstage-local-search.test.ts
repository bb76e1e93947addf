import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { generateApplications } from '../src/seed/generate-applications';

/**
 * POST /backstage/localSearch: the search text inside one list answers the page, the count of all
 * matches (with the §3 groups) and, with export: true, streams exactly those matches.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

beforeAll(async () => {
  t = await createTestApp();
  await generateApplications(t.app.db, 800, { batchSize: 800, spanDays: 60 });
  for (const u of ['bh1', 'cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read field by field and compared, not typed
type Json = Record<string, any>;
async function search(user: string, input: Json) {
  const res = await t.app.inject({ method: 'POST', url: '/backstage/localSearch', headers: headers[user], payload: input });
  return { status: res.statusCode, body: res.body, json: () => res.json() as Json, headers: res.headers };
}

/** Every match, page after page (counts: false after the first page). */
async function allMatches(user: string, input: Json): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const r = await search(user, { ...input, counts: false, pagination: { pageSize: 100, ...(cursor ? { cursor } : {}) } });
    expect(r.status).toBe(200);
    const body = r.json();
    ids.push(...body.data.map((x: Json) => x.application_id));
    cursor = body.pageInfo.hasMore ? body.pageInfo.nextCursor : null;
  } while (cursor);
  return ids;
}

/** A first name that several applications of the list share. */
async function commonFirstName(): Promise<string> {
  const { rows } = await t.app.db.query<{ w: string }>(
    `SELECT lower(split_part(applicant_name, ' ', 1)) AS w FROM applications WHERE status = 'ACTIVE' GROUP BY 1 HAVING count(*) BETWEEN 12 AND 200 ORDER BY count(*) DESC LIMIT 1`,
  );
  return rows[0].w;
}

describe(`local search count and export on ${dbKind()}`, () => {
  test('the reply counts every match of the list, not only the page, with the groups that make it up', async () => {
    const word = await commonFirstName();
    const input = { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE'], searchText: word };
    const first = await search('bh1', { ...input, pagination: { pageSize: 10 } });
    expect(first.status).toBe(200);
    const body = first.json();
    const every = await allMatches('bh1', input);
    expect(every.length).toBeGreaterThan(10);
    expect(body.data).toHaveLength(10);
    expect(body.count).toBe(every.length);
    expect(body.stageWise.reduce((n: number, s: Json) => n + s.count, 0)).toBe(every.length);
    expect(typeof body.closedCount).toBe('number');
    // The list without the text is larger; a §5 filter narrows the count of matches too.
    const filtered = await search('bh1', { ...input, filter: [{ field: 'product_code', operator: 'EQUAL', value: 'PL', type: 'dropdown' }], pagination: { pageSize: 10 } });
    expect(filtered.json().count).toBe((await allMatches('bh1', { ...input, filter: [{ field: 'product_code', operator: 'EQUAL', value: 'PL', type: 'dropdown' }] })).length);
    expect(filtered.json().count).toBeLessThan(every.length);
  });

  test('counts: false leaves the counts out (next pages)', async () => {
    const r = await search('bh1', { queryType: 'ALL_APPLICATIONS', searchText: await commonFirstName(), counts: false });
    expect(r.status).toBe(200);
    expect(r.json().count).toBeUndefined();
  });

  test('export: true streams exactly the matches of the searched list, as NDJSON with an export file name', async () => {
    const word = await commonFirstName();
    const input = { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE'], searchText: word };
    const r = await search('bh1', { ...input, export: true, pagination: { pageSize: 100 } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toContain('application/x-ndjson');
    expect(String(r.headers['content-disposition'])).toMatch(/all_applications_export_\d{8}T?\d{6}\.ndjson/);
    const lines = r.body.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Json);
    expect(lines.map((x) => x.application_id).sort()).toEqual((await allMatches('bh1', input)).sort());
  });

  test('the list scope still applies (cpa1 finds only their own list), and bad input is a 1101, not a 500', async () => {
    const word = await commonFirstName();
    const mine = await allMatches('cpa1', { queryType: 'MY_APPLICATIONS', searchText: word });
    const all = await allMatches('bh1', { queryType: 'ALL_APPLICATIONS', searchText: word });
    expect(mine.length).toBeLessThan(all.length);
    for (const bad of [{ queryType: 'ALL_APPLICATIONS' }, { queryType: 'ALL_APPLICATIONS', searchText: 'x'.repeat(101) }, { queryType: 'NOPE', searchText: word }, { queryType: 'ALL_APPLICATIONS', searchText: word, export: 'yes' }]) {
      const r = await search('bh1', bad);
      expect(r.status).toBe(400);
      expect(r.json().code).toBe(1101);
    }
  });
});
