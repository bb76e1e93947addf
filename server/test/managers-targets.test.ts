import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';

/**
 * Issue 18 targets: set by those §6's assignment permissions make responsible, achieved figures computed from the book
 * (COMPLETED applications the user initiated, closed within the month), checked against a hand count on January 2020,
 * a month the generated demo book does not reach.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};

/** Hand-made book of January 2020: [initiator, product, amount, status, closed_at, created_at]. */
const BOOK: [string, string, number, string, string, string][] = [
  ['cpa1', 'PL', 100000, 'COMPLETED', '2020-01-01T00:00:00Z', '2020-01-01T00:00:00Z'],
  ['cpa1', 'PL', 250000, 'COMPLETED', '2020-01-31T23:59:00Z', '2020-01-05T00:00:00Z'],
  ['cpa1', 'HL', 2000000, 'COMPLETED', '2020-01-15T10:00:00Z', '2020-01-06T00:00:00Z'],
  ['cpa1', 'PL', 70000, 'REJECTED', '2020-01-10T00:00:00Z', '2020-01-07T00:00:00Z'], // rejected: not achieved
  ['cpa1', 'PL', 90000, 'COMPLETED', '2020-02-01T00:00:00Z', '2020-01-25T00:00:00Z'], // closed in February
  ['cpa2', 'PL', 50000, 'COMPLETED', '2020-01-20T00:00:00Z', '2019-12-20T00:00:00Z'],
];

