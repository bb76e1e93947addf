import type { Db, Queryable } from '../../db/db';
import type { Notifier } from '../../adapters/notify';
import type { BlobStore } from '../documents/storage';
import { notify, type Notice } from '../applications/notify';
import { findApplication } from '../applications/row';
import { addEvent, type CallRow } from '../credit/calls';
import { analyseBankStatement, pullBureau, runDecision } from '../credit/review';
import { sendDeclineLetter } from '../decline/letter';
import { HttpError } from '../errors';
import { issueKfs } from '../kfs/store';
import { publishNotifications } from '../notifications/bus';
import type { NotificationRow } from '../notifications/notifications';
import { standingConsents } from '../consent/records';
import { currentTask } from '../lifecycle/tasks';
import type { WorklogText } from '../tasks/worklog-text';
import { policyOf, storedStops, type Stop } from './policy';
import { englishNote, enqueueJob, logStp, reasonList, runOf, STAGE_OF, STAGE_OF_LABEL, STEP_LABEL, STP_USER, type StpOperation, type StpRunRow } from './run';
import { completeCoveredSteps, declineBySystem } from './steps';

export interface StpDeps {
  db: Db;
  tenant: string;
  files: BlobStore;
  notifier: Notifier;
  maxAttempts: number;
  log?: (msg: string) => void;
}

interface DecisionSummary {
  outcome: 'APPROVE' | 'REFER' | 'DECLINE';
  rules: { rule: string; passed: boolean; effect: string; reason: string }[];
}

/** A step's result, or why it failed: `retry` when another attempt may succeed (no answer, a concurrent change). */
type StepResult = { ok: true; note: WorklogText; decision?: DecisionSummary } | { ok: false; retry: boolean; reason: string };

/** The latest report of a kind filed since the run began: a step whose result is already filed is not called again. */
async function filedSince(q: Queryable, applicationId: string, kind: string, since: Date | string) {
  const { rows } = await q.query<{ summary: Record<string, unknown> }>(
    `SELECT summary FROM credit_reports WHERE application_id = $1 AND kind = $2 AND created_at >= $3 ORDER BY id DESC LIMIT 1`,
    [applicationId, kind, since],
  );
  return rows[0]?.summary ?? null;
}

/** Runs one step as the system user through the Credit tab's own domain functions (same consent gate, filing, audit). */
async function runStep(d: StpDeps, call: CallRow, run: StpRunRow): Promise<StepResult> {
  const id = call.application_id;
  const ctx = { db: d.db, user: STP_USER, tenant: d.tenant, log: { warn: (o: Record<string, unknown>, m: string) => d.log?.(`${m}: ${JSON.stringify(o)}`) } };
  // A concurrent change (the applicant, an officer) moves verNum: read it again and try at once, a few times.
  for (let tries = 0; ; tries++) {
    const app = await findApplication(d.db, id);
    const t = { application_id: id, verNum: app.ver_num };
    try {
      switch (call.operation as StpOperation) {
        case 'STP_BUREAU':
          if (await filedSince(d.db, id, 'BUREAU', run.submitted_at)) return { ok: true, note: { key: 'stpNoteBureauFiled', params: {} } };
          return { ok: true, note: { key: 'stpNoteScore', params: { score: (await pullBureau(ctx, t)).data.score } } };
        case 'STP_BANK_STATEMENT':
          if (await filedSince(d.db, id, 'BANK_STATEMENT', run.submitted_at)) return { ok: true, note: { key: 'stpNoteBankStatementFiled', params: {} } };
          return { ok: true, note: { key: 'stpNoteBounces', params: { bounces: (await analyseBankStatement(ctx, t)).data.bounces } } };
        case 'STP_DECISION': {
          const before = (await filedSince(d.db, id, 'DECISION', run.submitted_at)) as unknown as DecisionSummary | null;
          if (before) return { ok: true, note: { key: 'stpNoteDecisionFiled', params: { outcome: before.outcome }, terms: { outcome: 'stpOutcome' } }, decision: before };
          const policy = await policyOf(d.db, d.tenant, app.product_code);
          const r = await runDecision(ctx, { ...t, a: policy?.engine.ruleSet ?? app.product_code, b: policy?.engine.policy ?? 'CREDIT_POLICY' });
          return { ok: true, note: { key: 'stpNoteDecision', params: { outcome: r.data.outcome }, terms: { outcome: 'stpOutcome' } }, decision: { outcome: r.data.outcome, rules: r.data.rules } };
        }
        case 'STP_OFFER': {
          const { rows } = await d.db.query(`SELECT 1 FROM kfs_statements WHERE application_id = $1 AND issued_at >= $2 LIMIT 1`, [id, run.submitted_at]);
          if (rows.length) return { ok: true, note: { key: 'stpNoteKfsFiled', params: {} } };
          const lang = (await standingConsents(d.db, id)).filter((c) => c.applicantType === 'primary').sort((a, b) => b.at.localeCompare(a.at))[0]?.lang === 'hi' ? 'hi' : 'en';
          const kfs = await issueKfs({ db: d.db, store: d.files, user: STP_USER, app }, lang);
          return { ok: true, note: { key: 'stpNoteKfsIssued', params: { proposalNo: kfs.proposalNo, lang }, terms: { lang: 'stpLanguage' } } };
        }
      }
    } catch (e) {
      if (!(e instanceof HttpError)) return { ok: false, retry: true, reason: (e as Error).message };
      const item = (e.body.data as { label?: string; reason?: string }[] | undefined)?.[0];
      const reason = item ? `${item.label}: ${item.reason}` : e.message;
      if (e.statusCode === 409 && tries < 3) continue;
      // 424: the external system gave no answer (timeout, 5xx, circuit open): worth another attempt. A refusal (400:
      // consent withdrawn, no income, application no longer ACTIVE) will not change by itself: the officer's.
      return { ok: false, retry: e.statusCode === 424 || e.statusCode === 409, reason };
    }
    return { ok: false, retry: false, reason: `unknown step ${call.operation}` };
  }
}

