import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import type { Json } from './helpers/json';
import { openOverdue, percentileOf } from '../src/domain/managers/dashboard';

/**
 * Issue 18 dashboard: each chart's query against a hand count. The period charts read March 2020, which the generated
 * demo book does not reach, filled here with a small hand-made book; the pipeline (now) is checked against a count of
 * the applications table itself.
 */
let t: TestApp;
const headers: Record<string, { access_token: string; sessionId: string }> = {};
const PERIOD = { from: '2020-03-01', to: '2020-03-04' };

async function q(sql: string, params: unknown[] = []) {
  return (await t.app.db.query<Json>(sql, params)).rows;
}
let seq = 0;
/** A finished step of an application: [branch app, step, team, start, minutes, limit]. */
async function step(app: string, stepName: string, team: string, start: string, minutes: number, limit: number | null) {
  const end = new Date(Date.parse(start) + minutes * 60000).toISOString();
  await q(
    `INSERT INTO tasks (task_id, application_id, name, progress, assigned_team, step_name, overall_start, overall_end, overall_limit_mins)
     VALUES ($1, $2, $3, 'Completed', $4, $3, $5, $6, $7)`,
    [`T-DASH-${++seq}`, app, stepName, [team], start, end, limit],
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const north = (await q(`SELECT application_id FROM applications WHERE branch = 'BR-NORTH' ORDER BY id LIMIT 6`)).map((r) => r.application_id);
  const south = (await q(`SELECT application_id FROM applications WHERE branch = 'BR-SOUTH' ORDER BY id LIMIT 2`)).map((r) => r.application_id);
  // Data Entry in the north: 10, 20, 30, 40, 50 minutes on 2 March (no limit) → median 30, p90 50.
  for (const m of [10, 20, 30, 40, 50]) await step(north[0], 'Data Entry', 'CPA-NORTH', '2020-03-02T08:00:00Z', m, null);
  // Credit in the north: 60, 120, 1500 minutes on 3 March, limit 100 → two breached; median 120, p90 1500.
  for (const m of [60, 120, 1500]) await step(north[1], 'Credit', 'CREDIT', m === 1500 ? '2020-03-02T00:00:00Z' : '2020-03-03T08:00:00Z', m, 100);
  // One in the south, 5 minutes over a 1-minute limit on 2 March.
  await step(south[0], 'Data Entry', 'CPA-SOUTH', '2020-03-02T09:00:00Z', 5, 1);
  // Closed in March: north PL 3 approved (cpa1, 100,000 each), 1 rejected; north HL 1 cancelled; south HL 1 rejected.
  const close = (id: string, status: string, product: string, by = 'cpa2', amount = 50000) =>
    q(`UPDATE applications SET status = $2, product_code = $3, closed_at = '2020-03-03T12:00:00Z', initiated_by = $4, loan_amount = $5, application_type = 'APPLICATION' WHERE application_id = $1`,
      [id, status, product, by, amount]);
  for (const id of north.slice(2, 5)) await close(id, 'COMPLETED', 'PL', 'cpa1', 100000);
  await close(north[5], 'REJECTED', 'PL');
  await close(north[0], 'CANCELLED', 'HL');
  await close(south[1], 'REJECTED', 'HL');
  for (const u of ['bh1', 'bcm1', 'cpa1', 'nsm1']) headers[u] = (await loginAs(t.app, u)).headers;
});
afterAll(() => t.close());

async function dash(user: string, body: Json) {
  const res = await t.app.inject({ method: 'POST', url: '/backstage/dashboard', headers: headers[user], payload: body });
  return { status: res.statusCode, body: res.json() as Json };
}