beforeAll(async () => {
  t = await createTestApp();
  const { rows } = await t.app.db.query<{ application_id: string }>(`SELECT application_id FROM applications ORDER BY id LIMIT ${BOOK.length}`);
  for (const [i, [by, product, amount, status, closed, created]] of BOOK.entries()) {
    await t.app.db.query(
      `UPDATE applications SET initiated_by = $2, product_code = $3, flow_id = $3 || '_FLOW', loan_amount = $4, status = $5, closed_at = $6, created_at = $7, application_type = 'APPLICATION'
        WHERE application_id = $1`,
      [rows[i].application_id, by, product, amount, status, closed, created],
    );
  }
  for (const u of ['cpa1', 'cpa2', 'bcm1', 'bh1', 'nsm1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function call(user: string, path: string, payload?: Json) {
  const res = await t.app.inject({ method: payload ? 'POST' : 'GET', url: `/target/${path}`, headers: headers[user], payload });
  return { status: res.statusCode, body: res.json() as Json };
}
const set = (user: string, body: Json) => call(user, 'setTarget', { period: '2020-01', ...body });

describe(`targets on ${dbKind()}`, () => {
  test('achieved figures are the hand count of COMPLETED applications closed in the month', async () => {
    expect((await call('bcm1', 'getLoanAmountByUserID', { userId: 'cpa1', period: '2020-01' })).body.data).toEqual({ userId: 'cpa1', period: '2020-01', product_code: '*', count: 3, amount: 2350000 });
    expect((await call('bcm1', 'getLoanAmountByUserID', { userId: 'cpa1', period: '2020-01', product_code: 'PL' })).body.data).toMatchObject({ count: 2, amount: 350000 });
    expect((await call('bcm1', 'getLoanAmountByUserID', { userId: 'cpa1', period: '2020-02' })).body.data).toMatchObject({ count: 1, amount: 90000 });
    // Started in January: five by cpa1 (cpa2's was created in December), by product and today's status.
    expect((await call('cpa1', 'getApplicationByInitiatedByAndProductType', { initiatedBy: 'cpa1', period: '2020-01' })).body.data).toEqual({
      userId: 'cpa1', period: '2020-01', count: 5,
      data: [
        { product_code: 'HL', status: 'COMPLETED', count: 1, amount: 2000000 },
        { product_code: 'PL', status: 'COMPLETED', count: 3, amount: 440000 },
        { product_code: 'PL', status: 'REJECTED', count: 1, amount: 70000 },
      ],
    });
    expect((await call('cpa1', 'getApplicationCountByInitiatedByAndFlowName', { initiatedBy: 'cpa1', flowName: 'PL_FLOW', period: '2020-01' })).body.data.count).toBe(4);
  });

  test('targets set by a team lead carry their achievement; a team achieves what its members did', async () => {
    const pl = await set('bcm1', { scope: 'USER', subject: 'cpa1', product_code: 'PL', amount: 500000, count: 4 });
    expect(pl.status).toBe(200);
    expect(pl.body.data).toMatchObject({ scope: 'USER', subject: 'cpa1', product_code: 'PL', target: { amount: 500000, count: 4 }, achieved: { count: 2, amount: 350000 }, verNum: 1, setBy: 'bcm1' });
    await set('bcm1', { scope: 'USER', subject: 'cpa1', amount: 3000000, count: 5 });
    await set('bcm1', { scope: 'USER', subject: 'cpa2', amount: 100000, count: 2 });
    const team = await set('bcm1', { scope: 'TEAM', subject: 'CPA-NORTH', amount: 4000000, count: 8 });
    expect(team.body.data.achieved).toEqual({ count: 4, amount: 2400000 }); // cpa1 3 + cpa2 1 (bcm1 none)

    const mine = await call('cpa1', 'getTargetByUserID', { userId: 'cpa1', period: '2020-01' });
    expect(mine.body.data.map((x: Json) => [x.product_code, x.target.amount, x.achieved.amount])).toEqual([['*', 3000000, 2350000], ['PL', 500000, 350000]]);
    const all = await call('bcm1', 'getTarget', { period: '2020-01' });
    expect(all.body.data.map((x: Json) => `${x.scope}:${x.subject}:${x.product_code}`)).toEqual(['USER:cpa1:*', 'USER:cpa1:PL', 'USER:cpa2:*', 'TEAM:CPA-NORTH:*']);
    // Overall: the USER targets bcm1 may read, summed (3,000,000 + 500,000 + 100,000) against what was achieved.
    const overall = await call('bcm1', 'getOveallTarget?period=2020-01');
    expect(overall.body.data).toEqual({ period: '2020-01', users: 2, target: { amount: 3600000, count: 11 }, achieved: { amount: 2350000 + 350000 + 50000, count: 6 }, percent: 76.4 });
  });

  test('who may set and read: refusals reveal nothing, a stale verNum is a 409, nothing half-written', async () => {
    const byCpa = await set('cpa1', { scope: 'USER', subject: 'cpa2', amount: 1, count: 1 });
    expect(byCpa.status).toBe(403);
    expect((await set('bcm1', { scope: 'USER', subject: 'dev1', amount: 1, count: 1 })).status).toBe(403); // not in a team bcm1 leads
    expect((await set('bh1', { scope: 'USER', subject: 'dev1', amount: 1, count: 1 })).status).toBe(200); // ALL_APPLICATIONS_ASSIGN
    expect((await set('nsm1', { scope: 'USER', subject: 'cpa2', product_code: 'HL', amount: 1, count: 1 })).status).toBe(200); // a reportee
    expect((await set('bh1', { scope: 'USER', subject: 'ghost', amount: 1, count: 1 })).status).toBe(404);
    expect((await set('bh1', { scope: 'USER', subject: 'cpa1', product_code: 'XX', amount: 1, count: 1 })).status).toBe(404);
    const bad = await set('bh1', { scope: 'USER', subject: 'cpa1', amount: -5, count: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(1101);
    const stale = await set('bh1', { scope: 'USER', subject: 'cpa2', amount: 7, count: 7, verNum: 9 });
    expect(stale.status).toBe(409);
    const cpa2 = (await call('bh1', 'getTargetByUserID', { userId: 'cpa2', period: '2020-01' })).body.data.find((x: Json) => x.product_code === '*');
    expect(cpa2).toMatchObject({ target: { amount: 100000, count: 2 }, verNum: 1 });
    expect((await set('bh1', { scope: 'USER', subject: 'cpa2', amount: 7, count: 7, verNum: 1 })).body.data).toMatchObject({ verNum: 2, setBy: 'bh1' });
    const history = await t.app.db.query<Json>(`SELECT h.set_by, h.amount::float AS amount FROM target_history h JOIN targets x ON x.id = h.target_id WHERE x.subject = 'cpa2' AND x.product_code = '*' ORDER BY h.id`);
    expect(history.rows).toEqual([{ set_by: 'bcm1', amount: 100000 }, { set_by: 'bh1', amount: 7 }]);
    // cpa2 may not read cpa1's figures: the same 404 as for a user that does not exist.
    const peek = await call('cpa2', 'getLoanAmountByUserID', { userId: 'cpa1' });
    const ghost = await call('cpa2', 'getLoanAmountByUserID', { userId: 'nobody' });
    expect(peek.status).toBe(404);
    expect(ghost.status).toBe(404);
    expect((await call('cpa2', 'getTarget', { period: '2020-01' })).body.data.map((x: Json) => x.subject)).toEqual(['cpa2', 'cpa2', 'CPA-NORTH']); // own targets and their team's
  });
});
