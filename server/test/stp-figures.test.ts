import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { portalSubmit } from './helpers/stp-submit';

/**
 * The figures a lender watches of straight-through processing (issue 29): the share decided with nobody touching it,
 * submission → decision p50/p95 and the reasons for referral — on the managers' dashboard and in /metrics.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CREDIT_JOB_POLL_MS: '100' });
}, 180_000);
afterAll(() => t.close());

async function settle(ids: string[]) {
  for (let i = 0; i < 300; i++) {
    const { rows } = await t.app.db.query(`SELECT 1 FROM stp_runs WHERE application_id = ANY($1::text[]) AND state = 'RUNNING'`, [ids]);
    if (!rows.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('runs did not end');
}

test(`dashboard and /metrics: 1 of 3 straight through, its time, the referral reasons (${dbKind()})`, async () => {
  const ids = [
    (await portalSubmit(t.app, { panNumber: 'ABCDE0200F' })).id, // APPROVE: offer and KFS
    (await portalSubmit(t.app, { panNumber: 'ABCDE0100F' })).id, // REFER: bureau score
    (await portalSubmit(t.app, { panNumber: 'ABCDE0201F', loanAmount: 900000 })).id, // knocked out: amount band
  ];
  await settle(ids);
  const today = new Date().toISOString().slice(0, 10);
  const nsm1 = await loginAs(t.app, 'nsm1');
  const res = await t.app.inject({ method: 'POST', url: '/backstage/dashboard', headers: nsm1.headers, payload: { from: today, to: today } });
  expect(res.statusCode).toBe(200);
  const f = res.json().data.straightThrough;
  expect(f).toMatchObject({ submitted: 3, straightThrough: 1, running: 0, share: 0.333 });
  expect(f.referralReasons).toEqual(expect.arrayContaining([{ code: 'BUREAU_SCORE', count: 1 }, { code: 'AMOUNT_BAND', count: 1 }]));
  expect(f.p50Seconds).toBeGreaterThan(0);
  expect(f.p95Seconds).toBeGreaterThanOrEqual(f.p50Seconds);
  expect(f.p95Seconds).toBeLessThan(60);
  // Outside the period: nothing.
  const before = await t.app.inject({ method: 'POST', url: '/backstage/dashboard', headers: nsm1.headers, payload: { from: '2020-01-01', to: '2020-01-02' } });
  expect(before.json().data.straightThrough).toMatchObject({ submitted: 0, straightThrough: 0, share: 0, p50Seconds: null, p95Seconds: null, referralReasons: [] });

  const metrics = (await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).body;
  expect(metrics).toContain('stp_applications_24h{result="submitted"} 3');
  expect(metrics).toContain('stp_applications_24h{result="decided"} 1');
  expect(metrics).toContain('stp_share_24h 0.333');
  expect(metrics).toMatch(/stp_decision_seconds_24h\{quantile="0\.95"\} [0-9.]+/);
  expect(metrics).toContain('stp_referrals_24h{reason="AMOUNT_BAND"} 1');
  expect(metrics).toContain('stp_referrals_24h{reason="BUREAU_SCORE"} 1');
}, 60_000);