describe(`dashboard on ${dbKind()}`, () => {
  test('percentiles of a histogram are percentile_disc', () => {
    expect(percentileOf([{ minutes: 10, n: 1 }, { minutes: 20, n: 1 }, { minutes: 30, n: 1 }, { minutes: 40, n: 1 }], 0.5)).toBe(20);
    expect(percentileOf([{ minutes: 40, n: 9 }, { minutes: 10, n: 1 }], 0.9)).toBe(40);
    expect(percentileOf([], 0.5)).toBeNull();
  });

  test('pipeline: ACTIVE applications by step and product, as the book counts them, per branch', async () => {
    const r = await dash('bh1', { ...PERIOD, branch: ['BR-NORTH'] });
    expect(r.status).toBe(200);
    const want = await q(`SELECT step_name AS "stepName", product_code, count(*)::int AS count FROM applications
      WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND branch = 'BR-NORTH' GROUP BY 1, 2 ORDER BY 1, 2`);
    expect(want.length).toBeGreaterThan(2);
    expect(r.body.data.pipeline).toEqual(want);
    const hl = await dash('bh1', { ...PERIOD, product_code: ['HL'] });
    expect(hl.body.data.pipeline.every((p: Json) => p.product_code === 'HL')).toBe(true);
    expect(hl.body.data.pipeline.reduce((s: number, p: Json) => s + p.count, 0)).toBe(
      (await q(`SELECT count(*)::int AS n FROM applications WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND product_code = 'HL'`))[0].n,
    );
  });

  test('turnaround per step: median and p90 of the hand-made steps', async () => {
    const north = (await dash('bh1', { ...PERIOD, branch: ['BR-NORTH'] })).body.data;
    expect(north.turnaround).toEqual([
      { stepName: 'Credit', count: 3, medianMinutes: 120, p90Minutes: 1500 },
      { stepName: 'Data Entry', count: 5, medianMinutes: 30, p90Minutes: 50 },
    ]);
    const both = (await dash('bh1', PERIOD)).body.data;
    expect(both.turnaround.find((s: Json) => s.stepName === 'Data Entry')).toEqual({ stepName: 'Data Entry', count: 6, medianMinutes: 20, p90Minutes: 50 });
  });

  test('SLA breaches by team and per day; open overdue work counted from the book', async () => {
    const north = (await dash('bh1', { ...PERIOD, branch: ['BR-NORTH'] })).body.data;
    const overdue = async (team: string) =>
      (await q(`SELECT count(*)::int AS n FROM applications WHERE status = 'ACTIVE' AND assigned_team = $1 AND branch = 'BR-NORTH' AND sla_due_at < now()`, [team]))[0].n;
    expect(north.slaByTeam.find((x: Json) => x.team === 'CREDIT')).toEqual({ team: 'CREDIT', finished: 3, breached: 2, openOverdue: await overdue('CREDIT') });
    expect(north.slaByTeam.find((x: Json) => x.team === 'CPA-NORTH')).toEqual({ team: 'CPA-NORTH', finished: 5, breached: 0, openOverdue: await overdue('CPA-NORTH') });
    expect(north.slaByTeam.find((x: Json) => x.team === 'CPA-SOUTH')).toBeUndefined();
    expect(north.slaTrend).toEqual([
      { day: '2020-03-01', finished: 0, breached: 0 },
      { day: '2020-03-02', finished: 5, breached: 0 },
      { day: '2020-03-03', finished: 3, breached: 2 },
      { day: '2020-03-04', finished: 0, breached: 0 },
    ]);
    expect((await dash('bh1', PERIOD)).body.data.slaTrend[1]).toEqual({ day: '2020-03-02', finished: 6, breached: 1 });
  });

  test('open overdue work stays exact as due times, teams and statuses change (open_sla_hourly)', async () => {
    const ids = (await q(`SELECT application_id FROM applications WHERE status = 'ACTIVE' AND branch = 'BR-NORTH' ORDER BY id DESC LIMIT 6`)).map((r) => r.application_id);
    await q(`UPDATE applications SET sla_due_at = now() - interval '3 hours', assigned_team = 'CREDIT' WHERE application_id = ANY($1)`, [ids.slice(0, 2)]);
    await q(`UPDATE applications SET sla_due_at = now() + interval '3 days' WHERE application_id = ANY($1)`, [ids.slice(2, 4)]);
    await q(`UPDATE applications SET status = 'INACTIVE' WHERE application_id = $1`, [ids[4]]);
    await q(`UPDATE applications SET sla_due_at = now() - interval '1 second' WHERE application_id = $1`, [ids[5]]); // the current hour
    const want = await q(`SELECT assigned_team AS team, count(*)::int AS n FROM applications
      WHERE status = 'ACTIVE' AND branch = 'BR-NORTH' AND sla_due_at < now() AND assigned_team IS NOT NULL GROUP BY 1 ORDER BY 1`);
    const got = (await dash('bh1', { ...PERIOD, branch: ['BR-NORTH'] })).body.data.slaByTeam.filter((x: Json) => x.openOverdue > 0);
    expect(got.map((x: Json) => ({ team: x.team, n: x.openOverdue }))).toEqual(want);
  });

  test('open overdue work is exact early, midway and late in an hour (either side of the current hour is read)', async () => {
    const ids = (await q(`SELECT application_id FROM applications WHERE status = 'ACTIVE' AND branch = 'BR-NORTH' ORDER BY id DESC LIMIT 5`)).map((r) => r.application_id);
    const dues = ['2031-01-01T09:50:00Z', '2031-01-01T10:01:00Z', '2031-01-01T10:10:00Z', '2031-01-01T10:50:00Z', '2031-01-01T11:10:00Z'];
    for (const [i, id] of ids.entries()) await q(`UPDATE applications SET sla_due_at = $2, assigned_team = 'CREDIT' WHERE application_id = $1`, [id, dues[i]]);
    const scope = { options: [], from: PERIOD.from, to: PERIOD.to, branches: ['BR-NORTH'], products: null };
    for (const at of ['2031-01-01T10:05:00Z', '2031-01-01T10:31:00Z', '2031-01-01T10:55:00Z', '2031-01-01T11:00:00Z']) {
      const want = await q(`SELECT assigned_team AS team, count(*)::int AS n FROM applications
        WHERE status = 'ACTIVE' AND branch = 'BR-NORTH' AND sla_due_at < $1 AND assigned_team IS NOT NULL GROUP BY 1 ORDER BY 1`, [at]);
      const got = await openOverdue(t.app.db, scope, new Date(at));
      expect([...got.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([team, n]) => ({ team, n }))).toEqual(want);
      expect((await openOverdue(t.app.db, scope, new Date(at), 'CREDIT')).get('CREDIT')).toBe(want.find((w) => w.team === 'CREDIT')!.n);
    }
  });

  test('the SLA aggregates (069) stay equal to counts of the book across inserts, updates and deletes', async () => {
    const [a, b] = (await q(`SELECT application_id FROM applications WHERE status = 'ACTIVE' AND branch = 'BR-SOUTH' ORDER BY id LIMIT 2`)).map((r) => r.application_id);
    await q(`UPDATE applications SET assigned_team = 'CREDIT', sla_due_at = now() - interval '2 days' WHERE application_id = $1`, [a]);
    await q(`UPDATE applications SET status = 'INACTIVE' WHERE application_id = $1`, [b]);
    await q(`DELETE FROM tasks WHERE task_id = (SELECT task_id FROM tasks WHERE step_name = 'Credit' AND task_id LIKE 'T-DASH-%' ORDER BY task_id LIMIT 1)`);
    await step(a, 'Credit', 'CREDIT', '2020-03-04T10:00:00Z', 300, 100);
    await q(`UPDATE tasks SET assigned_team = '{CPA-NORTH}' WHERE task_id = $1`, [`T-DASH-${seq}`]);
    expect(await q(`SELECT assigned_team, branch, product_code, n::int FROM open_sla_totals WHERE n <> 0 ORDER BY 1, 2, 3`)).toEqual(
      await q(`SELECT assigned_team, branch, product_code, count(*)::int AS n FROM applications WHERE status = 'ACTIVE' AND sla_due_at IS NOT NULL GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    );
    // step_daily (062) is checked against hand counts above; its roll-up without step and minutes must equal step_team_daily.
    expect(await q(`SELECT day::text, branch, product_code, team, n::int, breached::int FROM step_team_daily WHERE n <> 0 OR breached <> 0 ORDER BY 1, 2, 3, 4`)).toEqual(
      await q(`SELECT day::text, branch, product_code, team, sum(n)::int AS n, sum(breached)::int AS breached FROM step_daily
                GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0 OR sum(breached) <> 0 ORDER BY 1, 2, 3, 4`),
    );
    const south = (await dash('bh1', { ...PERIOD, branch: ['BR-SOUTH'] })).body.data;
    expect(south.slaTrend[3]).toEqual({ day: '2020-03-04', finished: 1, breached: 1 });
    expect(south.slaByTeam.find((x: Json) => x.team === 'CPA-NORTH')).toMatchObject({ finished: 1, breached: 1 });
  });

  test('approval and rejection rates of the applications closed in the period', async () => {
    expect((await dash('bh1', { ...PERIOD, branch: ['BR-NORTH'] })).body.data.outcomes).toEqual({
      approved: 3, rejected: 1, cancelled: 1, approvalRate: 75, rejectionRate: 25,
      products: [
        { product_code: 'HL', approved: 0, rejected: 0, cancelled: 1, approvalRate: null, rejectionRate: null },
        { product_code: 'PL', approved: 3, rejected: 1, cancelled: 0, approvalRate: 75, rejectionRate: 25 },
      ],
    });
    expect((await dash('bh1', PERIOD)).body.data.outcomes).toMatchObject({ approved: 3, rejected: 2, cancelled: 1, approvalRate: 60, rejectionRate: 40 });
  });

  test('targets vs achieved per officer for the month the period ends in', async () => {
    const set = await t.app.inject({ method: 'POST', url: '/target/setTarget', headers: headers.bh1, payload: { scope: 'USER', subject: 'cpa1', period: '2020-03', amount: 400000, count: 4 } });
    expect(set.statusCode).toBe(200);
    expect((await dash('bh1', PERIOD)).body.data.targets).toEqual({
      period: '2020-03',
      officers: [{ userId: 'cpa1', product_code: '*', targetAmount: 400000, achievedAmount: 300000, targetCount: 4, achievedCount: 3 }],
    });
  });

  test('who may open it, and what each sees; bad periods are 400/1101', async () => {
    expect((await dash('cpa1', PERIOD)).status).toBe(403); // not in the REPORTS activity group
    const bcm = (await dash('bcm1', PERIOD)).body.data; // reach: own branch only
    expect(bcm.branchOptions).toEqual([{ teamId: 'BR-NORTH', name: 'North Branch' }]);
    expect(bcm.outcomes.approved).toBe(3);
    expect((await dash('bcm1', { ...PERIOD, branch: ['BR-SOUTH'] })).body.data).toMatchObject({ pipeline: [], turnaround: [], outcomes: { approved: 0, rejected: 0 } });
    expect((await dash('nsm1', PERIOD)).body.data.branchOptions.map((b: Json) => b.teamId)).toEqual(['BR-NORTH', 'BR-SOUTH']);
    const reversed = await dash('bh1', { from: '2020-03-04', to: '2020-03-01' });
    expect(reversed.status).toBe(400);
    expect(reversed.body.data[0]).toEqual({ label: 'to', reason: 'must not be before from' });
    expect((await dash('bh1', { from: '2019-01-01', to: '2020-03-01' })).status).toBe(400);
    expect((await dash('bh1', { from: '2020-02-30', to: '2020-03-01' })).status).toBe(400);
  });
  test('drill-down: the applications behind a pipeline bar, an outcome and a team\'s overdue work, as the book lists them', async () => {
    const drill = async (user: string, body: Json) => {
      const res = await t.app.inject({ method: 'POST', url: '/backstage/dashboard/applications', headers: headers[user], payload: { ...PERIOD, ...body } });
      return { status: res.statusCode, body: res.json() as Json };
    };
    const ids = (r: Json) => r.body.data.map((x: Json) => x.application_id);
    // Pipeline: the biggest north bar; its count is the bar's, its rows the book's newest first, paged without overlap.
    const bar = (await dash('bh1', { ...PERIOD, branch: ['BR-NORTH'] })).body.data.pipeline.sort((x: Json, y: Json) => y.count - x.count)[0];
    const want = (await q(`SELECT application_id FROM applications WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND branch = 'BR-NORTH'
      AND step_name = $1 AND product_code = $2 ORDER BY id DESC`, [bar.stepName, bar.product_code])).map((r) => r.application_id);
    expect(want.length).toBe(bar.count);
    const first = await drill('bh1', { chart: 'pipeline', stepName: bar.stepName, branch: ['BR-NORTH'], product_code: [bar.product_code], pagination: { pageSize: 5 } });
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(bar.count);
    expect(ids(first)).toEqual(want.slice(0, 5));
    if (want.length > 5) {
      const next = await drill('bh1', { chart: 'pipeline', stepName: bar.stepName, branch: ['BR-NORTH'], product_code: [bar.product_code], pagination: { pageSize: 5, cursor: first.body.pageInfo.nextCursor } });
      expect(ids(next)).toEqual(want.slice(5, 10));
    }
    // Outcomes: approved in the north in the period = the three hand-closed PL applications; rejected everywhere = two.
    const approved = await drill('bh1', { chart: 'outcomes', status: 'COMPLETED', branch: ['BR-NORTH'] });
    expect(approved.body.count).toBe(3);
    expect(ids(approved).sort()).toEqual((await q(`SELECT application_id FROM applications WHERE closed_at = '2020-03-03T12:00:00Z' AND status = 'COMPLETED' AND branch = 'BR-NORTH' ORDER BY 1`)).map((r) => r.application_id));
    expect((await drill('bh1', { chart: 'outcomes', status: 'REJECTED' })).body.data).toHaveLength(2);
    expect((await drill('bh1', { chart: 'outcomes', status: 'REJECTED', from: '2020-03-04', to: '2020-03-04' })).body).toMatchObject({ data: [], count: 0 });
    // SLA by team: the team's ACTIVE applications past due now, with the chart's figure as count.
    const team = (await dash('bh1', PERIOD)).body.data.slaByTeam.find((x: Json) => x.openOverdue > 0);
    const overdue = (await q(`SELECT application_id FROM applications WHERE status = 'ACTIVE' AND application_type = 'APPLICATION' AND assigned_team = $1
      AND sla_due_at < now() AND branch IN (SELECT team_id FROM geo_branches) ORDER BY id DESC LIMIT 10`, [team.team])).map((r) => r.application_id);
    const late = await drill('bh1', { chart: 'slaByTeam', team: team.team });
    expect(late.body.count).toBe(team.openOverdue);
    expect(ids(late)).toEqual(overdue);
    // Bounded by the caller's reach; bad requests are 400/1101 naming the field; outside REPORTS 403.
    expect((await drill('bcm1', { chart: 'outcomes', status: 'REJECTED', branch: ['BR-SOUTH'] })).body).toMatchObject({ data: [], count: 0 });
    expect((await drill('bcm1', { chart: 'outcomes', status: 'REJECTED' })).body.count).toBe(1);
    const noStep = await drill('bh1', { chart: 'pipeline' });
    expect(noStep.status).toBe(400);
    expect(noStep.body.data[0].label).toBe('stepName');
    expect((await drill('bh1', { chart: 'slaByTeam' })).body.data[0].label).toBe('team');
    expect((await drill('bh1', { chart: 'outcomes', status: 'ACTIVE' })).status).toBe(400);
    expect((await drill('cpa1', { chart: 'outcomes', status: 'REJECTED' })).status).toBe(403);
  });
});