/**
 * The runner's handler of a straight-through job (domain/credit/runner.ts `jobs`): the step runs, then ONE
 * transaction — fenced on the job being still SENT with this attempt, as a money call's outcome — records the job's
 * outcome, moves the run, and queues the next step or ends the chain. So a crash at any point leaves either the job
 * to resume (its step looks for what it filed before calling again) or the next job queued: never a chain half-way
 * with nobody on it.
 */
export function stpJobHandler(d: StpDeps) {
  return async (call: CallRow): Promise<void> => {
    const run = await runOf(d.db, call.application_id);
    const result: StepResult = run && run.state === 'RUNNING' ? await runStep(d, call, run) : { ok: false, retry: false, reason: 'the run was already ended' };
    let written: NotificationRow[] = [];
    let declined = false;
    await d.db.transaction(async (tx) => {
      const at = new Date();
      const app = await findApplication(tx, call.application_id, true);
      const giveUp = !result.ok && (!result.retry || call.attempts >= d.maxAttempts);
      const state = result.ok ? 'CONFIRMED' : giveUp ? 'FAILED' : 'QUEUED';
      const backoff = Math.min(60000, 1000 * 2 ** (call.attempts - 1));
      const { rows } = await tx.query(
        `UPDATE integration_calls SET state = $3, reason = $4, run_after = $5, lease_until = NULL, updated_at = $6
          WHERE call_id = $1 AND state = 'SENT' AND attempts = $2 RETURNING call_id`,
        [call.call_id, call.attempts, state, result.ok ? null : result.reason.slice(0, 1000), new Date(at.getTime() + (state === 'QUEUED' ? backoff : 0)), at],
      );
      if (!rows.length) return; // another runner took the job over: its outcome stands
      const label = STEP_LABEL[STAGE_OF[call.operation as StpOperation]];
      await addEvent(tx, call.call_id, state === 'CONFIRMED' ? 'CONFIRMED' : 'FAILED', result.ok ? englishNote(result.note) : `${result.reason}${state === 'QUEUED' ? `; next attempt in ${Math.round(backoff / 1000)} s` : ''}`, 'system', at);
      const live = await runOf(tx, call.application_id, true);
      if (!live || live.state !== 'RUNNING' || state === 'QUEUED') return;
      const notices: Notice[] = [];
      const done = [...live.done, ...(result.ok ? [label] : [])];
      const end = async (runState: StpRunRow['state'], outcome: StpRunRow['outcome'], reasons: Stop[], decided: boolean) => {
        await tx.query(
          `UPDATE stp_runs SET state = $2, stage = 'DONE', outcome = coalesce($3, outcome), reasons = $4::jsonb, done = $5::jsonb, decided_at = CASE WHEN $6 THEN coalesce(decided_at, $7) ELSE decided_at END, ended_at = $7
            WHERE application_id = $1`,
          [call.application_id, runState, outcome, JSON.stringify(storedStops(reasons)), JSON.stringify(done), decided, at],
        );
      };
      const handOver = async (outcome: StpRunRow['outcome'], reasons: Stop[]) => {
        await end('REFERRED', outcome, reasons, outcome === 'REFER');
        const task = await currentTask(tx, app.cur_task_id);
        const holder: WorklogText = task?.assigned_to ? { key: 'holderUser', params: { user: task.assigned_to } } : task ? { key: 'holderTeam', params: { team: task.assigned_team[0] } } : { key: 'stpNobody', params: {} };
        await logStp(tx, app, {
          key: outcome ? 'stpStoppedOutcomeLog' : 'stpStoppedLog', params: { outcome: outcome ?? '', step: task?.step_name ?? '' },
          terms: { outcome: 'stpOutcome' },
          parts: { holder, ...(task ? {} : { step: { key: 'stpNoStep', params: {} } }), ...(done.length ? {} : { done: { key: 'stpNothing', params: {} } }) },
          lists: { reasons: reasonList(reasons), ...(done.length ? { done: { join: ', ', items: done.map((l) => ({ key: 'stpStepTerm', params: { stage: STAGE_OF_LABEL[l] ?? l }, terms: { stage: 'stpStep' } })) } } : {}) },
        }, { state: 'REFERRED', outcome, reasons: storedStops(reasons), done }, at);
        // Told in their language; why it stopped is in the worklog (a notice carries no internal reason).
        const text = { key: 'stpStopped' as const, params: { actor: 'system', app: app.application_id, step: task?.step_name ?? '' } };
        if (task?.assigned_to) notices.push({ user: task.assigned_to, type: 'ASSIGNED', event: 'AssignedToUser', text });
        else if (task) notices.push({ team: task.assigned_team[0], type: 'TEAM', event: 'AssignedToTeam', text });
      };
      const op = call.operation as string as StpOperation;
      if (!result.ok) await handOver(null, [{ code: `FAILED_${STAGE_OF[call.operation as StpOperation]}`, reason: `${label} failed: ${result.reason}`, text: { key: 'stpReasonStepFailed', params: { stage: STAGE_OF[call.operation as StpOperation], reason: result.reason }, terms: { stage: 'stpStep' } } }]);
      else if (op === 'STP_BUREAU' || op === 'STP_BANK_STATEMENT') {
        const next: StpOperation = op === 'STP_BUREAU' ? 'STP_BANK_STATEMENT' : 'STP_DECISION';
        await tx.query(`UPDATE stp_runs SET stage = $2, done = $3::jsonb WHERE application_id = $1`, [call.application_id, STAGE_OF[next], JSON.stringify(done)]);
        await enqueueJob(tx, call.application_id, next, at);
        await logStp(tx, app, { key: 'stpStepDoneLog', params: { stage: STAGE_OF[op], next: STAGE_OF[next] }, terms: { stage: 'stpStep', next: 'stpStep' }, parts: { note: result.note } }, { step: label, note: englishNote(result.note) }, at);
      } else if (op === 'STP_DECISION') {
        const decision = result.decision!;
        const policy = await policyOf(tx, d.tenant, app.product_code);
        const failed = decision.rules.filter((r) => !r.passed);
        const ruleReasons: Stop[] = failed.map((r) => ({ code: r.rule, reason: r.reason, text: { key: 'stpReasonRule', params: { rule: r.rule, reason: r.reason }, labels: { rule: 'decisionRule' } } }));
        if (decision.outcome === 'APPROVE' && policy?.unattended.includes('APPROVE')) {
          const steps = await completeCoveredSteps(tx, app.application_id, policy.completeSteps, at);
          notices.push(...steps.notices);
          if (steps.stopped.length) await handOver('APPROVE', steps.stopped.map((s) => ({ code: 'STEP_NOT_COMPLETED', reason: englishNote(s), text: s })));
          else {
            await tx.query(`UPDATE stp_runs SET stage = 'OFFER', outcome = 'APPROVE', decided_at = $2, done = $3::jsonb WHERE application_id = $1`, [app.application_id, at, JSON.stringify(done)]);
            await enqueueJob(tx, app.application_id, 'STP_OFFER', at);
            await logStp(tx, app, steps.completed.length
              ? { key: 'stpApprovedStepsLog', params: {}, lists: { steps: { join: ', ', items: steps.completed.map((step) => ({ key: 'stpStepName', params: { step } })) } } }
              : { key: 'stpApprovedLog', params: {} }, { outcome: 'APPROVE', completed: steps.completed }, at);
          }
        } else if (decision.outcome === 'DECLINE' && policy?.unattended.includes('DECLINE')) {
          notices.push(...(await declineBySystem(tx, await findApplication(tx, app.application_id, true), failed.filter((r) => r.effect === 'DECLINE').map((r) => r.rule), ruleReasons, at)));
          await end('DECIDED', 'DECLINE', ruleReasons, true);
          declined = true;
        } else {
          await handOver(decision.outcome, decision.outcome === 'REFER' ? ruleReasons : [{ code: `POLICY_${decision.outcome}`, reason: `The policy keeps a ${decision.outcome} for the officer`, text: { key: 'stpReasonPolicyKeeps', params: { outcome: decision.outcome }, terms: { outcome: 'stpOutcome' } } }, ...ruleReasons]);
        }
      } else {
        await end('DECIDED', 'APPROVE', [], true);
        await logStp(tx, app, { key: 'stpOfferShownLog', params: {}, parts: { note: result.note } }, { state: 'DECIDED', note: englishNote(result.note) }, at);
      }
      written = await notify(tx, app.application_id, 'system', notices, at);
    });
    publishNotifications(d.db, written);
    // The decline letter after the commit, as a person's decline (decline/letter.ts): a failure is logged, not undone.
    if (declined) await sendDeclineLetter(d.db, d.files, d.notifier, STP_USER, call.application_id).catch((e: Error) => d.log?.(`decline letter of ${call.application_id}: ${e.message}`));
  };
}
