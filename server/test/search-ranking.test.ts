import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { generateApplications } from '../src/seed/generate-applications';

/**
 * Global search finds people and ids (issue 26): word prefixes and fragments of names, any fragment of the
 * application id (digits alone too), case and accents ignored, the exact id first, and never an application the
 * caller may not open.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- replies are read field by field and compared, not typed
type Json = Record<string, any>;

/** Gives an application one applicant with these names, a North branch, no task holder. */
async function person(id: string, first: string, last: string, branch = 'BR-NORTH', extra: Json = {}) {
  const applicant = [{ applicantId: `${id}-P`, type: 'primary', firstName: first, lastName: last, ...extra }];
  await t.app.db.query(
    `UPDATE applications SET applicant_name = $2, email = NULL, mobile = $3, branch = $4, assigned_team = NULL, assigned_to = NULL,
       custom_fields = custom_fields - 'email' - 'mobile' || jsonb_build_object('firstName', $5::text, 'lastName', $6::text), doc = jsonb_build_object('applicant', $7::jsonb)
     WHERE application_id = $1`,
    [id, `${first} ${last}`, extra.mobile ?? null, branch, first, last, JSON.stringify(applicant)],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  await generateApplications(t.app.db, 300, { batchSize: 300, spanDays: 60 });
  // Everybody else is named so that no other row carries "raj" or "241": the assertions see only ours.
  const { rows } = await t.app.db.query<{ application_id: string }>(`SELECT application_id FROM applications`);
  for (const r of rows) await person(r.application_id, 'Neha', 'Shah', 'BR-NORTH', { mobile: '9000000000' });
  await person('APP-00000241', 'Rājeśwarī', 'Iyer');
  await person('APP-00000107', 'Rajat', 'Verma', 'BR-NORTH', { panNumber: 'ABCPV1234K' });
  await person('APP-00000150', 'Rajesh', 'Kumar');
  await person('APP-00000160', 'Suraj', 'Nair');
  // A South application nobody in the North holds: cpa1 (BR-NORTH, CPA-NORTH) may not open it.
  await person('APP-00000170', 'Rajiv', 'Menon', 'BR-SOUTH');
  for (const u of ['admin', 'cpa1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function search(user: string, searchText: string, cursor?: string) {
  const res = await t.app.inject({ method: 'POST', url: '/backstage/globalSearch', headers: headers[user], payload: { searchText, ...(cursor ? { pagination: { cursor } } : {}) } });
  expect(res.statusCode).toBe(200);
  return res.json() as Json;
}
const ids = (body: Json) => body.data.map((x: Json) => x.application_id);

describe(`search ranking on ${dbKind()}`, () => {
  test('"Raj" finds Rajeshwari and Rajat by prefix, then Suraj by substring; "rajesh" finds Rajesh Kumar', async () => {
    const raj = ids(await search('admin', 'Raj'));
    expect(raj).toEqual(expect.arrayContaining(['APP-00000241', 'APP-00000107', 'APP-00000150', 'APP-00000170', 'APP-00000160']));
    expect(raj).toHaveLength(5);
    // Word prefixes (newest first) before the substring match.
    expect(raj[raj.length - 1]).toBe('APP-00000160');
    expect(ids(await search('admin', 'rajesh'))).toEqual(['APP-00000150']);
    expect(ids(await search('admin', 'rajesh kumar'))).toEqual(['APP-00000150']);
    expect(ids(await search('admin', 'kum'))).toEqual(['APP-00000150']);
  });

  test('accents and case are ignored both ways', async () => {
    for (const text of ['RAJESWARI', 'rajeśwarī', 'Rājeśw', 'eswari']) expect(ids(await search('admin', text))).toEqual(['APP-00000241']);
    expect(ids(await search('admin', 'abcpv1234k'))).toEqual(['APP-00000107']);
  });

  test('any fragment of the id finds it, digits alone too, and the exact id ranks first', async () => {
    for (const text of ['241', '00000241', 'app-00000241', 'APP-00000241']) expect(ids(await search('admin', text))[0]).toBe('APP-00000241');
    // "APP-0000024" is a fragment: APP-00000240…249 all match; "24" names APP-00000024 exactly, first.
    expect(ids(await search('admin', 'APP-0000024'))).toEqual(expect.arrayContaining(['APP-00000241', 'APP-00000240']));
    const twentyFour = ids(await search('admin', '24'));
    expect(twentyFour[0]).toBe('APP-00000024');
    expect(twentyFour).toHaveLength(10);
    // "107" is Rajat's id by exact match, ahead of the ids that merely contain 107 (APP-00000107 only here) .
    expect(ids(await search('admin', '107'))[0]).toBe('APP-00000107');
  });

  test('pages continue by (rank, id) without repeats', async () => {
    const first = await search('admin', '24');
    expect(first.pageInfo.hasMore).toBe(true);
    const second = await search('admin', '24', first.pageInfo.nextCursor);
    const all = [...ids(first), ...ids(second)];
    expect(new Set(all).size).toBe(all.length);
    expect(all).not.toContain(undefined);
  });

  test('a user never finds an application outside visibility, and the reply is that of no match at all', async () => {
    expect(ids(await search('admin', 'rajiv'))).toEqual(['APP-00000170']);
    const hidden = await search('cpa1', 'rajiv');
    const nothing = await search('cpa1', 'zzqqxx');
    expect(hidden).toEqual(nothing);
    expect(hidden.data).toEqual([]);
    expect(ids(await search('cpa1', '170'))).not.toContain('APP-00000170');
    expect(ids(await search('cpa1', 'Raj'))).not.toContain('APP-00000170');
    expect(ids(await search('cpa1', 'Raj'))).toContain('APP-00000241');
  });

  test('"Search this list" finds the same fragments inside the list', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/backstage/localSearch', headers: headers.admin, payload: { queryType: 'ALL_APPLICATIONS', _applicationStatus: ['ACTIVE', 'COMPLETED', 'REJECTED', 'CANCELLED', 'DELETED'], searchText: 'kumār' } });
    expect(res.statusCode).toBe(200);
    expect(ids(res.json())).toEqual(['APP-00000150']);
  });
});
