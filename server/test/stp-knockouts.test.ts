import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { startCreditDouble, type CreditDouble } from './helpers/credit-double';
import { portalSubmit } from './helpers/stp-submit';
import { renderWorklog, type WorklogText } from '../src/domain/tasks/worklog-text';

/**
 * Straight-through eligibility and knock-outs (issue 29): outside the policy, or knocked out (age, amount band, pin
 * code served, another open application for the PAN), nothing is called — no job, no bureau report — and the
 * application waits in its team's queue with the reason in the worklog. An adapter that keeps failing hands over too.
 */
let t: TestApp;
let d: CreditDouble;
beforeAll(async () => {
  d = await startCreditDouble();
  process.env.OUTBOUND_ALLOW_HOSTS = d.allowHost; // loopback on a test port: the outbound guard's opt-in
  t = await createTestApp({ CREDIT_JOB_POLL_MS: '100', CREDIT_JOB_MAX_ATTEMPTS: '2' });
}, 180_000);
afterAll(async () => {
  await t.close();
  await d.close();
});

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.app.db.query(sql, params)).rows as T[];
const runOf = async (id: string) => (await q<{ state: string; outcome: string | null; reasons: { code: string; reason: string }[]; done: string[] }>(`SELECT state, outcome, reasons, done FROM stp_runs WHERE application_id = $1`, [id]))[0];
/** Nothing paid was asked for: no job on the queue, no bureau or bank-statement report. */
const nothingCalled = async (id: string) => {
  expect(await q(`SELECT call_id FROM integration_calls WHERE application_id = $1`, [id])).toEqual([]);
  expect(await q(`SELECT kind FROM credit_reports WHERE application_id = $1`, [id])).toEqual([]);
};
/** Latin words that are language (not ids in capitals, not words joined to digits), as the Hindi walk reads them. */
const latinWords = (s: string) => (s.match(/[\p{L}\p{N}_-]+/gu) ?? []).filter((w) => /[a-z]{2,}/.test(w) && !/\d/.test(w));
const stoppedFor = async (id: string, state: string, code: string) => {
  const run = await runOf(id);
  expect(run.state).toBe(state);
  expect(run.reasons.map((r) => r.code)).toContain(code);
  await nothingCalled(id);
  const [log] = await q<{ user_id: string; comment: string; text: WorklogText }>(`SELECT user_id, comment, text FROM worklogs WHERE application_id = $1 AND action = 'straight_through'`, [id]);
  expect(log.user_id).toBe('system');
  // Keyed (issue 30): the reasons are coded, so a Hindi reader reads every one of them in Hindi.
  expect(log.text.key).toMatch(/^stp(KnockedOut|NotEligible)Log$/);
  expect(renderWorklog(log.text)).toBe(log.comment);
  expect(latinWords(renderWorklog(log.text, 'hi'))).toEqual([]);
  return log.comment;
};

