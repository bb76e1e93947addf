import { createTestApp, type TestApp } from './helpers/test-app';
import { dbKind } from './helpers/test-db';
import { loginAs } from './helpers/login';
import { portalSubmit } from './helpers/stp-submit';
import { renderWorklog, type WorklogText } from '../src/domain/tasks/worklog-text';

/** Latin words that are language (not ids in capitals, not words joined to digits), as the Hindi walk reads them. */
const latinWords = (s: string) => (s.match(/[\p{L}\p{N}_-]+/gu) ?? []).filter((w) => /[a-z]{2,}/.test(w) && !/\d/.test(w));

/**
 * Straight-through processing (issue 29): a submitted personal loan inside the policy runs bureau → bank statement →
 * decision → offer and KFS as jobs of the money-call queue, as the system user; REFER and failures go to the officer.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CREDIT_JOB_POLL_MS: '100' });
}, 180_000);
afterAll(() => t.close());

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await t.app.db.query(sql, params)).rows as T[];
const runOf = (id: string) => q<{ state: string; outcome: string | null; stage: string; reasons: { code: string; reason: string }[]; done: string[] }>(`SELECT state, outcome, stage, reasons, done FROM stp_runs WHERE application_id = $1`, [id]);
/** The applicant's own view: the status route with the application's appRefId. */
async function statusAs(s: { appRefId: string; customer: { headers: Record<string, string> } }, id: string) {
  const r = await t.app.inject({ method: 'GET', url: `/v3/portal/decision-status?application_id=${id}`, headers: { ...s.customer.headers, appRefId: s.appRefId } });
  expect(r.statusCode).toBe(200);
  return r.json().data;
}
async function ended(id: string) {
  for (let i = 0; i < 300; i++) {
    const [r] = await runOf(id);
    if (r && r.state !== 'RUNNING') return r;
    await new Promise((res) => setTimeout(res, 50));
  }
  throw new Error(`run of ${id} did not end`);
}