describe(`straight-through eligibility and knock-outs (${dbKind()})`, () => {
  test('too young: knocked out before the bureau, said in the worklog', async () => {
    const { id } = await portalSubmit(t.app, { panNumber: 'ABCDE0201F', dateOfBirth: '01/01/2012' });
    expect(await stoppedFor(id, 'KNOCKED_OUT', 'AGE')).toMatch(/^Straight-through: knocked out before any paid call \(Age 1\d is outside 21–60\); the bureau was not called/);
  });

  test('above the amount band (6 lakh): knocked out', async () => {
    const { id } = await portalSubmit(t.app, { panNumber: 'ABCDE0202F', loanAmount: 600000 });
    await stoppedFor(id, 'KNOCKED_OUT', 'AMOUNT_BAND');
  });

  test('another open submitted application with the same PAN: knocked out', async () => {
    await portalSubmit(t.app, { panNumber: 'ABCDE0100G' }); // REFER: stays open with the officer
    const { id } = await portalSubmit(t.app, { panNumber: 'ABCDE0100G' });
    await stoppedFor(id, 'KNOCKED_OUT', 'OPEN_APPLICATION');
  });

  test('a pin code the product does not serve: knocked out once the policy names the areas served', async () => {
    await t.app.db.query(`UPDATE setup_configs SET config = config || '{"servedPinCodePrefixes": ["56"]}'::jsonb WHERE category = 'Credit' AND sub_category = 'StraightThrough'`);
    try {
      const { id } = await portalSubmit(t.app, { panNumber: 'ABCDE0203F', pinCode: '110001' });
      expect(await stoppedFor(id, 'KNOCKED_OUT', 'PIN_CODE')).toContain('Pin code 110001 is not served');
    } finally {
      await t.app.db.query(`UPDATE setup_configs SET config = config - 'servedPinCodePrefixes' WHERE category = 'Credit' AND sub_category = 'StraightThrough'`);
    }
  });

  test('not eligible: self-employed, or no consent to the bank-statement analysis — the officer\'s, as before', async () => {
    const a = await portalSubmit(t.app, { panNumber: 'ABCDE0204F', employmentType: 'Self-employed' });
    await stoppedFor(a.id, 'NOT_ELIGIBLE', 'EMPLOYMENT_TYPE');
    const b = await portalSubmit(t.app, { panNumber: 'ABCDE0205F' }, { BUREAU_PULL: true });
    await stoppedFor(b.id, 'NOT_ELIGIBLE', 'CONSENT_BANK_STATEMENT');
  });

  test('the bank-statement service keeps failing: retried, then handed to the queue with what was done and why', async () => {
    await t.app.db.query(`DELETE FROM setup_configs WHERE category = 'ExternalAPI' AND sub_category = 'BANK_STATEMENT'`);
    await t.app.db.query(`INSERT INTO setup_configs (category, sub_category, tenant, config) VALUES ('ExternalAPI', 'BANK_STATEMENT', '*', $1::jsonb)`, [JSON.stringify({ mode: 'http', baseUrl: d.url, timeoutMs: 2000, retries: 0, breakerFailures: 100 })]);
    d.behave('/bank-statement', ['error', 'error', 'error', 'error']);
    const { id } = await portalSubmit(t.app, { panNumber: 'ABCDE0206F' });
    let run = await runOf(id);
    for (let i = 0; i < 200 && run.state === 'RUNNING'; i++) {
      await new Promise((r) => setTimeout(r, 50));
      run = await runOf(id);
    }
    expect(run).toMatchObject({ state: 'REFERRED', outcome: null, done: ['Bureau pull'] });
    expect(run.reasons).toEqual([{ code: 'FAILED_BANK_STATEMENT', reason: 'Bank-statement analysis failed: BANK_STATEMENT: Bank statement analysis answered HTTP 503' }]);
    expect(d.hits.get('POST /bank-statement/analysis')).toBe(2); // CREDIT_JOB_MAX_ATTEMPTS
    const [job] = await q<{ state: string; attempts: number }>(`SELECT state, attempts FROM integration_calls WHERE call_id = $1`, [`STP-BANK_STATEMENT-${id}`]);
    expect(job).toEqual({ state: 'FAILED', attempts: 2 });
    const [app] = await q<{ step_name: string; task_progress: string; assigned_team: string | null }>(`SELECT step_name, task_progress, assigned_team FROM applications WHERE application_id = $1`, [id]);
    expect(app.step_name).toBe('Data Entry');
    expect(app.assigned_team).toBeTruthy();
    const [log] = await q<{ comment: string; text: WorklogText }>(`SELECT comment, text FROM worklogs WHERE application_id = $1 AND action = 'straight_through' ORDER BY id DESC LIMIT 1`, [id]);
    expect(log.comment).toMatch(/^Straight-through stopped: Bank-statement analysis failed: .*HTTP 503\. Done: Bureau pull\. Waits for team .+ \(Data Entry\)$/);
    // In Hindi: the step that failed by name (the service's English message stays on the call's events), the team by name.
    expect(renderWorklog(log.text, 'hi')).toMatch(/^स्वचालित प्रक्रिया रुकी: बैंक विवरण विश्लेषण विफल रहा .+। पूरा हुआ: ब्यूरो जाँच। टीम .+ की प्रतीक्षा \(.+\)$/);
    expect(latinWords(renderWorklog(log.text, 'hi'))).toEqual([]);
  }, 20_000);
});