describe(`straight-through chain (${dbKind()})`, () => {
  test('ABCDE0200F: bureau, bank statement, decision APPROVE, steps completed and the KFS issued, all by the system user', async () => {
    const submitted = await portalSubmit(t.app, { panNumber: 'ABCDE0200F' });
    const { id } = submitted;
    const run = await ended(id);
    const status = await statusAs(submitted, id);
    expect(status).toMatchObject({ stage: 'OFFER', passed: ['CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING'], referralHours: null, offer: { amount: 300000, tenureMonths: 36, kfsState: 'ISSUED' } });
    expect(status.offer.proposalNo).toMatch(new RegExp(`^${id}-K1-`));
    expect(run.reasons).toEqual([]);
    expect(run).toMatchObject({ state: 'DECIDED', outcome: 'APPROVE', stage: 'DONE' });
    expect(run.done).toEqual(['Bureau pull', 'Bank-statement analysis', 'Decision', 'Offer and KFS']);
    // The jobs on the queue, one per step, each confirmed once with its idempotency key.
    const jobs = await q<{ call_id: string; state: string; attempts: number; requested_by: string }>(`SELECT call_id, state, attempts, requested_by FROM integration_calls WHERE application_id = $1 ORDER BY created_at, call_id`, [id]);
    expect(jobs).toEqual([
      { call_id: `STP-BUREAU-${id}`, state: 'CONFIRMED', attempts: 1, requested_by: 'system' },
      { call_id: `STP-BANK_STATEMENT-${id}`, state: 'CONFIRMED', attempts: 1, requested_by: 'system' },
      { call_id: `STP-DECISION-${id}`, state: 'CONFIRMED', attempts: 1, requested_by: 'system' },
      { call_id: `STP-OFFER-${id}`, state: 'CONFIRMED', attempts: 1, requested_by: 'system' },
    ]);
    const reports = await q<{ kind: string; created_by: string }>(`SELECT kind, created_by FROM credit_reports WHERE application_id = $1 ORDER BY id`, [id]);
    expect(reports).toEqual([{ kind: 'BUREAU', created_by: 'system' }, { kind: 'BANK_STATEMENT', created_by: 'system' }, { kind: 'DECISION', created_by: 'system' }]);
    // The worklog names the system for every step; the steps the policy covers are completed with validations.
    const log = await q<{ user_id: string; action: string; comment: string; text: WorklogText | null }>(`SELECT user_id, action, comment, text FROM worklogs WHERE application_id = $1 AND user_id = 'system' ORDER BY id`, [id]);
    // Keyed, every one of the chain's own entries (issue 30): read in Hindi with no English word.
    const chain = log.filter((l) => l.action === 'straight_through' || l.action === 'complete_step/system');
    expect(chain.filter((l) => !l.text)).toEqual([]);
    expect(chain.map((l) => [l.comment, latinWords(renderWorklog(l.text!, 'hi'))])).toEqual(chain.map((l) => [l.comment, []]));
    expect(log.map((l) => l.action)).toEqual(expect.arrayContaining(['straight_through', 'cibil_obligation', 'perfios_transaction', 'decision_engine_execute', 'complete_step/system']));
    expect(log.filter((l) => l.action === 'complete_step/system').map((l) => l.comment)).toEqual([
      'Step Data Entry completed after the mandatory checks (straight-through)', 'Step Credit Review completed after the mandatory checks (straight-through)',
    ]);
    const [app] = await q<{ step_name: string; status: string }>(`SELECT step_name, status FROM applications WHERE application_id = $1`, [id]);
    expect(app).toEqual({ step_name: 'Approval', status: 'ACTIVE' });
    const kfs = await q<{ status: string; issued_by: string }>(`SELECT status, issued_by FROM kfs_statements WHERE application_id = $1`, [id]);
    expect(kfs).toEqual([{ status: 'ISSUED', issued_by: 'system' }]);
    const audit = await q(`SELECT 1 FROM audits WHERE application_id = $1 AND user_id = 'system' AND action = 'complete_step/system' AND field_key = 'task.progress'`, [id]);
    expect(audit.length).toBe(2);
  });

  test('ABCDE0100F: REFER hands over to the branch queue with what was done and why it stopped', async () => {
    const submitted = await portalSubmit(t.app, { panNumber: 'ABCDE0100F' });
    const { id } = submitted;
    const run = await ended(id);
    // The applicant: an officer will review it, within the policy's time; nothing of the rules or the score.
    const status = await statusAs(submitted, id);
    expect(status).toEqual({ stage: 'REVIEW', passed: ['CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING'], referralHours: 4, offer: null });
    expect(run).toMatchObject({ state: 'REFERRED', outcome: 'REFER' });
    expect(run.reasons.map((r) => r.code)).toContain('BUREAU_SCORE');
    const [app] = await q<{ step_name: string; status: string; assigned_team: string; task_progress: string }>(`SELECT step_name, status, assigned_team, task_progress FROM applications WHERE application_id = $1`, [id]);
    expect(app).toMatchObject({ step_name: 'Data Entry', status: 'ACTIVE', task_progress: 'Pending' });
    expect(app.assigned_team).toBeTruthy(); // a holder: the team's queue
    const [last] = await q<{ comment: string; text: WorklogText }>(`SELECT comment, text FROM worklogs WHERE application_id = $1 AND action = 'straight_through' ORDER BY id DESC LIMIT 1`, [id]);
    // In Hindi the engine's failed rules by their labels (its own English reasons stay in the English sentence).
    expect(renderWorklog(last.text, 'hi')).toMatch(/^स्वचालित प्रक्रिया रुकी \(अधिकारी को भेजा\): नियम पूरा नहीं हुआ: .+। पूरा हुआ: ब्यूरो जाँच, बैंक विवरण विश्लेषण, निर्णय। टीम .+ की प्रतीक्षा \(.+\)$/);
    expect(latinWords(renderWorklog(last.text, 'hi'))).toEqual([]);
    expect(last.comment).toMatch(/^Straight-through stopped \(REFER\): .*Bureau score 650.*Done: Bureau pull, Bank-statement analysis, Decision\. Waits for team .+ \(Data Entry\)$/);
    // The team is told, in its members' language (a text key, no internal reason).
    const told = await q<{ n: number }>(`SELECT count(*)::int AS n FROM notifications WHERE text->>'key' = 'stpStopped' AND text->'params'->>'app' = $1`, [id]);
    expect(told[0].n).toBeGreaterThan(0);
    // The officer finds it in the queue with the completed checks on the Credit tab.
    const cpa1 = await loginAs(t.app, 'cpa1');
    const review = await t.app.inject({ method: 'GET', url: `/integration/review/${id}`, headers: cpa1.headers });
    expect(review.statusCode).toBe(200);
    expect(review.json().data.calls).toEqual([]); // the chain's jobs are not money calls
  });

  test('ABCDE0050F: DECLINE is final unattended with the configured reason, and the letter is filed', async () => {
    const submitted = await portalSubmit(t.app, { panNumber: 'ABCDE0050F' });
    const { id } = submitted;
    const run = await ended(id);
    expect((await statusAs(submitted, id)).stage).toBe('DECLINED');
    expect(run).toMatchObject({ state: 'DECIDED', outcome: 'DECLINE' });
    const [app] = await q<{ status: string; rejection: { reasonCode: string; by: string } }>(`SELECT status, doc->'rejection' AS rejection FROM applications WHERE application_id = $1`, [id]);
    expect(app).toMatchObject({ status: 'REJECTED', rejection: { reasonCode: 'POOR_CREDIT_HISTORY', by: 'system' } });
    const [rejected] = await q<{ comment: string; text: WorklogText }>(`SELECT comment, text FROM worklogs WHERE application_id = $1 AND action = 'reject'`, [id]);
    expect(rejected.comment).toMatch(/^Rejected \(.+\) by straight-through processing: .+/);
    expect(rejected.text.key).toBe('stpRejectedLog');
    expect(latinWords(renderWorklog(rejected.text, 'hi'))).toEqual([]);
    for (let i = 0; i < 100 && !(await q(`SELECT 1 FROM documents WHERE application_id = $1 AND doc_type = 'DECLINE_LETTER'`, [id])).length; i++) await new Promise((r) => setTimeout(r, 50));
    expect(await q(`SELECT 1 FROM documents WHERE application_id = $1 AND doc_type = 'DECLINE_LETTER'`, [id])).toHaveLength(1);
  });
});
